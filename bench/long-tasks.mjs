#!/usr/bin/env node
// Where the main thread's time goes on first load: a Chromium trace of one page
// of each kind with the CPU slowed 4x (Lighthouse's mobile factor), listing
// every task of 50 ms or more after first contentful paint, what it spent its
// time on, and the blocking time they add up to (the part of each over 50 ms).
// Lighthouse's TBT is a simulation from a similar trace; this shows the tasks.
//
// Needs `npm run build` first.
// Usage: node bench/long-tasks.mjs [--dir build] [--runs N] [--tasks] [page kind...]
// Per page: the median over the runs of the blocking time and of the main
// thread's busy time after first contentful paint; --tasks lists each run's tasks.
import { chromium } from "@playwright/test";
import { benchArgs, median, pages } from "./page-kinds.mjs";
import { startStaticServer } from "./static-server.mjs";

const {
  dir,
  runs,
  flags: { "--tasks": listTasks },
  kinds,
} = benchArgs(process.argv, ["--tasks"]);

// Trace events that name what a task did, and how to label them.
const label = (event) => {
  const data = event.args?.data ?? {};
  const file = (data.url || data.stackTrace?.[0]?.url || "").split("/").pop();
  switch (event.name) {
    case "EvaluateScript":
    case "v8.compile":
    case "v8.compileModule":
    case "FunctionCall":
      return `${event.name === "FunctionCall" ? "call" : "script"} ${file || "(inline)"}`;
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "Commit":
      return "paint";
    case "ParseAuthorStyleSheet":
      return "parse CSS";
    case "TimerFire":
      return "timer";
    case "FireAnimationFrame":
      return "animation frame";
    case "EventDispatch":
      return `event ${data.type ?? ""}`;
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
      return "GC";
    default:
      return null;
  }
};

const { server, url } = await startStaticServer({ dir });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-quic", "--no-first-run", "--disable-background-networking"],
});
try {
  for (const kind of kinds) {
    const blockingRuns = [];
    const busyRuns = [];
    const breakdown = new Map();
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const events = [];
      cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
      const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.start", {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "v8",
          "blink.user_timing",
          "loading",
        ].join(","),
        transferMode: "ReportEvents",
      });
      await page.goto(`${url}${pages[kind]}`, { waitUntil: "load" });
      await page.waitForTimeout(4000);
      await cdp.send("Tracing.end");
      await done;
      await context.close();

      const renderer = events.find(
        (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain",
      );
      const main = events.filter(
        (e) => e.pid === renderer.pid && e.tid === renderer.tid && e.ph === "X",
      );
      const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
      const allTasks = main.filter((e) => e.name === "RunTask" && e.ts + e.dur > fcp);
      const busy = allTasks.reduce((sum, task) => sum + task.dur / 1000, 0);
      const tasks = main.filter((e) => e.name === "RunTask" && e.dur >= 50_000);
      let blocking = 0;
      const lines = [];
      // Self time by label inside a task: an event's time minus that of the labelled
      // events directly inside it.
      const selfTimes = (task) => {
        const end = task.ts + task.dur;
        const labelled = main.filter(
          (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && label(e),
        );
        const totals = new Map();
        for (const e of labelled) {
          const nested = labelled.filter(
            (o) => o !== e && o.ts >= e.ts && o.ts + o.dur <= e.ts + e.dur,
          );
          const direct = nested.filter(
            (o) => !nested.some((p) => p !== o && p.ts <= o.ts && p.ts + p.dur >= o.ts + o.dur),
          );
          const self = e.dur - direct.reduce((sum, o) => sum + o.dur, 0);
          totals.set(label(e), (totals.get(label(e)) ?? 0) + self);
        }
        return totals;
      };
      for (const task of allTasks) {
        for (const [name, us] of selfTimes(task)) {
          breakdown.set(name, (breakdown.get(name) ?? 0) + us / 1000 / runs);
        }
      }
      for (const task of tasks) {
        const totals = selfTimes(task);
        const parts = [...totals]
          .filter(([, us]) => us >= 3000)
          .sort((a, b) => b[1] - a[1])
          .map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
          .join(", ");
        const afterFcp = task.ts + task.dur > fcp;
        if (afterFcp) blocking += Math.max(0, task.dur / 1000 - 50);
        lines.push(
          `  ${afterFcp ? " " : "*"} ${String(Math.round((task.ts - events[0].ts) / 1000)).padStart(5)} ms  ${String(Math.round(task.dur / 1000)).padStart(4)} ms  ${parts}`,
        );
      }
      blockingRuns.push(blocking);
      busyRuns.push(busy);
      if (listTasks) {
        console.log(
          `${kind}, run ${run + 1}: blocking ${Math.round(blocking)} ms, busy ${Math.round(busy)} ms (* = before FCP)`,
        );
        for (const line of lines) console.log(line);
      }
    }
    console.log(
      `${kind.padEnd(10)} blocking ${String(Math.round(median(blockingRuns))).padStart(5)} ms  busy after FCP ${String(Math.round(median(busyRuns))).padStart(5)} ms  (median of ${runs}; blocking runs ${blockingRuns.map(Math.round).join(" ")})`,
    );
    console.log(
      `           busy after FCP, mean ms: ${[...breakdown]
        .filter(([, ms]) => ms >= 10)
        .sort((a, b) => b[1] - a[1])
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
        .join(", ")}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
