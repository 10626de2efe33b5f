import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOutboxMailer,
  createSmtpMailer,
  MailError,
  mailerFromEnv,
  verificationMailSender,
  verificationSubject,
} from "./mailer.js";
import { startTestApi, type TestApi } from "./test-server.js";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "fdm-mailer-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const link = "http://127.0.0.1:3001/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.c2ln";

/** The messages in an outbox folder: name, mode and text, oldest first. */
async function outbox(dir: string) {
  const names = (await readdir(dir)).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      mode: (await stat(path.join(dir, name))).mode & 0o777,
      text: await readFile(path.join(dir, name), "utf8"),
    })),
  );
}

describe("the outbox mailer", () => {
  it("writes each message as one readable file, owner-only, with the link as sent", async () => {
    const dir = path.join(scratch, "outbox-a");
    const mailer = createOutboxMailer({ dir, from: "FDM <fdm@example.org>" });
    await verificationMailSender(mailer)({
      user: { id: "u1", email: "bob@example.org", name: "Bob" },
      url: `${link}&callbackURL=%2F`,
      token: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln",
    });
    await mailer.send({ to: "carla@example.org", subject: "Tweede", text: "Grüße\nregel 2" });
    const files = await outbox(dir);
    expect(files.map((f) => f.name)).toEqual([
      expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/),
      expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/),
    ]);
    expect(files.map((f) => f.mode)).toEqual([0o600, 0o600]);
    const [first, second] = files.map((f) => f.text);
    expect(first).toContain("From: FDM <fdm@example.org>\nTo: bob@example.org\n");
    expect(first).toContain(`Subject: ${verificationSubject}\n`);
    // The link on a line of its own, whole, without the callback to "/" that would redirect.
    expect(first?.split("\n")).toContain(link);
    expect(first).not.toContain("callbackURL");
    // The name typed at sign-up is not put into the mail.
    expect(first).not.toContain("Bob");
    expect(second).toContain("To: carla@example.org\n");
    expect(second?.endsWith("\n\nGrüße\nregel 2\n")).toBe(true);
  });

  it("refuses a second recipient or a header smuggled into the subject, writing nothing", async () => {
    const dir = path.join(scratch, "outbox-b");
    const mailer = createOutboxMailer({ dir });
    const bad = [
      [{ to: "bob@example.org\nBcc: eve@example.org", subject: "s", text: "t" }, "to:"],
      [{ to: "bob@example.org, eve@example.org", subject: "s", text: "t" }, "to:"],
      [{ to: "bob@example.org", subject: "s\r\nBcc: eve@example.org", text: "t" }, "subject:"],
    ] as const;
    for (const [message, field] of bad) {
      const error = await mailer.send(message).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect(error).toMatchObject({ code: "INVALID_INPUT" });
      expect((error as Error).message.startsWith(field)).toBe(true);
    }
    await expect(readdir(dir)).rejects.toMatchObject({ code: "ENOENT" });
    expect(() => createOutboxMailer({ dir, from: "FDM\nBcc: eve@example.org" })).toThrow(/^from: /);
  });
});

