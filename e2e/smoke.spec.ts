import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { serverEnvironment } from "../scripts/node-options.mjs";
import { processesMatching } from "../test/helpers/processes";

test("home page renders with the shared header and footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  const homeLink = header.getByRole("link").first();
  await expect(homeLink).toHaveAttribute("href", "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
});

test("the server runs with npm start's Node options and malloc settings", async ({ baseURL }) => {
  // scripts/e2e-server.mjs starts it as scripts/start.sh does (scripts/node-options.mjs).
  const expected = serverEnvironment(process.env);
  const port = `PORT=${new URL(baseURL!).port}`;
  const environOf = (pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    } catch {
      return [];
    }
  };
  const servers = processesMatching((p) => /next-server/.test(p.command))
    .map((p) => ({ ...p, environ: environOf(p.pid) }))
    .filter((p) => p.environ.includes(port));
  expect(servers.length).toBeGreaterThanOrEqual(1);
  for (const { environ } of servers)
    for (const name of ["NODE_OPTIONS", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"])
      expect(environ, name).toContain(`${name}=${expected[name]}`);
});
