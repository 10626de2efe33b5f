/**
 * The playground's starter scripts. Each runs in the toolkit worker with two
 * globals: `fdm`, the playground's database (PGlite in the browser, empty at
 * first), and `principal`, the id the scripts act as. They build on each
 * other: run them in order.
 */
/** The one user the playground's scripts act as (see database.ts). */
export const PLAYGROUND_PRINCIPAL = "playground-user";

export interface Starter {
  id: string;
  title: string;
  code: string;
}

export const starters: Starter[] = [
  {
    id: "farm",
    title: "1. A farm and a field from a GeoJSON parcel",
    code: `import {
  addFarm, addField, enableCultivationCatalogue, enableFertilizerCatalogue,
  getFields, setGrazingIntention, syncCatalogues,
} from "fdm-core";

// A parcel as a GeoJSON Feature, as a map or the BRP gives it (WGS84 lon/lat).
const parcel = {
  type: "Feature",
  properties: { name: "Achter de schuur" },
  geometry: {
    type: "Polygon",
    coordinates: [[
      [5.66, 51.98], [5.6629, 51.98], [5.6629, 51.9809], [5.66, 51.9809], [5.66, 51.98],
    ]],
  },
} as const;

await syncCatalogues(fdm); // the BRP crops and the fertilizers of fdm-data
const farmId = await addFarm(fdm, principal, { name: "De Hoeve" });
await enableCultivationCatalogue(fdm, principal, farmId, "brp");
await enableFertilizerCatalogue(fdm, principal, farmId, "srm"); // NMI's organic products
await setGrazingIntention(fdm, principal, farmId, 2025, true);

await addField(fdm, principal, farmId, {
  name: parcel.properties.name,
  geometry: parcel.geometry,
  acquiringDate: new Date("2020-01-01"),
  acquiringMethod: "owner",
});

for (const field of await getFields(fdm, principal, farmId)) {
  console.log(\`field "\${field.name}": \${field.areaHa.toFixed(2)} ha\`);
}
`,
  },
  {
    id: "crops",
    title: "2. Crops, a soil analysis and fertilizer",
    code: `import {
  addCultivation, addFertilizer, addFertilizerApplication, addHarvest, addSoilAnalysis,
  getCultivations, getFarms, getFertilizerApplications, getFields,
} from "fdm-core";

const [farm] = await getFarms(fdm, principal);
if (!farm) throw new Error("No farm yet: run script 1 first");
const [field] = await getFields(fdm, principal, farm.id);
if (!field) throw new Error("No field yet: run script 1 first");

// Permanent grassland (BRP 265), cut twice in 2025.
const grass = await addCultivation(fdm, principal, field.id, {
  catalogueItemId: "nl_265",
  startDate: new Date("2020-01-01"),
});
await addHarvest(fdm, principal, grass, {
  harvestDate: new Date("2025-05-20"),
  dryMatterYield: 4000, // kg DM/ha
  nitrogenContent: 30, // g N/kg DM
});
await addHarvest(fdm, principal, grass, {
  harvestDate: new Date("2025-07-10"),
  dryMatterYield: 3000,
  nitrogenContent: 28,
});

await addSoilAnalysis(fdm, principal, field.id, {
  samplingDate: new Date("2024-03-01"),
  source: "laboratory",
  parameters: { soilType: "zeeklei", gwlClass: "VII", organicMatter: 3.0, pCaCl2: 2.0, pAl: 40 },
});

// Cattle slurry (Runderdrijfmest, RVO mestcode 14, NMI's srm catalogue) from the
// farm itself, injected in March.
const slurry = await addFertilizer(fdm, principal, farm.id, {
  catalogueItemId: "srm_9d855a14df2045c2",
  acquiringDate: new Date("2025-02-01"),
});
await addFertilizerApplication(fdm, principal, field.id, {
  fertilizerId: slurry,
  amountKgPerHa: 25_000,
  method: "shallow_injection",
  applicationDate: new Date("2025-03-15"),
});

const [cultivation] = await getCultivations(fdm, principal, field.id);
console.log("crop:", cultivation?.nameNl);
console.log("applications:", (await getFertilizerApplications(fdm, principal, field.id)).length);
`,
  },
  {
    id: "norms",
    title: "3. The 2025 norms of the farm",
    code: `import { getFarms, getFertilizers, getFields } from "fdm-core";
import { getGebruiksnormenForFarm } from "fdm-calculator";

const [farm] = await getFarms(fdm, principal);
if (!farm) throw new Error("No farm yet: run scripts 1 and 2 first");
const fields = await getFields(fdm, principal, farm.id);

// Where each field lies: on a site with the public maps this comes from
// getRegion / isFieldInNVGebied; here it is stated.
const where = Object.fromEntries(
  fields.map((f) => [f.id, { region: "klei" as const, isNVGebied: false, isGWBG: false }]),
);
// The slurry was produced on the farm itself (its werkingscoëfficiënt depends on it).
const manureOrigin = Object.fromEntries(
  (await getFertilizers(fdm, principal, farm.id)).map((f) => [f.id, "eigen_bedrijf" as const]),
);
// The year is a value: any year of getNormYears() the farm has data for.
const norms = await getGebruiksnormenForFarm(fdm, principal, farm.id, 2025, {
  fields: where,
  manureOrigin,
});

for (const field of norms.fields) {
  console.log(\`stikstof: \${field.stikstof.norm.normValue} kg N/ha (\${field.stikstof.norm.table2Name}, \${field.stikstof.norm.variant})\`);
  console.log(\`  used: \${field.stikstof.filling.normFilling.toFixed(1)} kg N/ha\`);
  console.log(\`fosfaat: \${field.fosfaat.norm.normValue} kg P2O5/ha (klasse \${field.fosfaat.norm.fosfaatklasse})\`);
  console.log(\`dierlijke mest: \${field.dierlijkeMest.norm.normValue} kg N/ha (\${field.dierlijkeMest.norm.label})\`);
  console.log(\`  used: \${field.dierlijkeMest.filling.normFilling.toFixed(1)} kg N/ha\`);
}
`,
  },
  {
    id: "balance",
    title: "4. The nitrogen balance",
    code: `import { getCultivationsForFarm, getFarms } from "fdm-core";
import { getNitrogenBalanceForFarm } from "fdm-calculator";

const [farm] = await getFarms(fdm, principal);
if (!farm) throw new Error("No farm yet: run scripts 1 and 2 first");

const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
// Without crops every figure would be unknown: script 2 adds them.
if ((await getCultivationsForFarm(fdm, principal, farm.id, year)).length === 0)
  throw new Error("No crops yet: run script 2 first");
// Every figure comes from the database and the defaults: crop figures from the
// catalogue, soil type from the soil analysis, NMI's default mineralization,
// ammonia factors and deposition. Options may override any of them.
const balance = await getNitrogenBalanceForFarm(fdm, principal, farm.id, year);

const kg = (v: number | null) => (v === null ? "unknown" : \`\${v.toFixed(1)} kg N/ha\`);
console.log("supply:  ", kg(balance.supply.total));
console.log("removal: ", kg(balance.removal.total));
console.log("emission:", kg(balance.emission.total));
console.log("balance: ", kg(balance.balance));
// A figure that is truly missing is listed, never counted as 0.
console.log(
  balance.complete
    ? "complete: every figure from the database"
    : \`missing: \${[...new Set(balance.missing.map((m) => m.item))].join(", ")}\`,
);
`,
  },
  {
    id: "organic-matter",
    title: "5. The soil organic-matter balance",
    code: `import { getFarms } from "fdm-core";
import { getOrganicMatterBalanceForFarm } from "fdm-calculator";

const [farm] = await getFarms(fdm, principal);
if (!farm) throw new Error("No farm yet: run scripts 1 and 2 first");

const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
// Supply: the effective organic matter (EOM) of the crops, their residues and the
// products, from the catalogues. Degradation: the soil's own organic matter, from
// the soil analysis. No bulk density was measured, so it is estimated (and said).
const balance = await getOrganicMatterBalanceForFarm(fdm, principal, farm.id, year);

const kg = (v: number | null) => (v === null ? "unknown" : \`\${Math.round(v)} kg/ha\`);
console.log("supply:     ", kg(balance.supply.total));
console.log("degradation:", kg(balance.degradation));
console.log("balance:    ", kg(balance.balance));
for (const e of balance.estimated) console.log(\`estimated: \${e.item} \${e.value.toFixed(2)} g/cm³\`);
console.log(balance.complete ? "complete" : \`missing: \${balance.missing.map((m) => m.item).join(", ")}\`);
`,
  },
];