/** A local SMTP server on 127.0.0.1 that takes one user's login and keeps what it receives. */
async function smtpServer(login: { user: string; pass: string }) {
  const received: { from: string; to: string[]; raw: string; user: string | undefined }[] = [];
  const server = new SMTPServer({
    // No TLS certificate to trust in a test: plain SMTP, login allowed over it.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === login.user && auth.password === login.pass) {
        done(null, { user: auth.username });
      } else {
        done(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: typeof session.user === "string" ? session.user : undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a quoted-printable body (nodemailer encodes lines longer than 76 characters). */
const unquote = (body: string) =>
  body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("the SMTP mailer", () => {
  const login = { user: "fdm@example.org", pass: "p@ss:w/rd secret" };
  const url = (pass: string, port: number) =>
    `smtp://${encodeURIComponent(login.user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

  it("sends the verification mail to the SMTP server, logged in, with the link", async () => {
    const smtp = await smtpServer(login);
    try {
      const mailer = createSmtpMailer({
        url: url(login.pass, smtp.port),
        from: "FDM <fdm@example.org>",
      });
      await verificationMailSender(mailer)({
        user: { id: "u1", email: "bob@example.org", name: "Bob" },
        url: link,
        token: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln",
      });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({
        from: "fdm@example.org",
        to: ["bob@example.org"],
        user: login.user,
      });
      const raw = mail?.raw ?? "";
      const end = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, end);
      const body = raw.slice(end).trimStart();
      expect(headers).toContain(`Subject: ${verificationSubject}`);
      expect(headers).toContain("To: bob@example.org");
      const text = /Content-Transfer-Encoding: quoted-printable/i.test(headers)
        ? unquote(body)
        : body;
      expect(text.split(/\r?\n/)).toContain(link);
    } finally {
      await smtp.close();
    }
  });

  it("fails a send without telling the URL, the user or the password", async () => {
    const smtp = await smtpServer(login);
    const wrong = "wrong-Pa55word";
    try {
      const mailer = createSmtpMailer({ url: url(wrong, smtp.port), from: "fdm@example.org" });
      const error = await mailer
        .send({ to: "bob@example.org", subject: "s", text: link })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect(error).toMatchObject({ code: "EAUTH" });
      const told = `${(error as Error).message} ${JSON.stringify(error)} ${String((error as Error).stack)}`;
      expect((error as Error).message).toBe(
        `SMTP: could not send the mail through 127.0.0.1:${smtp.port} (EAUTH, reply 535).`,
      );
      for (const secret of [wrong, encodeURIComponent(wrong), "smtp://", login.user, link]) {
        expect(told).not.toContain(secret);
      }
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("fails a send to a port nobody listens on, naming host, port and code only", async () => {
    // A port that was free a moment ago, on this machine.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = createSmtpMailer({ url: url(login.pass, port), from: "fdm@example.org" });
    const error = await mailer
      .send({ to: "bob@example.org", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "MailError", code: "ESOCKET" });
    expect((error as Error).message).toBe(
      `SMTP: could not send the mail through 127.0.0.1:${port} (ESOCKET).`,
    );
  });
});

describe("the mail settings", () => {
  it("writes to <FDM_API_DATA_DIR>/outbox unless FDM_SMTP_URL is set", async () => {
    const dataDir = path.join(scratch, "data");
    const chosen = mailerFromEnv({ FDM_API_DATA_DIR: dataDir });
    expect(chosen.description).toBe(
      `mail is written to ${path.join(dataDir, "outbox")} (set FDM_SMTP_URL to send it)`,
    );
    await chosen.mailer.send({ to: "bob@example.org", subject: "s", text: "t" });
    const [file] = await outbox(path.join(dataDir, "outbox"));
    expect(file?.text).toContain("From: FDM <fdm@localhost>\nTo: bob@example.org\n");
  });

  it("says where SMTP mail goes without the password", () => {
    const chosen = mailerFromEnv({
      FDM_SMTP_URL: "smtps://fdm:hunter2-secret@mail.example.org",
      FDM_MAIL_FROM: "FDM <fdm@example.org>",
    });
    expect(chosen.description).toBe("mail is sent over SMTP through mail.example.org:465");
  });

  it("refuses a bad URL or a missing sender, naming the variable but not the value", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ FDM_SMTP_URL: "http://fdm:hunter2-secret@mail.example.org" }, /^FDM_MAIL_FROM: /],
      [
        { FDM_SMTP_URL: "http://fdm:hunter2-secret@mail.example.org", FDM_MAIL_FROM: "a@b.c" },
        /^FDM_SMTP_URL: must be smtp:\/\//,
      ],
      [{ FDM_SMTP_URL: "smtp://fdm:hunter2-secret@", FDM_MAIL_FROM: "a@b.c" }, /^FDM_SMTP_URL: /],
      [
        { FDM_SMTP_URL: "smtp://fdm:hunter2%ZZsecret@mail.example.org", FDM_MAIL_FROM: "a@b.c" },
        /^FDM_SMTP_URL: /,
      ],
      [{ FDM_MAIL_FROM: "no address" }, /^FDM_MAIL_FROM: /],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        mailerFromEnv(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MailError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("hunter2");
    }
  });
});

describe("an invitation to an address that signs up over HTTP", () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    dir = path.join(scratch, "flow-outbox");
    api = await startTestApi({ mailer: createOutboxMailer({ dir }) });
  });
  afterAll(async () => {
    await api?.close();
  });

  const password = "correct horse battery staple";
  const origin = () => ({ "content-type": "application/json", origin: api.server.url });
  async function signUp(name: string, email: string) {
    const res = await fetch(`${api.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: origin(),
      body: JSON.stringify({ name, email, password }),
    });
    expect(res.status).toBe(200);
  }
  /** Signs in; returns a fetch of the API with the session cookie. */
  async function signIn(email: string) {
    const res = await fetch(`${api.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: origin(),
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${api.server.url}${url}`, {
        method,
        headers: { ...origin(), cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text === "" ? null : JSON.parse(text) };
    };
  }
  /** The links in the outbox's mails to an address, oldest first. */
  async function linksTo(email: string): Promise<string[]> {
    const files = await outbox(dir).catch(() => []);
    return files
      .filter((f) => f.text.includes(`\nTo: ${email}\n`))
      .flatMap((f) => f.text.split("\n").filter((l) => l.includes("/api/auth/verify-email?")));
  }

  it("mails bob the link; once he opens it he sees the invitation and joins", async () => {
    const olga = "olga@example.org";
    const bob = "bob@example.org";
    await signUp("Olga", olga);
    const asOlga = await signIn(olga);
    const org = await asOlga("POST", "/v1/organizations", { name: "Loonbedrijf", slug: "loon" });
    expect(org.status).toBe(201);
    const invited = await asOlga("POST", `/v1/organizations/${org.body.id}/invitations`, {
      email: bob,
      role: "member",
    });
    expect(invited.status).toBe(201);

    await signUp("Bob", bob);
    const [sent] = await linksTo(bob);
    expect(sent).toMatch(
      new RegExp(
        `^${api.server.url.replace(/\./g, "\\.")}/api/auth/verify-email\\?token=[\\w.-]+$`,
      ),
    );
    const asBob = await signIn(bob);
    // Unverified, bob sees no invitation and cannot take one.
    expect((await asBob("GET", "/v1/invitations")).body.items).toEqual([]);
    expect((await asBob("POST", `/v1/invitations/${invited.body.id}/accept`)).status).toBe(403);

    // Opening the link, as a mail program or curl would.
    const opened = await fetch(sent ?? "");
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ status: true, user: null });

    const invitations = await asBob("GET", "/v1/invitations");
    expect(invitations.body.items.map((i: { id: string }) => i.id)).toEqual([invited.body.id]);
    const accepted = await asBob("POST", `/v1/invitations/${invited.body.id}/accept`);
    expect(accepted).toEqual({ status: 200, body: { organizationId: org.body.id } });
    const members = await asBob("GET", `/v1/organizations/${org.body.id}/members`);
    expect(members.status).toBe(200);
    expect(
      members.body.items.map((m: { user: { email?: string }; role: string }) => m.role).sort(),
    ).toEqual(["member", "owner"]);
    // The token travels in the query string, which the request log leaves out.
    const token = new URL(sent ?? "").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(api.logs)).not.toContain(token);
  });

  it("sends the mail again on request", async () => {
    const carla = "carla@example.org";
    await signUp("Carla", carla);
    expect(await linksTo(carla)).toHaveLength(1);
    const res = await fetch(`${api.server.url}/api/auth/send-verification-email`, {
      method: "POST",
      headers: origin(),
      body: JSON.stringify({ email: carla }),
    });
    expect(res.status).toBe(200);
    const links = await linksTo(carla);
    expect(links).toHaveLength(2);
    expect(await (await fetch(links[1] ?? "")).json()).toEqual({ status: true, user: null });
  });
});
