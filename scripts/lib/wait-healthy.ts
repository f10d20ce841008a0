/**
 * Waits until the server at `base` answers `/api/health`, up to 10 minutes: on a machine shared
 * with other builds (load average 20–35) a start on a fresh data folder (migrations, demo data,
 * definitions) has taken over 5. Throws when it never does.
 */
export async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('server did not start');
}
