import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NormForm } from "../../src/components/norms/NormCalculatorLive";
import { contentNeededIn, normYear } from "../../src/components/norms/nl";
import type { CalculatorInput, NormKind } from "../../src/components/norms/types";

// The norm calculators' form as the reader first sees it for a given input (a shared
// link restores exactly this state). Figures from reference/nl-2025 and nl-2026 by hand.

const y2025 = normYear(2025);
const y2026 = normYear(2026);

const field = (patch: Partial<CalculatorInput> = {}): CalculatorInput => ({
  cropId: "nl_265",
  sown: "2025-03-01",
  region: "klei",
  nv: false,
  gwbg: false,
  natura2000: false,
  derogatievrij: false,
  derogation: false,
  grazing: true,
  pCaCl2: "2.0",
  pAl: "40",
  variety: "",
  teeltwijze: "",
  applications: [],
  ...patch,
});

const row = (patch: Partial<CalculatorInput["applications"][number]>) => ({
  fertilizerId: "",
  amount: "",
  date: "2025-04-01",
  origin: "",
  n: "",
  p: "",
  ...patch,
});

const render = (norm: NormKind, input: CalculatorInput, year = 2025) =>
  renderToStaticMarkup(
    <NormForm norm={norm} year={year} data={year === 2025 ? y2025 : y2026} initial={input} />,
  );

/** The visible text of the markup: tags dropped, entities of the texts used here decoded. */
const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The markup of the application rows, in order. */
const rows = (html: string) =>
  html.match(/<fieldset[^>]*data-testid="application-row"[\s\S]*?<\/fieldset>/g) ?? [];

const slurry = row({ fertilizerId: "rvo_14", amount: "25000", date: "2025-03-15" });
const kunstmest = row({ fertilizerId: "rvo_115", amount: "200", n: "270" });

describe("the filling: an incomplete row is marked on itself", () => {
  const html = render("stikstof", field({ applications: [slurry, kunstmest] }));
  const [first = "", second = ""] = rows(html);

  it("keeps the norm: grazed permanent grassland on klei is 345 kg N/ha", () => {
    // stikstof-norms-2025.csv row 1: Grasland, beweiden, klei 345.
    expect(html).toContain('<strong data-testid="norm-value">345</strong>');
  });

  it("marks the slurry without Herkomst, naming what is missing, and its select", () => {
    expect(first).toContain('data-incomplete="true"');
    expect(text(first)).toContain(
      "Application 1 is incomplete and not counted: Choose its Herkomst (origin): the werkingscoëfficiënt of mestcode 14 (Rundvee - Drijfmest behalve van vleeskalveren) in Table 9 depends on it.",
    );
    const problemId = /<p id="([^"]+)"/.exec(first)?.[1];
    expect(problemId).toMatch(/problem$/);
    const origin = /<select[^>]*-0-o"[^>]*>/.exec(first)?.[0] ?? "";
    expect(origin).toContain('aria-invalid="true"');
    expect(origin).toContain(`aria-describedby="${problemId}"`);
    expect(first).toContain('<option value="" selected="">Not given</option>');
  });

  it("counts the other row: 200 kg/ha of kunstmest at 270 kg N/ton is 54 kg N/ha", () => {
    expect(second).not.toContain("data-incomplete");
    // 200 × 270 / 1000 × 100% (kunstmest is in no Table-9 category) = 54.
    expect(html).toContain('<strong data-testid="filling-value">54</strong>');
    expect(text(html)).toContain("Filling (complete applications only): 54 kg N/ha of 345");
    expect(text(html)).toContain(
      "Application 2: 200 kg/ha × 270 kg N/ton (measured) × mestcode 115 is in no Table-9 category: 100% = 54 kg effective N/ha",
    );
    expect(text(html)).toContain(
      "1 application gives 54 kg effective N/ha: amount × N content × werkingscoëfficiënt (Table 9)",
    );
  });

  it("says the incomplete row once: the notice, and no line of its own in the list", () => {
    const said = text(html).match(/Application 1 is incomplete and not counted/g) ?? [];
    // Once on the row (with what is missing), once in the result (pointing at the form).
    expect(said).toHaveLength(2);
    expect(text(html)).toContain("Application 1 is incomplete and not counted: see the form.");
    expect(text(html)).not.toContain("incomplete, not counted");
    expect(text(html)).not.toContain("Application 1: ");
    expect(text(html)).not.toContain("application(s)");
  });

  it("with no row counted says so, not '0 application(s) give 0 kg'", () => {
    const none = text(render("stikstof", field({ applications: [slurry] })));
    expect(none).toContain("Filling (complete applications only): 0 kg N/ha of 345");
    expect(none).toContain("No application counted yet.");
    expect(none).toContain("Application 1 is incomplete and not counted: see the form.");
    expect(none).not.toMatch(/0 application|incomplete, not counted|Application 1: /);
    const empty = text(render("stikstof", field()));
    expect(empty).toContain("Filling: 0 kg N/ha of 345");
    expect(empty).toContain("No application counted yet.");
    expect(empty).not.toContain("application(s)");
  });

  it("two counted rows are 'applications', not 'application(s)'", () => {
    const both = text(
      render("stikstof", field({ applications: [{ ...slurry, origin: "aangevoerd" }, kunstmest] })),
    );
    expect(both).toContain("2 applications give 114 kg effective N/ha");
  });

  it("writes the amount's bound as the pages write numbers: 200,000", () => {
    const html = render("stikstof", field({ applications: [{ ...kunstmest, amount: "300000" }] }));
    expect(text(rows(html)[0] ?? "")).toContain(
      "Application 1 is incomplete and not counted: Its amount must be from 0 to 200,000 kg/ha",
    );
    expect(html).not.toContain("200000 kg/ha");
  });

  it("never doubles the word", () => {
    expect(text(html).toLowerCase()).not.toContain("application application");
  });

  it("with the Herkomst given, both count: 25 t aangevoerd slurry at 60% adds 60", () => {
    const both = render(
      "stikstof",
      field({ applications: [{ ...slurry, origin: "aangevoerd" }, kunstmest] }),
    );
    expect(rows(both).join("")).not.toContain("data-incomplete");
    // 25000 × 4 (forfaitair, Table 11) / 1000 × 0.6 (Table 9, aangevoerd) = 60; + 54 = 114.
    expect(both).toContain('<strong data-testid="filling-value">114</strong>');
    expect(text(both)).toContain("Filling: 114 kg N/ha of 345");
    expect(text(both)).toContain("25000 kg/ha × 4 kg N/ton (forfaitair)");
  });
});

