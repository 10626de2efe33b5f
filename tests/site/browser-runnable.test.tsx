// Which docs samples get a Run button: src/plugins/docs-samples.ts decides, the
// runner's worker (src/components/toolkit/worker.ts) provides what it allows.
import { describe, expect, it } from "vitest";
import { browserUnavailability } from "../../src/plugins/docs-samples";
import { sampleNeeds } from "../../src/plugins/toolkit-browser";

describe("browserUnavailability", () => {
  it("runs a sample that signs a user up with createFdmAuth and a random secret", () => {
    const code = `import { randomBytes } from "node:crypto";
import { createFdmAuth, createFdmLocal } from "fdm-core";
const fdm = await createFdmLocal();
const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });`;
    expect(browserUnavailability(code)).toBeNull();
  });

  it("names the node:crypto functions the runner does not have", () => {
    const code = `import { createHash, randomUUID as uuid } from "node:crypto";`;
    expect(browserUnavailability(code)).toBe(
      "it uses createHash from node:crypto, which the browser runner does not have",
    );
  });

  it("refuses a PostgreSQL server connection and files, saying why", () => {
    expect(
      browserUnavailability(`import { createFdmServer } from "fdm-core";
const fdm = createFdmServer("postgres://127.0.0.1/fdm");`),
    ).toBe("createFdmServer: it connects to a PostgreSQL server");
    expect(browserUnavailability(`import { readFileSync } from "node:fs";`)).toBe(
      "it reads and writes files, which a web page cannot",
    );
  });
});

describe("sampleNeeds", () => {
  it("tells the worker, before the click, what a sample needs besides the core", () => {
    expect(
      sampleNeeds(`import { createFdmAuth, createFdmLocal } from "fdm-core";
const fdm = await createFdmLocal();`),
    ).toBe("database auth");
    expect(
      sampleNeeds(`import { getNitrogenBalanceForFarm } from "fdm-calculator";
import { createFdmLocal } from "fdm-core";`),
    ).toBe("database calculator");
    // fdm-data alone: no database engine to download.
    expect(sampleNeeds(`import { getCultivationCatalogue } from "fdm-data";`)).toBe("");
  });
});
