import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent while a phase ran, from /proc (Linux): the app instances' processes, every
 * `postgres` process of the machine (the local server's backends) and the bench's own load
 * generator, so a figure says where a request's time went: "app 9.1 ms, PostgreSQL 7.0 ms per
 * decision". Counted per process: what each one present at the end spent since the start (a new
 * one all of its time). A backend that exits during the phase takes its time in it away (the pools
 * keep theirs open, so the share is small) — and only that: an exiting autovacuum worker's earlier
 * hours no longer make the difference negative. PostgreSQL's figure names the share of its
 * background processes (WAL writer, checkpointer, background writer, autovacuum …) apart from the
 * backends that ran the statements.
 */
export const msPerTick = 1000 / (Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

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

/** A `postgres` process that runs no client's statements, by its title (`postgres: walwriter`, …). */
const BACKGROUND = /^postgres: (checkpointer|background writer|wal|autovacuum|logical replication|archiver|stats|startup)/;

export interface PostgresTicks {
  /** utime + stime by pid. */
  ticks: Map<number, number>;
  /** The pids of background processes. */
  background: Set<number>;
}

/** utime + stime of every `postgres` process of the machine, by pid, and which of them are background processes. */
export function postgresTicks(): PostgresTicks {
  const ticks = new Map<number, number>();
  const background = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat?.comm !== 'postgres') continue;
      ticks.set(Number(entry), stat.ticks);
      if (BACKGROUND.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '))) background.add(Number(entry));
    } catch { /* exited meanwhile */ }
  }
  return { ticks, background };
}

/** The ms the processes of `now` spent since `from` (a process new since then: all of its time): in all, and of the background processes. */
export function postgresSpent(from: PostgresTicks, now: PostgresTicks): { all: number; background: number } {
  let all = 0;
  let background = 0;
  for (const [pid, ticks] of now.ticks) {
    const spent = Math.max(0, ticks - (from.ticks.get(pid) ?? 0));
    all += spent;
    if (now.background.has(pid)) background += spent;
  }
  return { all: all * msPerTick, background: background * msPerTick };
}

/**
 * PostgreSQL's processes sampled every 250 ms until `stop()`, which answers what they spent since the
 * start: a program's own connections (pgbench's) end with it, and a snapshot taken after it would
 * no longer see their time.
 */
export function samplePostgres(): { stop(): { all: number; background: number } } {
  const from = postgresTicks();
  const seen: PostgresTicks = { ticks: new Map(), background: new Set() };
  const take = () => {
    const now = postgresTicks();
    for (const [pid, ticks] of now.ticks) seen.ticks.set(pid, ticks);
    for (const pid of now.background) seen.background.add(pid);
  };
  const timer = setInterval(take, 250);
  return {
    stop() {
      clearInterval(timer);
      take();
      return postgresSpent(from, seen);
    },
  };
}

/** CPU ms the children of this process have spent in all (`cutime` + `cstime`): a program counts once it ended and was waited for. */
export function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * msPerTick;
}

export interface CpuSnapshot { app: number; postgres: PostgresTicks; generator: number }

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
      const postgres = postgresSpent(from.postgres, now.postgres);
      return `CPU per ${unit}: app ${each(now.app - from.app)}, PostgreSQL ${each(postgres.all)} (its background processes ${each(postgres.background)}), `
        + `load generator ${each(now.generator - from.generator)} (${count.toLocaleString('en')} ${unit}s)`;
    },
  };
}

export type CpuMeter = ReturnType<typeof cpuMeter>;
