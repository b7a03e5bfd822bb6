// The upload part of scripts/measure-memory.ts: the app's image pipeline (storeImage) in a process of its
// own, on large images, with libvips' cache on and off.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type Sample, sample } from "./process-usage.ts";
import { mb, printTable } from "./report.ts";
import { nodeBinary } from "./server.ts";

/** Run as `--upload-probe <image> <libvips cache: on|off>`: stores the image three times, prints JSON. */
export async function uploadProbe(file: string, cache: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-upload-"));
  process.env.DATA_DIR = dataDir;
  try {
    const { storeImage } = await import("~/server/images.server");
    // "on" puts back libvips' default cache, as the app ran before it turned it off.
    if (cache === "on") sharp.cache(true);
    const bytes = new Uint8Array(fs.readFileSync(file));
    const before = sample(process.pid);
    let outcome = "stored";
    for (let i = 0; i < 3; i++) {
      try {
        await storeImage("deals", bytes, path.basename(file));
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
    }
    const after = sample(process.pid);
    console.log(JSON.stringify({ before, after, outcome }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Stores generated large JPEGs in fresh processes and prints their memory (RSS in MB). */
export async function measureUploads(scratch: string) {
  const images = [
    { name: "48 MP baseline JPEG (8000×6000)", width: 8000, height: 6000, progressive: false },
    { name: "48 MP progressive JPEG (8000×6000)", width: 8000, height: 6000, progressive: true },
    { name: "144 MP progressive JPEG (12000×12000)", width: 12000, height: 12000, progressive: true },
  ];
  const rows: string[][] = [];
  for (const image of images) {
    const file = path.join(scratch, `${image.width}x${image.height}-${image.progressive}.jpg`);
    await sharp({ create: { width: image.width, height: image.height, channels: 3, background: "#3a7d44" } })
      .jpeg({ progressive: image.progressive, quality: 85 })
      .toFile(file);
    const size = fs.statSync(file).size;
    for (const cache of ["on", "off"]) {
      const probe = spawnSync(
        nodeBinary,
        ["--import", "tsx", path.resolve("scripts/measure-memory.ts"), "--upload-probe", file, cache],
        { encoding: "utf8", env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" } },
      );
      const line = probe.stdout.trim().split("\n").at(-1) ?? "";
      if (probe.status !== 0 || !line.startsWith("{")) throw new Error(`The upload probe failed:\n${probe.stderr}`);
      const result = JSON.parse(line) as { before: Sample; after: Sample; outcome: string };
      rows.push([
        `${image.name}, ${Math.round(size / 1024)} KB`,
        cache === "on" ? "libvips default" : "off (as built)",
        mb(result.before.rssKb),
        mb(result.after.hwmKb),
        mb(result.after.rssKb),
        result.outcome.length > 40 ? `${result.outcome.slice(0, 40)}…` : result.outcome,
      ]);
    }
  }
  console.log("\nUploads: storeImage three times in a fresh process (RSS in MB)\n");
  printTable(["image", "libvips cache", "before", "peak", "after", "outcome"], rows);
}
