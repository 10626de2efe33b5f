import Link from "@docusaurus/Link";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import HydrateLater from "@site/src/components/HydrateLater";
import Heading from "@theme/Heading";
import Layout from "@theme/Layout";
import type { ReactNode } from "react";
import styles from "./index.module.css";

interface PackageCard {
  name: string;
  summary: string;
  points: string[];
  /** Guides to read before the package's reference, each as link text and path. */
  guides?: [string, string][];
}

const packages: PackageCard[] = [
  {
    name: "fdm-data",
    summary: "Catalogues of crops and fertilizers.",
    points: [
      "Fixed lists with each item's properties, taken from public Dutch sources",
      "A stable id and a content hash per item, so changes are easy to sync",
    ],
  },
  {
    name: "fdm-core",
    summary: "The farm data model on PostgreSQL.",
    points: [
      "Farms, fields, cultivations, harvests, fertilizers and soil analyses",
      "Who may see or change a farm: accounts, organizations and roles",
    ],
  },
  {
    name: "fdm-calculator",
    summary: "Calculations on farm data.",
    points: [
      "The Dutch fertilizer application norms (gebruiksnormen) of a field",
      "How much of each norm a farm's fertilizer applications use",
      "The applied dose, and a farm's nitrogen and organic-matter balances",
    ],
  },
  {
    name: "fdm-api",
    summary: "The toolkit over HTTP.",
    points: [
      "An OpenAPI 3.1 service for farm software in any language",
      "API keys, problem details and cursor pagination",
    ],
    guides: [
      ["REST API guide", "/api/fdm-api/rest/overview"],
      ["Endpoint reference", "/api/fdm-api/rest/endpoints"],
    ],
  },
];

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const documented = new Set(siteConfig.customFields?.apiPackages as string[]);
  return (
    <Layout
      title="A TypeScript toolkit for farm data"
      description="FDM is a TypeScript toolkit that models farm data and turns it into figures an advisor or farmer can act on."
    >
      <HydrateLater>
        <main>
          <section className={styles.hero} aria-labelledby="home-title">
            <div className="container">
              <Heading as="h1" id="home-title" className={styles.title}>
                {siteConfig.title}
              </Heading>
              <p className={styles.tagline}>{siteConfig.tagline}</p>
              <p className={styles.lead}>
                A TypeScript toolkit for the data of a farm: its fields, the crops on them, the
                fertilizers applied and the soil beneath, with calculations that follow Dutch law.
              </p>
              <div className={styles.actions}>
                <Link
                  className="button button--primary button--lg"
                  to="/docs/category/getting-started"
                >
                  Get started
                </Link>
                <Link className="button button--secondary button--lg" to="/api">
                  API reference
                </Link>
                <Link className="button button--secondary button--lg" to="/playground">
                  Try it in your browser
                </Link>
              </div>
            </div>
          </section>
          <div className="container margin-vert--xl">
            <Heading as="h2" className={styles.sectionTitle}>
              Four packages
            </Heading>
            <div className={styles.grid}>
              {packages.map((pkg) => (
                <section key={pkg.name} className={styles.card} aria-labelledby={`pkg-${pkg.name}`}>
                  {/* A plain <h3>: the theme's Heading would add a "#" anchor, a Tab stop to nowhere. */}
                  <h3 id={`pkg-${pkg.name}`} className={styles.cardTitle}>
                    <code>{pkg.name}</code>
                  </h3>
                  <p className={styles.cardSummary}>{pkg.summary}</p>
                  <ul className={styles.points}>
                    {pkg.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                  {(pkg.guides ?? []).map(([label, to]) => (
                    <Link key={to} to={to} className={styles.cardLink}>
                      {label}
                    </Link>
                  ))}
                  {documented.has(pkg.name) && (
                    <Link to={`/api/${pkg.name}/src`} className={styles.cardLink}>
                      {pkg.name} reference
                    </Link>
                  )}
                </section>
              ))}
            </div>
            <p className={`${styles.more} fdm-prose`}>
              New here? Read the <Link to="/docs">introduction</Link>, then{" "}
              <Link to="/docs/installation">install the packages</Link>. Release notes are on the{" "}
              <Link to="/blog">blog</Link>.
            </p>
          </div>
        </main>
      </HydrateLater>
    </Layout>
  );
}
