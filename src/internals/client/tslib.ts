/**
 * The browser bundle's tslib (aliased in src/internals/plugins/lean-client-data.ts). Docusaurus's
 * utils-common is CommonJS and calls one tslib helper; requiring tslib itself keeps all of
 * its helpers (4 KB gzip on every page). tests/site/tslib.test.ts fails when a module of
 * the browser bundle needs another helper.
 */
// biome-ignore lint/suspicious/noExplicitAny: the helper takes any CommonJS module, as tslib's.
export function __importDefault(mod: any): any {
  return mod?.__esModule ? mod : { default: mod };
}
