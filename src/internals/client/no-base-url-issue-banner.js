// Stands in for core's BaseUrlIssueBanner: the site turns the banner off
// (`baseUrlIssueBanner: false` in docusaurus.config.ts), and the component that
// renders nothing in that case was still in every page's main.js.
export default function BaseUrlIssueBanner() {
  return null;
}
