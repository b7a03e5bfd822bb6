import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run lint:cycles` (dpdm, in `npm run lint`), run as package.json says on a small project of its own: it must
// count type-only imports and follow the tsconfig's ~/ alias, and leave a dynamic import() alone.
const lintCycles = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts["lint:cycles"] as string;
const dpdm = path.resolve("node_modules/.bin/dpdm");

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: "ES2022", moduleResolution: "bundler", baseUrl: ".", paths: { "~/*": ["./app/*"] } },
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function lint(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lint-cycles-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries({ "tsconfig.json": TSCONFIG, ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const result = spawnSync("sh", ["-c", lintCycles.replace(/^dpdm/, dpdm)], { cwd: dir, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("npm run lint:cycles", () => {
  it("fails on a circle of type-only imports, one of them through the ~/ alias", () => {
    const { status, output } = lint({
      "app/a.ts": 'import type { B } from "~/b";\nexport type A = { b?: B };\n',
      "app/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(status).toBe(1);
    expect(output).toMatch(/app\/a\.ts -> app\/b\.ts|app\/b\.ts -> app\/a\.ts/);
  });

  it("fails on a three-file circle through a re-export", () => {
    const { status } = lint({
      "app/f.ts": 'export { g } from "./g";\nexport const f = 1;\n',
      "app/g.ts": 'import { h } from "./h";\nexport const g = h;\n',
      "app/h.ts": 'import { f } from "./f";\nexport const h = f;\n',
    });
    expect(status).toBe(1);
  });

  it("passes a dynamic import back (it runs later) and a file that only imports", () => {
    const { status, output } = lint({
      "app/d.ts": 'export const load = () => import("./e");\n',
      "app/e.ts": 'import { load } from "./d";\nexport const again = load;\n',
      "app/c.ts": 'export type { Again } from "./f";\n',
      "app/f.ts": "export type Again = string;\n",
    });
    expect(output).toContain("no circular dependency");
    expect(status).toBe(0);
  });
});
