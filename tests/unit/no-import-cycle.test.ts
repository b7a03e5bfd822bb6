import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";

// The lint rule that keeps import circles out (eslint-rules/no-import-cycle.js), on a small project of its own.
const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { module: "ES2022", moduleResolution: "bundler", baseUrl: ".", paths: { "~/*": ["./app/*"] } },
  }),
  // A circle through type-only imports, one of them by the ~/ alias.
  "app/a.ts": 'import type { B } from "~/b";\nexport type A = { b?: B };\n',
  "app/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
  // Imports into the circle without being part of it.
  "app/c.ts": 'export type { A } from "./a";\n',
  // A dynamic import back is no circle: it runs later.
  "app/d.ts": 'export const load = () => import("./e");\n',
  "app/e.ts": 'import { load } from "./d";\nexport const again = load;\n',
  // A three-file circle through a re-export.
  "app/f.ts": 'export { g } from "./g";\nexport const f = 1;\n',
  "app/g.ts": 'import { h } from "./h";\nexport const g = h;\n',
  "app/h.ts": 'import { f } from "./f";\nexport const h = f;\n',
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "no-import-cycle-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the no-import-cycle lint rule", () => {
  it("reports each import that leads back to its own file, type-only imports included, and nothing else", async () => {
    for (const [name, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const rulePath = path.resolve("eslint-rules/no-import-cycle.js");
    const { default: noImportCycle } = await import(pathToFileURL(rulePath).href);
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tseslint.parser },
          plugins: { local: { rules: { "no-import-cycle": noImportCycle } } },
          rules: { "local/no-import-cycle": ["error", { tsconfig: "tsconfig.json" }] },
        },
      ],
    });
    const results = await eslint.lintFiles(["app/*.ts"]);
    const reported = Object.fromEntries(
      results.map((result) => [
        path.relative(dir, result.filePath),
        result.messages.map((message) => `${message.line}: ${message.message}`),
      ]),
    );
    expect(reported).toEqual({
      "app/a.ts": ["1: Import circle: app/a.ts → app/b.ts → app/a.ts. Move the shared name to a file both can import."],
      "app/b.ts": ["1: Import circle: app/b.ts → app/a.ts → app/b.ts. Move the shared name to a file both can import."],
      "app/c.ts": [],
      "app/d.ts": [],
      "app/e.ts": [],
      "app/f.ts": [
        "1: Import circle: app/f.ts → app/g.ts → app/h.ts → app/f.ts. Move the shared name to a file both can import.",
      ],
      "app/g.ts": [
        "1: Import circle: app/g.ts → app/h.ts → app/f.ts → app/g.ts. Move the shared name to a file both can import.",
      ],
      "app/h.ts": [
        "1: Import circle: app/h.ts → app/f.ts → app/g.ts → app/h.ts. Move the shared name to a file both can import.",
      ],
    });
  });
});
