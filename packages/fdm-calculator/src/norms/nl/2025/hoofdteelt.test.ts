import { describe, expect, it } from "vitest";
import { getHoofdteelt } from "../norms.js";
import { crop } from "../test-fields.js";

describe("getHoofdteelt(2025)", () => {
  it("takes the crop on the field longest between 15 May and 15 July", () => {
    const result = getHoofdteelt(2025, {
      fieldId: "f",
      cultivations: [
        crop("nl_2773", "2025-04-01", "2025-06-10"), // 26 days in the window
        crop("nl_2708", "2025-06-10", "2025-09-01"), // 35 days
      ],
    });
    expect(result.cultivationId).toBe("nl_2708");
    expect(result.daysInWindow).toBe(35);
  });
  it("counts a crop without end date until 15 July", () => {
    const result = getHoofdteelt(2025, {
      fieldId: "f",
      cultivations: [crop("nl_259", "2025-06-01")],
    });
    expect(result.daysInWindow).toBe(44);
  });
  it("breaks a tie by code in alphabetical order", () => {
    const result = getHoofdteelt(2025, {
      fieldId: "f",
      cultivations: [
        crop("nl_265", "2025-05-15", "2025-06-15"),
        crop("nl_1919", "2025-06-14", "2025-07-15"),
      ],
    });
    expect(result.cultivationId).toBe("nl_1919");
    expect(result.explanation).toContain("tied");
  });
  it("gives 6794 (groene braak, spontane opkomst) when no crop is in the window", () => {
    const result = getHoofdteelt(2025, {
      fieldId: "f",
      cultivations: [crop("nl_236", "2025-03-01", "2025-05-15"), crop("nl_3504", "2025-07-15")],
    });
    expect(result).toMatchObject({ cultivationId: "nl_6794", cultivation: null, daysInWindow: 0 });
  });
  it("throws for an unknown crop id, naming the field", () => {
    expect(() =>
      getHoofdteelt(2025, { fieldId: "f9", cultivations: [crop("nl_1", "2025-03-01")] }),
    ).toThrow(/Field "f9": cultivation "nl_1" is not a BRP gewascode/);
  });
});
