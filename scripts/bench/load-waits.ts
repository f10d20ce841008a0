import pg from 'pg';

/**
 * What the database's sessions wait on during a run: once a second, the backends of the bench
 * database that are running a statement and what each waits on (`pg_stat_activity`). The most
 * at once per 10 s window, beside the windows' p99, it says whether a slow window queued on a lock (which
 * one), on the WAL's flush or on nothing but the CPU. Sampling costs one short query a second.
 */
/** One 10 s window: the most backends seen running at once, and the most seen at once waiting on each event. */
export interface WaitWindow { active: number; waits: Record<string, number> }

export interface WaitSampler {
  /** Stops sampling; per 10 s window from the start, the most backends seen at once waiting on each event (`Lock:advisory` …) and the most active. */
  stop(): Promise<WaitWindow[]>;
}

export async function sampleWaits(databaseUrl: string): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = Date.now();
  const windows: WaitWindow[] = [];
  let busy: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    busy = client.query<{ event: string | null; n: number }>(`select wait_event_type || ':' || wait_event as event, count(*)::int as n
      from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`).then(({ rows }) => {
      const index = Math.floor((Date.now() - start) / 10_000);
      const window = (windows[index] ??= { active: 0, waits: {} });
      window.active = Math.max(window.active, rows.reduce((sum, r) => sum + r.n, 0));
      for (const { event, n } of rows) if (event) window.waits[event] = Math.max(window.waits[event] ?? 0, n);
    }).catch(() => undefined);
  }, 1000);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await client.end();
      return Array.from(windows, (w) => w ?? { active: 0, waits: {} });
    },
  };
}

/** One line per run: each 10 s window's most active backends and its largest waits, e.g. `16 (Lock:advisory 15)`. */
export function describeWaits(windows: WaitWindow[]): string {
  return windows.map((w) => {
    const top = Object.entries(w.waits).sort((a, b) => b[1] - a[1]).slice(0, 2).map(([event, n]) => `${event} ${n}`);
    return top.length ? `${w.active} (${top.join(', ')})` : String(w.active);
  }).join(' · ');
}
