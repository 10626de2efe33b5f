import { z } from "@hono/zod-openapi";
import { createApiKey, listApiKeys, revokeApiKey } from "fdm-core";
import { keyCacheOf } from "../key-cache.js";
import { resource } from "../resource.js";
import { body, json, op, type RouteDeps, send } from "../route.js";
import { apiKeyInput, apiKeySchema, createdApiKeySchema, idParam } from "../schemas.js";

const tags = ["API keys"];

/** The principal's own API keys: create (the key is shown once), list, revoke. */
export function apiKeyRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "post",
      path: "/api-keys",
      operationId: "createApiKey",
      summary:
        "Create an API key for yourself; the key is in this response only (fdm-core createApiKey).",
      tags,
      request: { body: body(apiKeyInput) },
      responses: { 201: json(createdApiKeySchema, "The key and its record.") },
    }),
    async (c) => {
      const created = await createApiKey(fdm, c.get("principalId"), c.req.valid("json"));
      c.header("cache-control", "no-store");
      return send(c, 201, created);
    },
  );

  resource({ app, fdm }, tags, apiKeySchema).list({
    path: "/api-keys",
    operationId: "listApiKeys",
    summary:
      "Your API keys, revoked and expired ones included; never the keys (fdm-core listApiKeys).",
    page: "ApiKeyPage",
    returns: "A page of keys.",
    call: listApiKeys,
  });

  app.openapi(
    op({
      method: "delete",
      path: "/api-keys/{apiKeyId}",
      operationId: "revokeApiKey",
      summary: "Revoke one of your API keys (fdm-core revokeApiKey).",
      tags,
      request: { params: z.object({ apiKeyId: idParam("apiKeyId") }) },
      responses: { 200: json(apiKeySchema, "The key's record, revoked.") },
    }),
    async (c) => {
      const principal = c.get("principalId");
      const revoked = await revokeApiKey(fdm, principal, c.req.valid("param").apiKeyId);
      // Refused at once here; other instances drop the key within the cache's 5 s.
      keyCacheOf(fdm).forgetUser(principal);
      return send(c, 200, revoked);
    },
  );
}
