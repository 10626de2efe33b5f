import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./test-server.js";

type User = { id: string; key: string; email: string };
let api: TestApi;
let farmer: User;
let olga: User;
let mila: User;
let orgId: string;

/** Calls the API and checks the status; returns the body. */
const ok = async (user: User, method: string, path: string, body: unknown, status: number) => {
  const res = await api.call(user.key, method, path, body);
  expect([method, path, res.status, res.status >= 400 ? res.body : null]).toEqual([
    method,
    path,
    status,
    null,
  ]);
  return res.body;
};

beforeAll(async () => {
  api = await startTestApi();
  farmer = await api.user("farmer");
  olga = await api.user("olga");
  mila = await api.user("mila");
  // Olga owns a firm; Mila is a plain member of it.
  orgId = (await ok(olga, "POST", "/v1/organizations", { name: "Zand", slug: "zand" }, 201)).id;
  const invitation = await ok(
    olga,
    "POST",
    `/v1/organizations/${orgId}/invitations`,
    { email: mila.email, role: "member" },
    201,
  );
  await ok(mila, "POST", `/v1/invitations/${invitation.id}/accept`, undefined, 200);
});
afterAll(async () => {
  await api?.close();
});

describe("a role on a farm for another user's organization", () => {
  it("is offered, gives nothing until the organization's owner accepts, and not to a member", async () => {
    const farm = (await ok(farmer, "POST", "/v1/farms", { name: "De Hoeve" }, 201)).id;
    expect(
      await ok(
        farmer,
        "POST",
        `/v1/farms/${farm}/principals`,
        { principalId: orgId, role: "advisor" },
        200,
      ),
    ).toEqual({ result: "offered" });
    const principals = await ok(farmer, "GET", `/v1/farms/${farm}/principals`, undefined, 200);
    expect(principals.items.map((p: { principalId: string }) => p.principalId)).toEqual([
      farmer.id,
    ]);
    const pending = await ok(farmer, "GET", `/v1/farms/${farm}/offers`, undefined, 200);
    expect(
      pending.items.map((o: { principalId: string; role: string }) => [o.principalId, o.role]),
    ).toEqual([[orgId, "advisor"]]);

    for (const who of [olga, mila]) {
      expect((await api.call(who.key, "GET", `/v1/farms/${farm}`)).status).toBe(403);
      expect((await ok(who, "GET", "/v1/farms", undefined, 200)).items).toEqual([]);
    }
    // a plain member neither sees the offer nor answers it
    expect((await ok(mila, "GET", "/v1/farm-role-offers", undefined, 200)).items).toEqual([]);
    const byMember = await api.call(mila.key, "POST", `/v1/farms/${farm}/offers/accept`, {
      organizationId: orgId,
    });
    expect([byMember.status, byMember.body.code]).toEqual([403, "PERMISSION_DENIED"]);

    const offers = await ok(olga, "GET", "/v1/farm-role-offers", undefined, 200);
    expect(
      offers.items.map((o: { farmId: string; principalId: string; role: string }) => [
        o.farmId,
        o.principalId,
        o.role,
      ]),
    ).toEqual([[farm, orgId, "advisor"]]);
    await ok(olga, "POST", `/v1/farms/${farm}/offers/accept`, { organizationId: orgId }, 204);
    expect((await ok(mila, "GET", `/v1/farms/${farm}`, undefined, 200)).roles).toEqual(["advisor"]);
    expect((await ok(farmer, "GET", `/v1/farms/${farm}/offers`, undefined, 200)).items).toEqual([]);
  });

  it("leaves no role when the organization declines", async () => {
    const farm = (await ok(farmer, "POST", "/v1/farms", { name: "Het Veld" }, 201)).id;
    await ok(
      farmer,
      "POST",
      `/v1/farms/${farm}/principals`,
      { principalId: orgId, role: "researcher" },
      200,
    );
    await ok(olga, "POST", `/v1/farms/${farm}/offers/decline`, { organizationId: orgId }, 204);
    const principals = await ok(farmer, "GET", `/v1/farms/${farm}/principals`, undefined, 200);
    expect(principals.items.map((p: { principalId: string }) => p.principalId)).toEqual([
      farmer.id,
    ]);
    expect((await api.call(mila.key, "GET", `/v1/farms/${farm}`)).status).toBe(403);
  });

  it("takes effect at once for an organization the granter owns", async () => {
    const farm = (await ok(olga, "POST", "/v1/farms", { name: "Eigen" }, 201)).id;
    expect(
      await ok(
        olga,
        "POST",
        `/v1/farms/${farm}/principals`,
        { principalId: orgId, role: "advisor" },
        200,
      ),
    ).toEqual({ result: "granted" });
    expect((await ok(mila, "GET", `/v1/farms/${farm}`, undefined, 200)).roles).toEqual(["advisor"]);
  });
});