describe("kunstmest (mestcode 115) has an N and a P2O5 content field", () => {
  it("without a content it is marked, not counted as 0 'not declared'", () => {
    const html = render("stikstof", field({ applications: [{ ...kunstmest, n: "" }] }));
    const [only = ""] = rows(html);
    expect(only).toContain('data-incomplete="true"');
    expect(text(only)).toContain(
      "Give its N content in kg N/ton: Table 11 has no forfaitaire content for mestcode 115 (Kunstmest), so the declared or analysed one counts.",
    );
    expect(only).toMatch(/<input[^>]*id="[^"]+-0-c"[^>]*max="1000"[^>]*aria-invalid="true"/);
    expect(text(only)).toContain("N content (kg N/ton)");
    expect(html).not.toContain("not declared");
    expect(html).toContain('<strong data-testid="norm-value">345</strong>');
  });

  it("on the fosfaat norm it asks P2O5: 100 kg/ha at 450 kg P2O5/ton is 45, slurry adds 37.5", () => {
    const html = render(
      "fosfaat",
      field({
        pCaCl2: "0.5",
        pAl: "15",
        applications: [
          row({ fertilizerId: "rvo_115", amount: "100", p: "450" }),
          { ...slurry, origin: "" },
        ],
      }),
    );
    // fosfaat-norms-2025.csv: grasland, P-CaCl2 <= 0.7, P-AL <= 20: Arm, 120.
    expect(html).toContain('<strong data-testid="norm-value">120</strong>');
    expect(text(html)).toContain("P2O5 content (kg P2O5/ton)");
    // 100 × 450 / 1000 = 45; 25000 × 1.5 (forfaitair) / 1000 = 37.5; no organic-rich products: 82.5.
    expect(html).toContain('<strong data-testid="filling-value">82.5</strong>');
    expect(text(html)).toContain("25000 kg/ha × 1.5 kg P2O5/ton (forfaitair) = 37.5 kg P2O5/ha");
    // The fosfaat norm does not ask the Herkomst: the slurry row is complete.
    expect(html).not.toContain("data-incomplete");
  });

  it("bounds the content: 1200 kg N/ton is refused on the row", () => {
    const html = render("stikstof", field({ applications: [{ ...kunstmest, n: "1200" }] }));
    const [only = ""] = rows(html);
    expect(only).toContain('data-incomplete="true"');
    expect(text(only)).toContain(
      "Application 1 is incomplete and not counted: Its N content must be a number from 0 to 1000 kg/ton: a kilogram holds at most 1,000 g",
    );
    expect(html).toContain('<strong data-testid="norm-value">345</strong>');
  });
});

