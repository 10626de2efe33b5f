/**
 * fdm-calculator in a browser (`import … from "fdm-calculator/browser"`): the
 * whole API, with no Node-only module. A location dataset (`getRegion`,
 * `isFieldInNVGebied`, …) must then be an http(s) URL: a page has no file
 * system, so a local path is refused with `GEODATA_UNREADABLE`. It is the main
 * entry as it is: what differs in a browser is one module, which package.json's
 * `imports` map picks by the `browser` condition (`#location/local-files`).
 *
 * @packageDocumentation
 */

export * from "./index.js";
