import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import {
  INSTANCE_CHANNEL,
  listenToInstances,
  notifyInstances,
  type InstanceMessage,
} from "./notify";

/**
 * Messages between servers on one PostgreSQL database: a server hears the others, not
 * itself, and after its listening connection is lost it reconnects and reports the gap (its caller
 * then drops what it may have kept too long).
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
useTestDatabase();

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!onServer)("LISTEN/NOTIFY between servers", () => {
  it("delivers another server's messages, skips its own, and reports a lost connection", async () => {
    const url = process.env.DATABASE_URL!;
    const heard: InstanceMessage[] = [];
    let gaps = 0;
    const listener = listenToInstances(
      url,
      (m) => heard.push(m),
      () => gaps++,
      100,
    );
    try {
      await listener.ready;
      const other = new Client({ connectionString: url });
      await other.connect();
      try {
        const send = (message: InstanceMessage) =>
          other.query("select pg_notify($1, $2)", [INSTANCE_CHANNEL, JSON.stringify(message)]);
        await send({ from: "another-server", tags: ["projects"] });
        await notifyInstances({ tags: ["settings"] }); // this server's own: not delivered
        await other.query("select pg_notify($1, 'not json')", [INSTANCE_CHANNEL]);
        await send({ from: "another-server", keys: true });
        await until(() => heard.length === 2);
        expect(heard).toEqual([
          { from: "another-server", tags: ["projects"] },
          { from: "another-server", keys: true },
        ]);
        expect(gaps).toBe(0);

        // The database ends the listening connection (a restart, a failover, an idle timeout).
        await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN %'
             and pid <> pg_backend_pid()`,
        );
        await until(() => gaps === 1);
        await send({ from: "another-server", tags: ["project:1"] });
        await until(() => heard.length === 3);
        expect(heard[2]).toEqual({ from: "another-server", tags: ["project:1"] });
      } finally {
        await other.end();
      }
    } finally {
      await listener.close();
    }
  });
});
