// Test fixture of the collector tests: a small farm written through fdm-core's
// public API into an in-memory PGlite database. Excluded from the build.
import { randomBytes } from "node:crypto";
import {
  addCultivation,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addField,
  addHarvest,
  addSoilAnalysis,
  createFdmAuth,
  createFdmLocal,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmLocalType,
  type FdmType,
  syncCatalogues,
} from "fdm-core";

/**
 * Signs up a user, as an application would (only an existing user acts in fdm-core),
 * and returns the user's id: by default the farmer who owns the test farm.
 */
export async function signUpOwner(
  fdm: FdmType,
  name = "Anna de Boer",
  email = "anna@example.org",
): Promise<string> {
  const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
  const { user } = await auth.api.signUpEmail({
    body: { name, email, password: "correct horse battery" },
  });
  return user.id;
}

/**
 * A 100 m × 100 m square (1.00 ha on turf's sphere: 100 m is 0.00089832° of
 * latitude and, at 51.98° N, 0.0014585° of longitude), shifted east by `i` squares.
 */
export function squareHa(i: number) {
  const x = 5.66 + i * 0.002;
  return {
    type: "Polygon" as const,
    coordinates: [
      [
        [x, 51.98],
        [x + 0.0014585, 51.98],
        [x + 0.0014585, 51.98 + 0.00089832],
        [x, 51.98 + 0.00089832],
        [x, 51.98],
      ],
    ],
  };
}

export interface TestFarm {
  fdm: FdmLocalType;
  /** The farm's owner: a signed-up user. */
  owner: string;
  /** A signed-up user without a role on the farm. */
  stranger: string;
  farmId: string;
  /** "Akker": maize in 2024, winter wheat 2024-10-20 to its harvest on 2025-08-01, CAN in March. */
  arable: {
    fieldId: string;
    maizeId: string;
    wheatId: string;
    wheatHarvestId: string;
    canApplicationId: string;
    autumnApplicationId: string;
  };
  /** "Weide": permanent grassland since 2015, cattle slurry in March, two cuts. */
  grass: {
    fieldId: string;
    grassId: string;
    firstCutId: string;
    secondCutId: string;
    slurryApplicationId: string;
  };
  canId: string;
  slurryId: string;
}

/**
 * Writes the test farm:
 *
 * - Akker (1 ha): maize `nl_259` 2024-04-20 to 2024-10-01; winter wheat `nl_233`
 *   from 2024-10-20, harvested 2025-08-01 (8,000 kg DM/ha, 20 g N/kg DM), which
 *   ends it; CAN 27% (`baat_028`) 300 kg/ha on 2024-11-01 and 500 kg/ha on
 *   2025-03-15, broadcast; soil analysis of 2024-02-01 with P-CaCl2 2.0, P-AL 40
 *   and grondwatertrap VI.
 * - Weide (1 ha): permanent grassland `nl_265` since 2015-01-01; cattle slurry
 *   (`rvo_14`) 30,000 kg/ha by shallow injection on 2025-03-15; cuts on
 *   2025-05-20 (3,000 kg DM/ha, 30 g N/kg DM) and 2025-07-01 (2,500 kg DM/ha,
 *   N content not measured); soil analysis of 2023-03-01 with P-CaCl2 2.0 and P-AL 40.
 */
export async function createTestFarm(): Promise<TestFarm> {
  const fdm = await createFdmLocal();
  await syncCatalogues(fdm);
  const owner = await signUpOwner(fdm);
  const stranger = await signUpOwner(fdm, "Sam Vreemd", "sam@example.org");
  const farmId = await addFarm(fdm, owner, { name: "Proefboerderij" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  await enableFertilizerCatalogue(fdm, owner, farmId, "baat");

  const canId = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2024-09-01"),
  });
  const slurryId = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2025-01-01"),
  });

  const arableId = await addField(fdm, owner, farmId, {
    name: "Akker",
    geometry: squareHa(0),
    acquiringDate: new Date("2010-01-01"),
    acquiringMethod: "owner",
  });
  const maizeId = await addCultivation(fdm, owner, arableId, {
    catalogueItemId: "nl_259",
    startDate: new Date("2024-04-20"),
    endDate: new Date("2024-10-01"),
  });
  const wheatId = await addCultivation(fdm, owner, arableId, {
    catalogueItemId: "nl_233",
    startDate: new Date("2024-10-20"),
  });
  const wheatHarvestId = await addHarvest(fdm, owner, wheatId, {
    harvestDate: new Date("2025-08-01"),
    dryMatterYield: 8000,
    nitrogenContent: 20,
  });
  const autumnApplicationId = await addFertilizerApplication(fdm, owner, arableId, {
    fertilizerId: canId,
    amountKgPerHa: 300,
    method: "broadcasting",
    applicationDate: new Date("2024-11-01"),
  });
  const canApplicationId = await addFertilizerApplication(fdm, owner, arableId, {
    fertilizerId: canId,
    amountKgPerHa: 500,
    method: "broadcasting",
    applicationDate: new Date("2025-03-15"),
  });
  await addSoilAnalysis(fdm, owner, arableId, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: { pCaCl2: 2.0, pAl: 40, gwlClass: "VI" },
  });

  const grassFieldId = await addField(fdm, owner, farmId, {
    name: "Weide",
    geometry: squareHa(1),
    acquiringDate: new Date("2010-01-01"),
    acquiringMethod: "owner",
  });
  const grassId = await addCultivation(fdm, owner, grassFieldId, {
    catalogueItemId: "nl_265",
    startDate: new Date("2015-01-01"),
  });
  const firstCutId = await addHarvest(fdm, owner, grassId, {
    harvestDate: new Date("2025-05-20"),
    dryMatterYield: 3000,
    nitrogenContent: 30,
  });
  const secondCutId = await addHarvest(fdm, owner, grassId, {
    harvestDate: new Date("2025-07-01"),
    dryMatterYield: 2500,
  });
  const slurryApplicationId = await addFertilizerApplication(fdm, owner, grassFieldId, {
    fertilizerId: slurryId,
    amountKgPerHa: 30000,
    method: "shallow_injection",
    applicationDate: new Date("2025-03-15"),
  });
  await addSoilAnalysis(fdm, owner, grassFieldId, {
    samplingDate: new Date("2023-03-01"),
    source: "laboratory",
    parameters: { pCaCl2: 2.0, pAl: 40 },
  });

  return {
    fdm,
    owner,
    stranger,
    farmId,
    arable: {
      fieldId: arableId,
      maizeId,
      wheatId,
      wheatHarvestId,
      canApplicationId,
      autumnApplicationId,
    },
    grass: { fieldId: grassFieldId, grassId, firstCutId, secondCutId, slurryApplicationId },
    canId,
    slurryId,
  };
}
