/**
 * `npm run bench:load`: seeds the generated data set (BENCH_DOCS documents, default 100,000),
 * starts app instances on loopback and measures, at fixed evenly paced rates (scripts/bench/load-scenarios.ts) for
 * BENCH_SECONDS each (default 10; 20 when CI=true): the pending list, a document detail, a
 * submit, an approve and login. Prints req/s, p50/p95/p99, errors and RSS per instance after
 * the run. Figures only, no assertions; bounded in time. Modes (BENCH_MODES, default both):
 * `postgres`: BENCH_INSTANCES (2) instances on BENCH_DATABASE_URL (the `ringi_bench` database
 * of the local server, created and seeded once, reused while it holds enough documents) and
 * Redis when one answers on 127.0.0.1:6379; `embedded`: one instance on PGlite. BENCH_SCENARIOS
 * picks scenarios by name (`pending,detail,uploads`); BENCH_LIST_RATE changes the pending list's rate (200/s); each line ends with the 1-minute load average.
 * The pending list runs an unmeasured 3 s warm-up, then BENCH_PENDING_RUNS (3) measured runs, and
 * prints its p99 over the runs. Then an upload burst: BENCH_UPLOADS (30) PNGs of BENCH_UPLOAD_BYTES
 * (5 MiB) at once from ten users (refusals retried after Retry-After), with /api/health and the
 * pending list probed every 50 ms meanwhile (p50/p95/p99), and RSS before, right after and
 * BENCH_UPLOAD_SETTLE_S (60) s later.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { compileServer, startInstance, type Instance } from './bench/load-instances';
import { runScenario, type ScenarioResult } from './bench/load-scenarios';
import { prepareData, type BenchData } from './bench/load-data';
import { uploadBurst } from './bench/load-uploads';

const env = process.env;
const ci = env.CI === 'true';
const docs = Number(env.BENCH_DOCS ?? 100_000);
const seconds = Number(env.BENCH_SECONDS ?? (ci ? 20 : 10));
const instances = Number(env.BENCH_INSTANCES ?? 2);
const modes = (env.BENCH_MODES ?? 'postgres,embedded').split(',').map((m) => m.trim());
/** Scenario names to run (substring match, comma-separated; default all), e.g. `pending,detail`. */
const only = (env.BENCH_SCENARIOS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const pgUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ringi_bench';
const basePort = Number(env.BENCH_PORT ?? 8270);
/** Measured runs of the pending list (after an unmeasured warm-up), for its p99 over runs. */
const pendingRuns = Number(env.BENCH_PENDING_RUNS ?? 3);
/** Uploads in the burst (0 = no burst), their size, and how long after it RSS is read again. */
const uploadCount = Number(env.BENCH_UPLOADS ?? 30);
const uploadBytes = Number(env.BENCH_UPLOAD_BYTES ?? 5 * 1024 * 1024);
const uploadSettleSeconds = Number(env.BENCH_UPLOAD_SETTLE_S ?? 60);
const load1 = () => loadavg()[0].toFixed(2);
const JWT_SECRET = 'ringi-load-bench-secret-0123456789';

async function redisUrl(): Promise<string | undefined> {
  if (env.BENCH_REDIS_URL !== undefined) return env.BENCH_REDIS_URL || undefined;
  const { Redis } = await import('ioredis');
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return 'redis://127.0.0.1:6379';
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  parsed.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: parsed.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

async function measure(mode: string, count: number, appEnv: Record<string, string>, data: BenchData, rates: Record<string, number>) {
  const started: Instance[] = [];
  const results: ScenarioResult[] = [];
  try {
    for (let i = 0; i < count; i++) started.push(await startInstance(basePort + i, appEnv));
    const ports = started.map((s) => s.port);
    const idle = started.map((s) => s.rssMb());
    console.log(`  ${mode} RSS idle after start: ${started.map((s, i) => `:${s.port} ${idle[i]} MB`).join(', ')}`);
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });
    let step = 0;
    const scenarios = [
      { name: 'pending list GET /api/approvals/my', rate: rates.list, method: 'GET' as const, path: () => '/api/approvals/my', headers: auth(data.approverToken) },
      { name: 'document detail GET /api/buffers/{id}', rate: rates.detail, method: 'GET' as const, path: () => `/api/buffers/${data.detailId}`, headers: auth(data.approverToken) },
      { name: `submit POST /api/buffer/{module} (${data.submit.module})`, rate: rates.submit, method: 'POST' as const, path: () => `/api/buffer/${data.submit.module}`, body: () => data.submit.body, headers: auth(data.submit.token) },
      { name: 'approve POST /api/approvals/{id}/action', rate: rates.approve, method: 'POST' as const, path: () => `/api/approvals/${data.steps[step++ % data.steps.length]}/action`, body: () => '{"approve":true}', headers: auth(data.approverToken) },
      { name: 'login POST /api/login_check', rate: rates.login, method: 'POST' as const, path: () => '/api/login_check', body: () => JSON.stringify({ username: data.loginEmail, password: data.password }), headers: {} },
    ];
    console.log(`  load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const print = (result: ScenarioResult, label = '') => console.log(`  ${mode} ${result.name}${label}: ${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms, errors ${result.errors} ${JSON.stringify(result.statuses)}, load average ${load1()}`);
    for (const [index, scenario] of scenarios.entries()) {
      if (only.length && !only.some((o) => scenario.name.includes(o))) continue;
      if (index === 0) {
        // The first seconds after a start (JIT, first plans, lazily opened sessions) are printed
        // apart: they are a start-up cost, not the steady tail. Then the list runs several times.
        print(await runScenario(scenario, ports, 3), ' [warm-up, 3 s, not counted]');
        const runs: ScenarioResult[] = [];
        for (let run = 0; run < pendingRuns; run++) {
          const result = await runScenario(scenario, ports, seconds);
          runs.push(result);
          results.push(result);
          print(result, ` [run ${run + 1}/${pendingRuns}]`);
        }
        console.log(`  ${mode} pending list p99 over ${runs.length} runs: ${runs.map((r) => r.p99).join(', ')} ms (p95 ${runs.map((r) => r.p95).join(', ')} ms), load average ${load1()} ${loadavg()[1].toFixed(2)} ${loadavg()[2].toFixed(2)}`);
        continue;
      }
      const result = await runScenario(scenario, ports, seconds);
      results.push(result);
      print(result);
    }
    if (uploadCount > 0 && (!only.length || only.some((o) => 'uploads'.includes(o)))) {
      const before = started.map((s) => s.rssMb());
      console.log(`  ${mode} upload burst: ${uploadCount} × ${(uploadBytes / 1048576).toFixed(1)} MiB PNG at once from ${data.uploadTokens.length} users; RSS before ${before.join(', ')} MB; load average ${load1()}`);
      const burst = await uploadBurst({ ports, tokens: data.uploadTokens, documentType: data.uploadKind, listToken: data.approverToken, count: uploadCount, bytes: uploadBytes });
      const peak = started.map((s) => s.peakMb());
      console.log(`  ${mode} upload burst: ${burst.stored}/${burst.uploads} stored in ${burst.seconds} s, refusals (retried after Retry-After) ${JSON.stringify(burst.refusals)}; `
        + `meanwhile /api/health p50 ${burst.health.p50} p95 ${burst.health.p95} p99 ${burst.health.p99} max ${burst.health.max} ms (n ${burst.health.n}), `
        + `pending list p50 ${burst.list.p50} p95 ${burst.list.p95} p99 ${burst.list.p99} max ${burst.list.max} ms (n ${burst.list.n}); load average ${load1()}`);
      console.log(`  ${mode} upload burst: RSS right after ${started.map((s) => s.rssMb()).join(', ')} MB (peak VmHWM ${peak.join(', ')} MB); waiting ${uploadSettleSeconds} s …`);
      await new Promise((r) => setTimeout(r, uploadSettleSeconds * 1000));
      const after = started.map((s) => s.rssMb());
      console.log(`  ${mode} upload burst: RSS ${uploadSettleSeconds} s later ${after.join(', ')} MB, change vs before the burst ${after.map((mb, i) => `${mb - before[i] >= 0 ? '+' : ''}${mb - before[i]}`).join(', ')} MB, `
        + `vs idle after start ${after.map((mb, i) => `${mb - idle[i] >= 0 ? '+' : ''}${mb - idle[i]}`).join(', ')} MB; load average ${load1()}`);
    }
    if (step > data.steps.length) console.log(`  (approve reused steps: ${step} requests for ${data.steps.length} pending steps; reused ones answer 409)`);
    // Requests still queued when a scenario's time is up (logins wait for the hashing limiter)
    // finish first: RSS is read once it stops moving (two reads 1 s apart within 2 MB, ≤ 30 s).
    const settleStart = Date.now();
    for (let last = started.map((s) => s.rssMb()); Date.now() - settleStart < 30_000;) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = started.map((s) => s.rssMb());
      if (now.every((mb, i) => Math.abs(mb - last[i]) <= 2)) break;
      last = now;
    }
    console.log(`  ${mode} RSS after the run (settled after ${Math.round((Date.now() - settleStart) / 1000)} s): ${started.map((s) => `:${s.port} ${s.rssMb()} MB`).join(', ')}; peak during the run (VmHWM): ${started.map((s) => `:${s.port} ${s.peakMb()} MB`).join(', ')}`);
  } finally {
    for (const instance of started) await instance.stop();
  }
  return results;
}

const dataDirs: string[] = [];
try {
  compileServer();
  console.log(`Load bench: ${docs} documents, ${seconds} s per scenario, loopback. Other work on this machine shares the CPU.`);
  if (modes.includes('postgres')) {
    await ensureDatabase(pgUrl);
    const redis = await redisUrl();
    const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-')); dataDirs.push(dataDir);
    const data = await prepareData({ databaseUrl: pgUrl, dataDir, docs, jwtSecret: JWT_SECRET });
    console.log(`postgres: ${instances} instance(s), pool ${env.DATABASE_POOL_SIZE ?? 10} each, Redis ${redis ? 'on' : 'off'}; ${data.pending} pending items for the list's user`);
    await measure('postgres', instances, {
      DATABASE_URL: pgUrl, DATA_DIR: dataDir, JWT_SECRET, LOGIN_RATE_LIMIT: '100000', MAIL_INTERVAL_MS: '0', ...(redis ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `ringi-bench-${process.pid}:` } : {}),
    }, data, { list: Number(env.BENCH_LIST_RATE ?? 200), detail: 100, submit: 20, approve: 20, login: 4 });
  }
  if (modes.includes('embedded')) {
    const dataDir = join(tmpdir(), `ringi-bench-pglite-${docs}`);
    const data = await prepareData({ dataDir, docs, jwtSecret: JWT_SECRET });
    console.log(`embedded: 1 instance on PGlite; ${data.pending} pending items for the list's user`);
    await measure('embedded', 1, { DATA_DIR: dataDir, JWT_SECRET, LOGIN_RATE_LIMIT: '100000', MAIL_INTERVAL_MS: '0', DATABASE_URL: '' }, data, { list: 50, detail: 30, submit: 10, approve: 10, login: 2 });
  }
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
