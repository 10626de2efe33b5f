import { describe, expect, it } from "vitest";
import { needsDatabase } from "../../src/components/toolkit/protocol";

/** The page, the worker and the runtime decide alike whether the engine is needed (protocol.ts). */
describe("needsDatabase", () => {
  it("is true for a build hint, the playground, or code that opens a database", () => {
    expect(needsDatabase({ needs: ["database"] })).toBe(true);
    expect(needsDatabase({ playground: true })).toBe(true);
    expect(needsDatabase({ code: "const fdm = await createFdmLocal();" })).toBe(true);
    expect(needsDatabase({ code: "const fdm = await (0, _fdmcore.createFdmLocal)();" })).toBe(true);
  });

  it("is false for code that only uses the catalogues or the calculator", () => {
    expect(needsDatabase({})).toBe(false);
    expect(needsDatabase({ needs: ["calculator", "auth"] })).toBe(false);
    expect(needsDatabase({ code: 'import { getCultivationCatalogue } from "fdm-data";' })).toBe(
      false,
    );
    // A longer name that contains it is not a call of it.
    expect(needsDatabase({ code: "mycreateFdmLocalHelper()" })).toBe(false);
  });
});
