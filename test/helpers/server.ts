import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { serverEnvironment } from "../../scripts/node-options.mjs";
import { TEST_SETUP_TOKEN } from "./auth";
import { seedFromPgTemplate } from "./pg-template";
import { spawnGroup, stopGroup } from "./processes";

/** `next start`'s arguments in scripts/start.sh besides the port: next.config.ts read by Node.js itself. */
export const START_ARGS = ["start", "--experimental-next-config-strip-types"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /**
   * Sends `signal` to the server's whole process group (`next start` and the `next-server` it
   * runs), SIGKILL after 10 s; resolves with the exit code once no process of it is left.
   */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

const nextBin = path.resolve("node_modules/.bin/next");

/**
 * Starts the production build (`next start`) with the given environment, in a process group of its
 * own (test/helpers/processes.ts) that ends when the test process does. Resolves once it answers HTTP, or
 * rejects with its output (and nothing left running) if it exits first. Needs a prior `next build`.
 * Every server a test, the bench or the soak starts runs with `npm start`'s Node options and malloc
 * settings (serverEnvironment in scripts/node-options.mjs), so they check and measure what a site
 * runs. `node.options` replaces the production NODE_OPTIONS (and any inherited ones) and leaves out
 * the production malloc settings; `node.args` go on Node's command line.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  node: { options?: string; args?: readonly string[] } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(".next/BUILD_ID"))
    throw new Error("No production build: run `next build` first");
  seedFromPgTemplate({ DATABASE_URL: process.env.DATABASE_URL, ...env });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const nextArgs = [...START_ARGS, "--port", String(port)];
  // Node's own command-line flags (`node.args`) need Node.js started by name, not through the bin's
  // `#!/usr/bin/env node` line.
  const [command, args] = node.args
    ? ["node", [...node.args, nextBin, ...nextArgs]]
    : [nextBin, nextArgs];
  const child = spawnGroup(command, args, {
    env: {
      // Given options stand alone: an inherited heap limit or malloc setting would undo the bench's
      // server before the memory settings.
      ...serverEnvironment(process.env, node.options),
      NEXT_PUBLIC_SITE_URL: url,
      AUTH_SETUP_TOKEN: TEST_SETUP_TOKEN,
      // Nothing listens there: a saved Vimeo link never asks the real Vimeo for its thumbnail.
      VIMEO_OEMBED_URL: "http://127.0.0.1:9/oembed.json",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server: RunningServer = {
    url,
    process: child,
    output: () => log,
    exited,
    stop: async (signal = "SIGTERM") => {
      await stopGroup(child.pid, signal);
      return exited;
    },
  };
  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline) {
    if (done) {
      await stopGroup(child.pid, "SIGKILL");
      throw Object.assign(new Error(`Server exited early:\n${log}`), { server });
    }
    try {
      await fetch(url, { method: "HEAD" });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await server.stop("SIGKILL");
  throw new Error(`Server did not answer within 60 s:\n${log}`);
}

/** Runs a server that is expected to refuse to start; resolves with its exit code and output. */
export async function expectStartupFailure(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  try {
    const server = await startServer(env);
    await server.stop();
    throw new Error("The server started but was expected to fail");
  } catch (error) {
    const server = (error as { server?: RunningServer }).server;
    if (!server) throw error;
    return { code: await server.exited, output: server.output() };
  }
}