describe("RENURE 2026: a product without a forfaitaire content asks its N content", () => {
  const renure = row({ fertilizerId: "rvo_132", amount: "500", date: "2026-06-15" });
  it("marks the row and keeps the norm of 80", () => {
    const html = render("renure", field({ sown: "2026-03-01", applications: [renure] }), 2026);
    // renure-2026.csv priority 1: 80 kg N/ha.
    expect(html).toContain('<strong data-testid="norm-value">80</strong>');
    expect(text(rows(html)[0] ?? "")).toContain(
      "Give its N content in kg N/ton: Table 11 has no forfaitaire content for mestcode 132 (Mineralenconcentraat (Renure))",
    );
  });
  it("500 kg/ha at 90 kg N/ton fills 45", () => {
    const html = render(
      "renure",
      field({ sown: "2026-03-01", applications: [{ ...renure, n: "90" }] }),
      2026,
    );
    // 500 × 90 / 1000 = 45.
    expect(html).toContain('<strong data-testid="filling-value">45</strong>');
  });
});

describe("which products fill the RENURE norm comes from the calculator's year", () => {
  const choice = (id: string) => {
    const found = y2026.fertilizers.find((f) => f.id === id);
    if (!found) throw new Error(`no product ${id}`);
    return found;
  };
  it("2026: the RENURE products 130–134 of Table 11 ask their N, others do not count", () => {
    const asked = y2026.fertilizers
      .filter((f) => y2026.contentNeeded("renure", f) === "n")
      .map((f) => f.code);
    expect(asked).toEqual([130, 131, 132, 133, 134]);
    // Mineralenconcentraat (120) is no RENURE product; its RENURE namesake (132) is.
    expect(y2026.contentNeeded("renure", choice("rvo_120"))).toBeNull();
  });
  it("2025 has no RENURE norm: no product fills one", () => {
    expect(y2025.kinds).not.toContain("renure");
    expect(y2025.fertilizers.filter((f) => y2025.contentNeeded("renure", f) !== null)).toEqual([]);
  });
  it("a year's list, not a range of codes: a list of 131 alone leaves 130 and 132 out", () => {
    const only131 = contentNeededIn([131]);
    expect(["rvo_130", "rvo_131", "rvo_132"].map((id) => only131("renure", choice(id)))).toEqual([
      null,
      "n",
      null,
    ]);
    // The other norms do not depend on the list.
    expect(only131("dierlijke-mest", choice("rvo_14"))).toBe("n");
    expect(only131("fosfaat", choice("rvo_130"))).toBe("p2o5");
  });
});

describe("the crop field never shows a result for a crop the reader did not give", () => {
  it("shows the chosen crop by its label", () => {
    const html = render("stikstof", field());
    expect(html).toMatch(/<input[^>]*value="265 Grasland, blijvend"/);
    expect(text(html)).toContain("Calculating for: 265 Grasland, blijvend");
  });

  it("'gras' is no crop: no figure, and the grassland lines are offered as buttons", () => {
    const html = render("stikstof", field({ cropId: "gras" }));
    expect(html).not.toContain("norm-value");
    expect(html).not.toContain("filling-value");
    const input = /<input[^>]*id="([^"]+)-crop"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('value="gras"');
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<div id="${describedBy}"`);
    expect(text(html)).toContain("“gras” is not a crop of the 2025 crop table (BRP gewascodes).");
    const offered = [
      ...html.matchAll(/<button type="button" class="fdm-calc-suggestion">([^<]+)</g),
    ].map((m) => m[1]);
    // brp-data: the names that start with "gras", in code order.
    expect(offered).toEqual([
      "265 Grasland, blijvend",
      "266 Grasland, tijdelijk",
      "331 Grasland, natuurlijk. met landbouwactiviteiten.",
      "332 Grasland, natuurlijk. hoofdfunctie natuur.",
      "336 Grasland, natuurlijk. areaal met een natuurbeheertype dat overwegend voor landbouwactiviteiten-glb wordt gebruikt",
      "383 Graszaad",
      "1914 Graszaad, overig",
      "1915 Graszaad, rietzwenkgras",
    ]);
    expect(text(html)).toContain("No figure: the crop field names no crop of the 2025 table.");
  });

  it.each(["abc", "-5", "999999999999999", ""])(
    "%j is no crop: no figure, and it says so",
    (typed) => {
      const html = render("fosfaat", field({ cropId: typed }));
      expect(html).not.toContain("norm-value");
      const input = /<input[^>]*-crop"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain(`value="${typed}"`);
      expect(input).toContain('aria-invalid="true"');
      expect(text(html)).toContain(
        typed === ""
          ? "Give a BRP gewascode (crop code), such as 265, or part of a crop's Dutch name."
          : `“${typed}” is not a crop of the 2025 crop table (BRP gewascodes). No crop's code or Dutch name holds it`,
      );
      expect(html).not.toContain('fdm-calc-suggestion"');
    },
  );

  it("a BRP code or an exact name is a crop: 266 and 'grasland, tijdelijk'", () => {
    for (const typed of ["266", "grasland, tijdelijk", "nl_266"]) {
      const html = render("stikstof", field({ cropId: typed }));
      expect(text(html)).toContain("Calculating for: 266 Grasland, tijdelijk");
      expect(html).toContain("norm-value");
    }
  });
});
