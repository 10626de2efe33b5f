// The package's version, under which calculation results are cached. Written
// here rather than read from package.json so that a browser bundle needs no
// file system; version.test.ts fails when the two differ.
export const VERSION = "1.0.0";
