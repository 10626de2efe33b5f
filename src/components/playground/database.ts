import { createFdmLocal, type FdmLocalType, fdmSchema } from "fdm-core";
import { PLAYGROUND_PRINCIPAL } from "./starters";

/**
 * Opens the playground's database: PGlite in the reader's browser (in memory),
 * migrated, with its one user. fdm-core lets only an existing user act; the
 * playground is a single-user database on the reader's own machine, so its user
 * is written directly instead of signing up through better-auth, which the
 * browser entry does not bundle.
 */
export async function openPlaygroundDatabase(): Promise<FdmLocalType> {
  const fdm = await createFdmLocal();
  await fdm.insert(fdmSchema.authUser).values({
    id: PLAYGROUND_PRINCIPAL,
    name: "Playground",
    email: "playground@localhost.invalid",
    emailVerified: true,
  });
  return fdm;
}
