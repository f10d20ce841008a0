import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenCpuMs, msPerTick, postgresSpent, type PostgresTicks } from '../../scripts/bench/load-cpu';

/** The load bench's CPU split (scripts/bench/load-cpu.ts): PostgreSQL's background processes apart, and what a child program spent. */
describe('the load bench\'s CPU meter', () => {
  const ms = (ticks: number) => ticks * msPerTick;

  it('counts what each process spent since the start, a new one all of its time, and names the background processes\' share', () => {
    const from: PostgresTicks = { ticks: new Map([[10, 100], [11, 50], [12, 7]]), background: new Set([11]) };
    // 10 (a backend) spent 30; 11 (the WAL writer) 5; 12 exited; 13 (an autovacuum worker) is new with 20.
    const now: PostgresTicks = { ticks: new Map([[10, 130], [11, 55], [13, 20]]), background: new Set([11, 13]) };
    expect(postgresSpent(from, now)).toEqual({ all: ms(55), background: ms(25) });
  });

  it('adds a program\'s CPU once it ended', () => {
    const before = childrenCpuMs();
    // A child that burns 300 ms of its own CPU, however long that takes on a busy machine.
    execFileSync(process.execPath, ['-e', 'const s = process.cpuUsage(); while ((process.cpuUsage(s).user + process.cpuUsage(s).system) < 300_000);']);
    expect(childrenCpuMs() - before).toBeGreaterThanOrEqual(290);
  });
});
