// Reading a process's memory and CPU time from /proc (Linux), for scripts/measure-memory.ts.
import fs from "node:fs";

export interface Sample {
  rssKb: number;
  hwmKb: number;
}

/** VmRSS and VmHWM of a process, in kB. */
export function sample(pid: number): Sample {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
}

/**
 * Resident memory of WebAssembly memories (PGlite's Postgres heap): V8 maps each one read-write, directly
 * followed by a reserved, inaccessible guard region of several gigabytes.
 */
export function wasmResidentKb(pid: number): number {
  const mappings: { start: bigint; end: bigint; perms: string; sizeKb: number; rssKb: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (header) {
      const [, start, end, perms] = header;
      mappings.push({ start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), perms: perms!, sizeKb: 0, rssKb: 0 });
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const current = mappings.at(-1);
    if (field && current) current[field[1] === "Size" ? "sizeKb" : "rssKb"] = Number(field[2]);
  }
  let total = 0;
  for (let i = 0; i + 1 < mappings.length; i++) {
    const memory = mappings[i]!;
    const guard = mappings[i + 1]!;
    const isGuard = guard.perms === "---p" && guard.start === memory.end && guard.sizeKb >= 4 * 1024 * 1024;
    if (memory.perms === "rw-p" && isGuard) total += memory.rssKb;
  }
  return total;
}

/** CPU time a process has used (user + system, all its threads), in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) — utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
// sysconf(_SC_CLK_TCK): 100 on Linux.
const CLOCK_TICKS = 100;
