import { createFdmLocal, type FdmLocalType, fdmSchema } from "fdm-core";
import { PLAYGROUND_PRINCIPAL } from "./starters";

/**
 * Opens the playground's database: PGlite in the reader's browser (in memory),
 * migrated, with its one user. fdm-core lets only an existing user act; the
 * playground is a single-user database on the reader's own machine, so its user
 * is written directly instead of signing up through better-auth, which the
 * browser entry does not bundle.
 *
 * @param open - Opens the empty, migrated database: the toolkit worker passes
 *   one that starts from its snapshot.
 */
export async function openPlaygroundDatabase(
  open: () => Promise<FdmLocalType> = () => createFdmLocal(),
): Promise<FdmLocalType> {
  const fdm = await open();
  await fdm.insert(fdmSchema.authUser).values({
    id: PLAYGROUND_PRINCIPAL,
    name: "Playground",
    email: "playground@localhost.invalid",
    emailVerified: true,
  });
  return fdm;
}
