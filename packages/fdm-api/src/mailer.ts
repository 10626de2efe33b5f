// The mail the service sends: the link that verifies a user's email address. By default each
// message is written as a file into an outbox folder for a developer to open; with
// FDM_SMTP_URL it is sent over SMTP with nodemailer.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FdmAuthOptions } from "fdm-core";
import { createTransport } from "nodemailer";

/** One plain-text mail to one address. */
export interface MailMessage {
  /** The recipient: one email address. */
  to: string;
  /** The subject line, without line breaks. */
  subject: string;
  /** The body, plain text. */
  text: string;
}

/** Something that delivers mail: {@link createOutboxMailer}, {@link createSmtpMailer}, or a test's own. */
export interface Mailer {
  /** Delivers the message; rejects when it could not be delivered. */
  send(message: MailMessage): Promise<void>;
}

/**
 * A mail that could not be sent or a mail setting that is wrong. Its message never holds the
 * SMTP URL or its password, nor the mail's content, so it may be logged.
 */
export class MailError extends Error {
  override name = "MailError";
  /** `INVALID_INPUT` for a bad setting or message, else the SMTP client's code (e.g. `EAUTH`). */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** The sender when FDM_MAIL_FROM is not set (outbox only: an SMTP server needs a real one). */
export const defaultMailFrom = "FDM <fdm@localhost>";

const oneAddress = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;
const lineBreak = /[\r\n]/;

function checkMessage(message: MailMessage): MailMessage {
  if (typeof message?.to !== "string" || message.to.length > 254 || !oneAddress.test(message.to)) {
    throw new MailError("INVALID_INPUT", "to: must be one email address (at most 254 characters).");
  }
  if (
    typeof message.subject !== "string" ||
    message.subject.length > 200 ||
    lineBreak.test(message.subject)
  ) {
    throw new MailError(
      "INVALID_INPUT",
      "subject: must be text of at most 200 characters without line breaks.",
    );
  }
  if (typeof message.text !== "string") {
    throw new MailError("INVALID_INPUT", "text: must be text.");
  }
  return message;
}

function checkFrom(from: string, name: string): string {
  if (
    typeof from !== "string" ||
    from.length > 320 ||
    lineBreak.test(from) ||
    !from.includes("@")
  ) {
    throw new MailError(
      "INVALID_INPUT",
      `${name}: must be a sender address such as "FDM <fdm@example.org>", on one line.`,
    );
  }
  return from;
}

/** Options of {@link createOutboxMailer}. */
export interface OutboxMailerOptions {
  /** The folder the messages are written to; created (readable by its owner only) when missing. */
  dir: string;
  /** The `From` line; {@link defaultMailFrom} by default. */
  from?: string;
}

/**
 * A mailer that sends nothing: it writes each message as one file into a folder, named
 * `<UTC time>-<random id>.eml` (e.g. `20250611T093015123Z-9f3c2a1b7d4e.eml`, so that `ls` lists
 * them oldest first). A file holds the `From`, `To`, `Subject` and `Date` lines, a blank line and
 * the text as written (8bit, UTF-8): `cat` shows it, and a mail program opens it. Each file is
 * written under a temporary name and renamed, so a reader never sees half a message, and is
 * readable by its owner only (mode 0600): it may hold a link that verifies an address.
 *
 * @param options - The folder and, optionally, the sender.
 * @returns The mailer.
 * @throws {MailError} `INVALID_INPUT` when `from` is not one line with an address; `send` rejects
 *   with `INVALID_INPUT` for a bad message and with the file system's error when it cannot write.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const dir = path.resolve(options.dir);
  const from = checkFrom(options.from ?? defaultMailFrom, "from");
  return {
    async send(message) {
      const m = checkMessage(message);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const now = new Date();
      const id = randomBytes(6).toString("hex");
      const name = `${now.toISOString().replace(/[-:.]/g, "")}-${id}.eml`;
      const content = [
        `From: ${from}`,
        `To: ${m.to}`,
        `Subject: ${m.subject}`,
        `Date: ${now.toUTCString()}`,
        `Message-ID: <${id}.${now.getTime()}@fdm-api.outbox>`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        m.text,
        "",
      ].join("\n");
      const temporary = path.join(dir, `.${name}.tmp`);
      try {
        await writeFile(temporary, content, { mode: 0o600, flag: "wx" });
        await rename(temporary, path.join(dir, name));
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
  };
}

/** Where an SMTP URL points, without its credentials: what errors and the start line may show. */
interface SmtpTarget {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
}

const smtpUrlRule =
  "must be smtp://user:password@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start), the user name and password percent-encoded";

function parseSmtpUrl(url: string, name: string): SmtpTarget {
  // Never echo the value: it holds the password.
  const invalid = () => new MailError("INVALID_INPUT", `${name}: ${smtpUrlRule}.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid();
  }
  if (
    (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") ||
    parsed.hostname === "" ||
    (parsed.pathname !== "" && parsed.pathname !== "/") ||
    parsed.search !== "" ||
    parsed.hash !== ""
  ) {
    throw invalid();
  }
  const secure = parsed.protocol === "smtps:";
  let auth: SmtpTarget["auth"];
  try {
    auth =
      parsed.username === ""
        ? undefined
        : {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          };
  } catch {
    throw invalid();
  }
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port === "" ? (secure ? 465 : 587) : Number(parsed.port),
    secure,
    auth,
  };
}

const isLoopback = (host: string) =>
  host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Options of {@link createSmtpMailer}. */
export interface SmtpMailerOptions {
  /** `smtp://user:password@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The `From` line, e.g. `FDM <fdm@example.org>`: an address the SMTP server lets you send as. */
  from: string;
}

/**
 * A mailer that sends each message over SMTP with nodemailer, one connection per message. With
 * `smtp://` nodemailer switches to TLS when the server offers STARTTLS; when the URL holds a
 * user name and the host is not this machine (`localhost`, 127.x.x.x, ::1), it insists on it, so
 * the password never crosses a network in clear. Waits at most 10 s for the connection and the
 * greeting and 30 s for any later answer.
 *
 * A failed send rejects with a {@link MailError} naming the host, the port and the SMTP client's
 * code (e.g. `EAUTH`, `ECONNECTION`), never the URL, the password or the message.
 *
 * @param options - The SMTP URL and the sender.
 * @returns The mailer.
 * @throws {MailError} `INVALID_INPUT` when the URL is not an smtp:// or smtps:// URL with a host
 *   (its value is not repeated), or `from` is not one line with an address.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const target = parseSmtpUrl(options.url, "url");
  const from = checkFrom(options.from, "from");
  const transport = createTransport({
    host: target.host,
    port: target.port,
    secure: target.secure,
    requireTLS: !target.secure && target.auth !== undefined && !isLoopback(target.host),
    ...(target.auth ? { auth: target.auth } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  });
  const where = target.host.includes(":")
    ? `[${target.host}]:${target.port}`
    : `${target.host}:${target.port}`;
  return {
    async send(message) {
      const m = checkMessage(message);
      try {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      } catch (err) {
        // Only the code and the server's reply code: a message or a cause might carry more.
        const code = (err as { code?: unknown })?.code;
        const reply = (err as { responseCode?: unknown })?.responseCode;
        throw new MailError(
          typeof code === "string" ? code : "ESEND",
          `SMTP: could not send the mail through ${where} (${typeof code === "string" ? code : "error"}${typeof reply === "number" ? `, reply ${reply}` : ""}).`,
        );
      }
    },
  };
}

/** The mailer {@link mailerFromEnv} chose, and a line saying where mail goes (no secret in it). */
export interface ConfiguredMailer {
  mailer: Mailer;
  /** E.g. `mail is written to /srv/fdm/.fdm-api-data/outbox`; for the start-up line. */
  description: string;
}

/**
 * Chooses the mailer from the environment, as `npm run api` does:
 *
 * - `FDM_SMTP_URL` set: {@link createSmtpMailer} with it; `FDM_MAIL_FROM` is then required.
 * - otherwise: {@link createOutboxMailer} writing into `<FDM_API_DATA_DIR>/outbox`
 *   (`.fdm-api-data/outbox` by default), with `FDM_MAIL_FROM` or {@link defaultMailFrom}.
 *
 * @param env - The environment; `process.env` by default.
 * @returns The mailer and a description of where mail goes.
 * @throws {MailError} `INVALID_INPUT` naming the variable when `FDM_SMTP_URL` is not a valid
 *   smtp:// or smtps:// URL (its value is not repeated), `FDM_MAIL_FROM` is missing with it,
 *   or `FDM_MAIL_FROM` is not one line with an address.
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): ConfiguredMailer {
  const url = env.FDM_SMTP_URL;
  const from = env.FDM_MAIL_FROM || undefined;
  if (url) {
    if (!from) {
      throw new MailError(
        "INVALID_INPUT",
        'FDM_MAIL_FROM: must be set with FDM_SMTP_URL, to an address the SMTP server lets you send as, e.g. "FDM <fdm@example.org>".',
      );
    }
    const target = parseSmtpUrl(url, "FDM_SMTP_URL");
    checkFrom(from, "FDM_MAIL_FROM");
    return {
      mailer: createSmtpMailer({ url, from }),
      description: `mail is sent over SMTP through ${target.host}:${target.port}`,
    };
  }
  const dir = path.resolve(env.FDM_API_DATA_DIR || ".fdm-api-data", "outbox");
  if (from !== undefined) checkFrom(from, "FDM_MAIL_FROM");
  return {
    mailer: createOutboxMailer({ dir, ...(from ? { from } : {}) }),
    description: `mail is written to ${dir} (set FDM_SMTP_URL to send it)`,
  };
}

/** The subject of the mail {@link verificationMailSender} sends. */
export const verificationSubject = "Verify your email address for FDM";

/**
 * Turns a mailer into fdm-core's `sendVerificationEmail` option of `createFdmAuth`: at sign-up
 * (and at `POST /api/auth/send-verification-email`) the user gets a mail with the link to
 * better-auth's `GET /api/auth/verify-email?token=…` on the service's base URL. Opening the
 * link, or a GET of it with curl, marks the address verified; the answer is
 * `{"status":true,"user":null}`. better-auth's default `callbackURL=/` is left out of the link,
 * since the service serves nothing at `/`; a `callbackURL` a client asked for stays.
 *
 * The mail greets no one by name: the name is whatever the person signing up typed, and must not
 * put a stranger's words into a mail from the service.
 *
 * @param mailer - Where the mail goes.
 * @returns The function to pass as `sendVerificationEmail`.
 * @throws {MailError} Never itself; the returned function rejects as `mailer.send` does.
 */
export function verificationMailSender(
  mailer: Mailer,
): NonNullable<FdmAuthOptions["sendVerificationEmail"]> {
  return async ({ user, url }) => {
    const link = new URL(url);
    if (link.searchParams.get("callbackURL") === "/") link.searchParams.delete("callbackURL");
    await mailer.send({
      to: user.email,
      subject: verificationSubject,
      text: [
        "Hello,",
        "",
        "An FDM account was created with this email address. Open this link within 1 hour to verify the address:",
        "",
        link.toString(),
        "",
        "Only a verified address can see and accept invitations to organizations.",
        "If you did not create the account, ignore this mail: without the link the address stays unverified.",
      ].join("\n"),
    });
  };
}
