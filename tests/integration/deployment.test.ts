// What an operator meets when deploying: refusals of settings that cannot work, demo content only when
// asked for, the migrate command, the health endpoints, and the image and compose files' promises.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { demoBrands } from "~/content/demo";
import { startAppServer } from "../support/app-server";

const run = promisify(execFile);
const nodeBinary = fs.existsSync("node_modules/.bin/node") ? path.resolve("node_modules/.bin/node") : process.execPath;
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-test-"));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `node server.ts …args` with only these variables (plus PATH): its exit code and everything it printed. */
async function serverCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(nodeBinary, ["server.ts", ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("settings that cannot work refuse to start, saying what to set", () => {
  it("Postgres without a shared secret or shared uploads", async () => {
    const { code, output } = await serverCommand([], {
      DATA_DIR: freshDataDir(),
      DATABASE_URL: "postgres://app@127.0.0.1:1/site",
    });
    expect(code).toBe(1);
    expect(output).toContain("SESSION_SECRET: with DATABASE_URL several instances can share the database");
    expect(output).toContain("SINGLE_INSTANCE=true");
    expect(output).not.toContain("Serving");
  });

  it("Supabase Storage without credentials", async () => {
    const { code, output } = await serverCommand([], { DATA_DIR: freshDataDir(), STORAGE_DRIVER: "supabase" });
    expect(code).toBe(1);
    expect(output).toContain("SUPABASE_URL: STORAGE_DRIVER=supabase needs your project's URL");
    expect(output).toContain("SUPABASE_SERVICE_ROLE_KEY");
  });
});

describe("demo content", () => {
  const brandsPage = async (url: string) => {
    const response = await fetch(`${url}/brands`, { headers: { Cookie: "age_verified=true" } });
    return response.text();
  };

  it("a deployment (plain `node server.ts`) starts without it", async () => {
    const server = await startAppServer({ DATA_DIR: freshDataDir() }, { unset: ["SEED_DEMO"] });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await brandsPage(server.url)).not.toContain(demoBrands[0].name);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("`npm start` (server.ts --demo) shows it, unless SEED_DEMO says otherwise", async () => {
    const demo = await startAppServer({ DATA_DIR: freshDataDir() }, { unset: ["SEED_DEMO"], args: ["--demo"] });
    try {
      expect(await brandsPage(demo.url)).toContain(demoBrands[0].name);
    } finally {
      await demo.stop();
    }
    const declined = await startAppServer({ DATA_DIR: freshDataDir(), SEED_DEMO: "false" }, { args: ["--demo"] });
    try {
      expect(await brandsPage(declined.url)).not.toContain(demoBrands[0].name);
    } finally {
      await declined.stop();
    }
  }, 120_000);
});

describe("npm run migrate (node server.ts migrate)", () => {
  it("applies the migrations, then finds nothing to do, and leaves a running server's database alone", async () => {
    const dataDir = freshDataDir();
    const first = await serverCommand(["migrate"], { DATA_DIR: dataDir });
    expect(first.code).toBe(0);
    expect(first.output).toMatch(/Applied \d+ migration\(s\): \d{14}_/);
    const again = await serverCommand(["migrate"], { DATA_DIR: dataDir });
    expect(again).toMatchObject({ code: 0, output: expect.stringContaining("The database is up to date.") });

    const server = await startAppServer({ DATA_DIR: dataDir });
    try {
      const whileServing = await serverCommand(["migrate"], { DATA_DIR: dataDir });
      expect(whileServing.code).toBe(1);
      expect(whileServing.output).toContain("A running server holds the embedded database");
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("names an unknown command", async () => {
    const { code, output } = await serverCommand(["migrat"], { DATA_DIR: freshDataDir() });
    expect(code).toBe(2);
    expect(output).toContain('Unknown command "migrat"');
  });
});

describe("health endpoints", () => {
  it("/healthz says the process answers and /readyz that the database is migrated; neither is cached", async () => {
    const server = await startAppServer({ DATA_DIR: freshDataDir() });
    try {
      for (const [path, body] of [
        ["/healthz", "ok"],
        ["/readyz", "ready"],
      ]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.text()).toBe(body);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("the image and the compose example", () => {
  const dockerfile = fs.readFileSync("Dockerfile", "utf8");
  const ignored = fs.readFileSync(".dockerignore", "utf8").split("\n");
  const compose = fs.readFileSync("compose.yaml", "utf8");

  it("runs as an unprivileged user, with a health check that allows for the first start, and no demo", () => {
    const runStage = dockerfile.slice(dockerfile.lastIndexOf("FROM "));
    expect(runStage).toMatch(/^USER node$/m);
    expect(runStage).toMatch(/HEALTHCHECK .*--start-period=\d+s/);
    expect(runStage).toMatch(/\/healthz/);
    expect(runStage).toMatch(/SEED_DEMO=false/);
    expect(runStage).toMatch(/NODE_ENV=production/);
    // Everything server.ts imports is in the image, with the local packages node_modules links to.
    for (const needed of ["server.ts", "/app/server ", "/app/build ", "/app/supabase ", "/app/node_modules "]) {
      expect(runStage).toContain(needed);
    }
  });

  it("keeps local secrets and data out of the build context", () => {
    for (const entry of [".env", ".env.*", "data", "backups", "node_modules"]) expect(ignored).toContain(entry);
  });

  it("runs two instances on Postgres with one secret, shared uploads and a migrate step first", () => {
    expect(compose).toMatch(/^ {2}app1: \*app$/m);
    expect(compose).toMatch(/^ {2}app2: \*app$/m);
    expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
    expect(compose).toMatch(/SHARED_DATA_DIR: "true"/);
    expect(compose).toMatch(/command: \["node", "server.ts", "migrate"\]/);
    expect(compose).toMatch(/condition: service_completed_successfully/);
  });
});
