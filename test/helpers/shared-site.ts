import { inject } from "vitest";
import {
  OWNER_EMAIL,
  PASSWORD,
  siteFiles,
  startApiSite,
  STRANGER_EMAIL,
  type ApiSite,
} from "./api-client";
import { signIn } from "./auth";
import type { RunningServer } from "./server";

/** Where the run's shared site answers; null when the run has none (no server project, or PostgreSQL). */
export type SharedSiteAddress = { url: string; dataDir: string };

declare module "vitest" {
  export interface ProvidedContext {
    sharedSite: SharedSiteAddress | null;
  }
}

/** The shared site as a file sees it: its server is not the file's to stop. */
export type SharedSite = Omit<ApiSite, "server"> & { server: Pick<RunningServer, "url"> };

/**
 * The site of `startApiSite()` (default environment, PGlite, the owner and a non-owner account)
 * that the Vitest run started once (test/helpers/global-setup.ts), for server files that only need
 * "a site": such a file makes its own projects and compares uploads and lists with its own earlier
 * reads, never with an empty site. Both accounts are signed in afresh for each file. `stop` leaves
 * the server to the files after it. A run without a shared site gives the file a site of its own.
 */
export async function useSharedSite(): Promise<SharedSite> {
  const address = inject("sharedSite");
  if (!address) return startApiSite();
  const owner = await signIn(address.url, OWNER_EMAIL, PASSWORD);
  const stranger = await signIn(address.url, STRANGER_EMAIL, PASSWORD);
  return {
    ...siteFiles(address.dataDir),
    server: { url: address.url },
    ownerToken: owner.accessToken,
    strangerToken: stranger.accessToken,
    stop: async () => {},
  };
}
