import { describe, expect, it } from "vitest";
import { getFertilizersCatalogue } from "./fertilizers.js";
import { describeNonNumericMestcode, isMestcode, MESTCODES } from "./mestcodes.js";

describe("MESTCODES", () => {
  it("is the codes of the rvo catalogue, in its order", () => {
    expect([...MESTCODES]).toEqual(getFertilizersCatalogue("rvo").map((item) => item.typeRvo));
    expect(MESTCODES).toHaveLength(63);
  });

  it("holds every code the srm and baat catalogues report under", () => {
    for (const item of [...getFertilizersCatalogue("srm"), ...getFertilizersCatalogue("baat")]) {
      expect(isMestcode(item.typeRvo), item.id).toBe(true);
    }
  });

  it("cannot be changed", () => {
    expect(() => (MESTCODES as unknown as number[]).push(999)).toThrow(TypeError);
  });
});

describe("isMestcode", () => {
  it("takes the number, never the text of a code", () => {
    expect([14, 115, 134].map(isMestcode)).toEqual([true, true, true]);
    expect(["14", 14.5, 999, 0, null, undefined].map(isMestcode)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("describeNonNumericMestcode", () => {
  it("says what it got and, for a code written as text, the number to give", () => {
    expect(describeNonNumericMestcode("14")).toBe('"14" (a string; give the number 14)');
    expect(describeNonNumericMestcode("999")).toBe('"999" (a string)');
    expect(describeNonNumericMestcode("")).toBe('"" (a string)');
    expect(describeNonNumericMestcode(undefined)).toBe("undefined");
    expect(describeNonNumericMestcode(null)).toBe("null");
    expect(describeNonNumericMestcode({ code: 14 })).toBe('{"code":14} (an object)');
    expect(describeNonNumericMestcode([14])).toBe("[14] (an array)");
    expect(describeNonNumericMestcode(true)).toBe("true (a boolean)");
  });

  it("leaves a number to the caller", () => {
    expect(describeNonNumericMestcode(14)).toBeNull();
    expect(describeNonNumericMestcode(999)).toBeNull();
  });
});
