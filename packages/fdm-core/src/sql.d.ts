// The migrations are imported as text by the browser entry; bundlers load
// `.sql` files as strings (esbuild `loader: { ".sql": "text" }`, webpack and
// Rspack `type: "asset/source"`, Vite through the plugin in vitest.config.mts).
declare module "*.sql" {
  const text: string;
  export default text;
}
