// Builds the production bundle when it is missing or older than the sources it is made from.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const inputs = ["app", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const buildDirectory = process.env.BUILD_DIR ?? "build";
const stampPath = path.join(buildDirectory, ".source-hash");

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

const hash = crypto.createHash("sha256");
for (const input of inputs) {
  for (const file of files(input)) {
    hash.update(file);
    hash.update(fs.readFileSync(file));
  }
}
const sourceHash = hash.digest("hex");
const built = fs.existsSync(path.join(buildDirectory, "server/index.js")) && fs.existsSync(stampPath);
// A deployed image carries the build without its sources: nothing to compare, nothing to build from.
if (built && !fs.existsSync("app")) process.exit(0);
if (built && fs.readFileSync(stampPath, "utf8") === sourceHash) process.exit(0);

console.log("Building the production bundle…");
const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stampPath, sourceHash);
