import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getSiteSettings } from "@/lib/data/settings";
import { createBackup } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0010 (the appearance settings: card titles, type pairing, accent colour, content
 * width) upgrades a site made before it without loss: its data directory (or PostgreSQL database)
 * and a backup archive written before it. The old settings stay, the new ones read as today's look.
 */
const { work, fresh } = useDatabases("migration-0010");

const OLD_SETTINGS = {
  ownerName: "Old Owner",
  tagline: "Old tagline",
  biography: "Old biography",
  portraitUrl: "",
  portraitKey: null,
  contactEmail: "old@example.com",
  showreelUrl: "",
  showreelPosterUrl: "",
  showreelPosterKey: null,
  socials: { behance: "https://behance.net/old", github: "", instagram: "", dribbble: "" },
};

const TODAY = {
  cardTitles: "hover",
  typePairing: "inter",
  accentColor: "#c2410c",
  contentWidth: "standard",
};

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(10, work, dataDir, run);

describe("migration 0010: appearance settings", () => {
  it("upgrades a site made before it without loss, and its backups restore", async () => {
    const dataDir = await fresh();
    const archive = path.join(work, "before-0010.tar.gz");
    await withOldSchema(dataDir, async (execute) => {
      await execute(
        sql`insert into site_settings (key, value) values ('site', ${JSON.stringify(OLD_SETTINGS)}::jsonb)`,
      );
    });

    // The current code opens the same database: 0010 runs, the old settings are intact and the
    // row now names today's look explicitly.
    expect(await getSiteSettings()).toEqual({ ...OLD_SETTINGS, ...TODAY });
    const db = await getDb();
    const [row] = rowsOf<{ value: Record<string, unknown> }>(
      await db.execute(sql`select value from site_settings where key = 'site'`),
    );
    expect(row?.value).toEqual({ ...OLD_SETTINGS, ...TODAY });

    // A backup written before the appearance fields existed (its settings row lacks them)
    // restores into a site after 0010: the settings come back, the new fields read as defaults.
    await db.execute(
      sql`update site_settings set value = ${JSON.stringify(OLD_SETTINGS)}::jsonb where key = 'site'`,
    );
    expect(await createBackup(dataDir, archive)).toMatchObject({ rows: 1 });
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 1, files: 0 });
    expect(await getSiteSettings()).toEqual({ ...OLD_SETTINGS, ...TODAY });
  }, 300_000); // two fresh embedded databases: each initdb takes a minute on a busy machine
});
