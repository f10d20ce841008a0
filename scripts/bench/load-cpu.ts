import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent while a phase ran, from /proc (Linux): the app instances' processes, every
 * `postgres` process of the machine (the local server's backends) and the bench's own load
 * generator, so a figure says where a request's time went: "app 9.1 ms, PostgreSQL 7.0 ms per
 * decision". Counted per process: what each one present at the end spent since the start (a new
 * one all of its time). A backend that exits during the phase takes its time in it away (the pools
 * keep theirs open, so the share is small) — and only that: an exiting autovacuum worker's earlier
 * hours no longer make the difference negative.
 */
const msPerTick = 1000 / (Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** utime + stime of a /proc/<pid>/stat line, and its command name. */
function parseStat(text: string): { comm: string; ticks: number } | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < 0) return null;
  const fields = text.slice(close + 2).split(' ');
  return { comm: text.slice(open + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
}

function ticksOf(pid: number): number {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.ticks ?? 0;
  } catch {
    return 0;
  }
}

/** utime + stime of every `postgres` process of the machine, by pid. */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat?.comm === 'postgres') ticks.set(Number(entry), stat.ticks);
    } catch { /* exited meanwhile */ }
  }
  return ticks;
}

/** The time the processes of `now` spent since `from` (a process new since then: all of its time). */
function spentSince(from: Map<number, number>, now: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ticks] of now) sum += Math.max(0, ticks - (from.get(pid) ?? 0));
  return sum;
}

export interface CpuSnapshot { app: number; postgres: Map<number, number>; generator: number }

/** Where the CPU went for the app processes `pids`. */
export function cpuMeter(pids: number[]) {
  const snapshot = (): CpuSnapshot => {
    const own = process.cpuUsage();
    return { app: pids.reduce((sum, pid) => sum + ticksOf(pid), 0) * msPerTick, postgres: postgresTicks(), generator: (own.user + own.system) / 1000 };
  };
  return {
    snapshot,
    /** "CPU per <unit>: app …, PostgreSQL …, load generator …" for `count` requests since `from`. */
    per(from: CpuSnapshot, count: number, unit: string): string {
      const now = snapshot();
      const each = (ms: number) => `${(ms / Math.max(count, 1)).toFixed(1)} ms`;
      return `CPU per ${unit}: app ${each(now.app - from.app)}, PostgreSQL ${each(spentSince(from.postgres, now.postgres) * msPerTick)}, load generator ${each(now.generator - from.generator)} (${count.toLocaleString('en')} ${unit}s)`;
    },
  };
}

export type CpuMeter = ReturnType<typeof cpuMeter>;
