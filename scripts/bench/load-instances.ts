import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Compiles the server from the current sources into dist-server/ (as `npm run build` does), once per bench. */
export function compileServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
}

/** A started app instance. */
export interface Instance {
  port: number;
  child: ChildProcess;
  /** Resident memory of the server process now, in MB. */
  rssMb(): number;
  /** The highest resident memory the process has had (VmHWM), in MB. */
  peakMb(): number;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

/**
 * Starts one server process (the compiled server, `node dist-server/server/main.js`: see
 * `compileServer`; `nodeArgs` before it, e.g. `--cpu-prof`) on loopback and waits until
 * `/api/health` answers. Logs go to the parent's stderr only when they are warnings or worse.
 */
export async function startInstance(port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs, 'dist-server/server/main.js'], {
    cwd: root,
    env: { ...process.env, RINGI_LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`instance on port ${port} did not start in 120 s`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    child,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    peakMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
