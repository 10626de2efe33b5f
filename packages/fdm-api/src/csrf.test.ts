// Cross-origin requests made with a browser's session cookie, and server-side clients of the
// auth endpoints (Node's fetch, curl) that send no Origin at all.
import { eq } from "drizzle-orm";
import { createApiKey, fdmSchema } from "fdm-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./test-server.js";

let api: TestApi;
const trusted = "https://app.example.org";
const hostile = "https://evil.example";

interface Person {
  id: string;
  email: string;
  key: string;
  cookie: string;
}

/** A user with a password, a verified address, a session cookie and an API key. */
async function person(name: string): Promise<Person> {
  const email = `${name}@example.org`;
  const password = `${name}'s long passphrase`;
  const { user } = await api.auth.api.signUpEmail({ body: { name, email, password } });
  await api.fdm
    .update(fdmSchema.authUser)
    .set({ emailVerified: true })
    .where(eq(fdmSchema.authUser.id, user.id));
  const { headers } = await api.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { key } = await createApiKey(api.fdm, user.id, { name: "cli" });
  return { id: user.id, email, key, cookie };
}

/** A request as a browser would send it: the cookie and the given extra headers. */
function browser(p: Person, method: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${api.server.url}${path}`, { method, headers: { cookie: p.cookie, ...headers } });
}

async function problemOf(res: Response) {
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
}

let owner: Person;
let guest: Person;
let farmId: string;
let orgId: string;

beforeAll(async () => {
  api = await startTestApi({ trustedOrigins: [trusted] });
  owner = await person("olga");
  guest = await person("gijs");
  farmId = (await api.call(owner.key, "POST", "/v1/farms", { name: "De Hoeve" })).body.id;
  orgId = (
    await api.call(owner.key, "POST", "/v1/organizations", { name: "Jansen", slug: "jansen" })
  ).body.id;
});
afterAll(async () => {
  await api?.close();
});

const offerOwnerRole = async () =>
  expect(
    (
      await api.call(owner.key, "POST", `/v1/farms/${farmId}/principals`, {
        principalId: guest.id,
        role: "owner",
      })
    ).body,
  ).toEqual({ result: "offered" });
const openOffers = async () =>
  (await api.call(owner.key, "GET", `/v1/farms/${farmId}/offers`)).body.items.length;
const guestRoles = async () => {
  const res = await api.call(guest.key, "GET", `/v1/farms/${farmId}`);
  return res.status === 200 ? res.body.roles : [];
};
const invite = async () =>
  (
    await api.call(owner.key, "POST", `/v1/organizations/${orgId}/invitations`, {
      email: guest.email,
      role: "member",
    })
  ).body.id as string;
const pendingInvitations = async () =>
  (await api.call(guest.key, "GET", "/v1/invitations")).body.items.length;

/** The two ways a browser tells a cross-origin request: its Origin, and Sec-Fetch-Site. */
const crossOrigin: Record<string, string>[] = [
  { origin: hostile },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site", origin: "https://other.example.org" },
];

async function expectRefused(path: string) {
  for (const headers of crossOrigin) {
    const res = await problemOf(await browser(guest, "POST", path, headers));
    expect([path, headers, res]).toEqual([
      path,
      headers,
      {
        status: 403,
        type: "application/problem+json",
        body: expect.objectContaining({ status: 403, code: "CROSS_ORIGIN_REQUEST" }),
      },
    ]);
  }
}

describe("cookie-authenticated requests from another origin", () => {
  it("refuses offers/accept from another origin and changes nothing; same-origin accepts", async () => {
    await offerOwnerRole();
    await expectRefused(`/v1/farms/${farmId}/offers/accept`);
    expect(await openOffers()).toBe(1);
    expect(await guestRoles()).toEqual([]);
    const res = await browser(guest, "POST", `/v1/farms/${farmId}/offers/accept`, {
      origin: api.server.url,
      "sec-fetch-site": "same-origin",
    });
    expect(res.status).toBe(204);
    expect(await guestRoles()).toEqual(["owner"]);
  });

  it("refuses leave from another origin; a trusted origin may", async () => {
    await expectRefused(`/v1/farms/${farmId}/leave`);
    expect(await guestRoles()).toEqual(["owner"]);
    const res = await browser(guest, "POST", `/v1/farms/${farmId}/leave`, {
      origin: trusted,
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(204);
    expect(await guestRoles()).toEqual([]);
  });

  it("refuses offers/decline from another origin; a client without Origin (curl) may", async () => {
    await offerOwnerRole();
    await expectRefused(`/v1/farms/${farmId}/offers/decline`);
    expect(await openOffers()).toBe(1);
    expect((await browser(guest, "POST", `/v1/farms/${farmId}/offers/decline`)).status).toBe(204);
    expect(await openOffers()).toBe(0);
  });

  it("refuses invitations/accept from another origin; Sec-Fetch-Site same-origin may", async () => {
    const id = await invite();
    await expectRefused(`/v1/invitations/${id}/accept`);
    expect(await pendingInvitations()).toBe(1);
    const res = await browser(guest, "POST", `/v1/invitations/${id}/accept`, {
      "sec-fetch-site": "same-origin",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ organizationId: orgId });
    expect(await pendingInvitations()).toBe(0);
    await api.call(owner.key, "DELETE", `/v1/organizations/${orgId}/members/${guest.id}`);
  });

  it("refuses invitations/decline from another origin; an API key is not affected", async () => {
    const id = await invite();
    await expectRefused(`/v1/invitations/${id}/decline`);
    expect(await pendingInvitations()).toBe(1);
    const res = await fetch(`${api.server.url}/v1/invitations/${id}/decline`, {
      method: "POST",
      headers: { authorization: `Bearer ${guest.key}`, origin: hostile },
    });
    expect(res.status).toBe(204);
    expect(await pendingInvitations()).toBe(0);
  });

  it("refuses a cross-origin write with a JSON body too, and lets cross-origin reads through", async () => {
    const write = await fetch(`${api.server.url}/v1/farms`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: hostile, "content-type": "application/json" },
      body: JSON.stringify({ name: "Planted" }),
    });
    expect(write.status).toBe(403);
    const farms = await api.call(owner.key, "GET", "/v1/farms");
    expect(farms.body.items.map((f: { name: string }) => f.name)).toEqual(["De Hoeve"]);
    // A read changes nothing; what a page of another origin may read is the browser's CORS.
    expect((await browser(owner, "GET", "/v1/farms", { origin: hostile })).status).toBe(200);
  });
});

describe("the auth endpoints from a server-side client", () => {
  it("signs up, signs in and signs out with Node's fetch and no Origin", async () => {
    const email = "nadia@example.org";
    const password = "nadia's long passphrase";
    const post = (path: string, body?: unknown, cookie?: string) =>
      fetch(`${api.server.url}/api/auth/${path}`, {
        method: "POST",
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const signUp = await post("sign-up/email", { name: "Nadia", email, password });
    expect(signUp.status).toBe(200);
    expect(((await signUp.json()) as { user: { email: string } }).user.email).toBe(email);
    const signIn = await post("sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const farms = () => fetch(`${api.server.url}/v1/farms`, { headers: { cookie } });
    expect((await farms()).status).toBe(200);
    // A body-less sign-out, as `curl -X POST -b cookies.txt` sends it.
    const signOut = await post("sign-out", undefined, cookie);
    expect(signOut.status).toBe(200);
    expect((await farms()).status).toBe(401);
  });

  it("refuses sign-out with a cookie and another Origin, and sign-in from a cross-site page", async () => {
    const email = "olga@example.org";
    const password = "olga's long passphrase";
    const { headers } = await api.auth.api.signInEmail({
      body: { email, password },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const signOut = await fetch(`${api.server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: hostile },
    });
    expect(await problemOf(signOut)).toMatchObject({
      status: 403,
      body: { code: "CROSS_ORIGIN_REQUEST" },
    });
    expect((await fetch(`${api.server.url}/v1/farms`, { headers: { cookie } })).status).toBe(200);
    // Login CSRF: a form on another site signing the visitor in to the attacker's account.
    const signIn = await fetch(`${api.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
      },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });
});
