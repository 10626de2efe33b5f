/**
 * Docusaurus core's site-wide head defaults, for the browser build (see
 * src/internals/plugins/steady-title.ts). The core version gives every page the bare
 * site title ("FDM") as a default; while React hydrates, that default is
 * applied before the page's own title mounts, so the tab read "FDM" for a
 * moment. In the browser the default title is the one the server rendered.
 */
import Head from "@docusaurus/Head";
import useBaseUrl from "@docusaurus/useBaseUrl";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { type ReactNode, useState } from "react";

export default function SiteMetadataDefaults(): ReactNode {
  const {
    siteConfig: { favicon, title: siteTitle, noIndex },
    i18n: { currentLocale, localeConfigs },
  } = useDocusaurusContext();
  const faviconUrl = useBaseUrl(favicon);
  const { htmlLang, direction: htmlDir } = localeConfigs[currentLocale] ?? {};
  const [title] = useState(() =>
    typeof document === "undefined" || !document.title ? siteTitle : document.title,
  );
  return (
    <Head>
      <html lang={htmlLang} dir={htmlDir} />
      <title>{title}</title>
      <meta property="og:title" content={title} />
      <meta name="viewport" content="width=device-width, initial-scale=1.0" />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
      {favicon && <link rel="icon" href={faviconUrl} />}
    </Head>
  );
}
