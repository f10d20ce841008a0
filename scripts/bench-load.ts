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
 *
 * Refuses to start when the 1-minute load average is above 1.5 (BENCH_ALLOW_LOAD=1 runs anyway and
 * marks every figure "LOADED, not a measurement"); every figure line carries the load average.
 *
 * A decade of a group's documents (issue #30 items 9 and 10), `BENCH_SCALE=decade`: PostgreSQL
 * only, database `ringi_bench_decade`, BENCH_DOCS 1,000,000 and BENCH_HISTORY 10,000,000 history
 * entries over BENCH_YEARS (10) years, seeded by COPY (scripts/bench/load-copy.ts: BENCH_TEMPLATES
 * (5,000) generated documents, the rest copies of them; reused when the database holds enough),
 * BENCH_OPEN open documents at least (enough for every decision below). Phases (BENCH_SCENARIOS
 * names them; default all): `pending` (the list at 200/s, as above), `records` (GET /records per
 * filter of its query schema, BENCH_RECORDS_RATE 20/s), `mix` (BENCH_SUBMIT_RATE 20 submits/s +
 * BENCH_DECIDE_RATE 100 decisions/s for BENCH_MIX_SECONDS 600), `limit` (pgbench -i at the seeded
 * size's scale on `<database>_pgbench`, then BENCH_PGBENCH_CLIENTS 20 clients for
 * BENCH_PGBENCH_SECONDS 60; then decisions at BENCH_RAMP rates, BENCH_RAMP_SECONDS 30 each, until
 * p99 > 200 ms or an error; the ratio of the best to pgbench's tps), `kinds` (not in the default:
 * the CPU per decision of approvals that move their document on and of those that end it, at
 * BENCH_KINDS_RATE 100/s for BENCH_KINDS_SECONDS 20 each, BENCH_KINDS_ROUNDS 2 rounds), `profile` (one instance under
 * `node --cpu-prof`, decisions only (BENCH_PROFILE_KIND plain or final: one kind of them; submit: submits) at BENCH_PROFILE_RATE 20/s for BENCH_PROFILE_SECONDS 30; the
 * .cpuprofile path and its top-20 self-time functions, written beside it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { compileServer, startInstance, type Instance } from './bench/load-instances';
import { runScenario, type ScenarioResult } from './bench/load-scenarios';
import { prepareData, type BenchData } from './bench/load-data';
import { uploadBurst } from './bench/load-uploads';
import { figure, load1, refuseWhenLoaded, settle } from './bench/load-guard';
import { cpuMeter, type CpuMeter } from './bench/load-cpu';
import { checkCopiedDocument, checkpoint, DecisionQueue, decisionKinds, decisionLimit, matchingScale, pgbench, prewarm, recordsSearch, signedInReadLimit, sustainedMix, WARM_UP_S, writeProfileSummary } from './bench/load-decade';

const env = process.env;
const ci = env.CI === 'true';
/** `BENCH_SCALE=decade`: a decade of a group's documents on PostgreSQL, seeded by COPY, with the phases of issue #30 items 9–10. */
const decade = env.BENCH_SCALE === 'decade';
if (env.BENCH_SCALE !== undefined && !decade) {
  console.error(`BENCH_SCALE=${env.BENCH_SCALE}: unknown (only "decade"; leave it unset for the 100,000-document run)`);
  process.exit(2);
}
const docs = Number(env.BENCH_DOCS ?? (decade ? 1_000_000 : 100_000));
const seconds = Number(env.BENCH_SECONDS ?? (ci ? 20 : 10));
const instances = Number(env.BENCH_INSTANCES ?? 2);
const modes = (env.BENCH_MODES ?? (decade ? 'postgres' : 'postgres,embedded')).split(',').map((m) => m.trim());
/** Scenario names to run (substring match, comma-separated; default all), e.g. `pending,detail`. */
const only = (env.BENCH_SCENARIOS ?? (decade ? 'pending list,records,mix,limit,profile' : '')).split(',').map((s) => s.trim()).filter(Boolean);
/** The decade phases run with BENCH_SCALE=decade or when BENCH_SCENARIOS names them. */
const phase = (name: string) => (only.length ? only.some((o) => name.includes(o)) : decade);
const pgUrl = env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${decade ? 'ringi_bench_decade' : 'ringi_bench'}`;
const history = Number(env.BENCH_HISTORY ?? (decade ? 10_000_000 : 0));
const mixSeconds = Number(env.BENCH_MIX_SECONDS ?? 600);
const submitRate = Number(env.BENCH_SUBMIT_RATE ?? 20);
const decideRate = Number(env.BENCH_DECIDE_RATE ?? 100);
const rampRates = (env.BENCH_RAMP ?? '25,50,100,200,400,800').split(',').map(Number);
const rampSeconds = Number(env.BENCH_RAMP_SECONDS ?? 30);
const kindsRate = Number(env.BENCH_KINDS_RATE ?? 100);
const kindsSeconds = Number(env.BENCH_KINDS_SECONDS ?? 20);
const kindsRounds = Number(env.BENCH_KINDS_ROUNDS ?? 2);
const profileRate = Number(env.BENCH_PROFILE_RATE ?? 20);
const profileSeconds = Number(env.BENCH_PROFILE_SECONDS ?? 30);
/**
 * What the profile phase sends: `decision` (default: the queue's decisions as they come), `plain`
 * (only approvals that move their document on), `final` (only those that end it) or `submit`.
 */
const PROFILE_KINDS = { decision: undefined, plain: false, final: true, submit: undefined } as const;
const profileKind = (env.BENCH_PROFILE_KIND ?? 'decision') as keyof typeof PROFILE_KINDS;
if (!Object.hasOwn(PROFILE_KINDS, profileKind)) {
  console.error(`BENCH_PROFILE_KIND=${env.BENCH_PROFILE_KIND}: unknown (${Object.keys(PROFILE_KINDS).join(', ')})`);
  process.exit(2);
}
/** Decisions the phases need, with a margin: the open documents the copies should reach. */
const decisionsNeeded = (phase('mix') ? decideRate * (mixSeconds + WARM_UP_S) : 0) + (phase('limit') ? rampRates.reduce((a, r) => a + r, 0) * rampSeconds + rampRates[0] * WARM_UP_S : 0)
  + (phase('kinds') ? kindsRate * (kindsSeconds * kindsRounds * 2 + 10) : 0)
  + (phase('profile') && profileKind !== 'submit' ? profileRate * (profileSeconds + 5) : 0);
/** The seal key of the records history (the COPY seeder seals its entries with it, the instances verify with it). */
const RECORDS_KEY = 'ringi-load-bench-records-key-0123456789abcdef';
const basePort = Number(env.BENCH_PORT ?? 8270);
/** Measured runs of the pending list (after an unmeasured warm-up), for its p99 over runs. */
const pendingRuns = Number(env.BENCH_PENDING_RUNS ?? 3);
/** Uploads in the burst (0 = no burst), their size, and how long after it RSS is read again. */
const uploadCount = Number(env.BENCH_UPLOADS ?? 30);
const uploadBytes = Number(env.BENCH_UPLOAD_BYTES ?? 5 * 1024 * 1024);
const uploadSettleSeconds = Number(env.BENCH_UPLOAD_SETTLE_S ?? 60);
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

async function measure(mode: string, count: number, appEnv: Record<string, string>, data: BenchData, rates: Record<string, number>,
  after?: (ports: number[], meter: CpuMeter) => Promise<void>) {
  const started: Instance[] = [];
  const results: ScenarioResult[] = [];
  try {
    for (let i = 0; i < count; i++) started.push(await startInstance(basePort + i, appEnv));
    const ports = started.map((s) => s.port);
    const idle = started.map((s) => s.rssMb());
    console.log(figure(`  ${mode} RSS idle after start: ${started.map((s, i) => `:${s.port} ${idle[i]} MB`).join(', ')}`));
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });
    let step = 0;
    const scenarios = [
      { name: 'pending list GET /api/approvals/my', rate: rates.list, method: 'GET' as const, path: () => '/api/approvals/my', headers: auth(data.approverToken) },
      { name: 'document detail GET /api/buffers/{id}', rate: rates.detail, method: 'GET' as const, path: () => `/api/buffers/${data.detailId}`, headers: auth(data.approverToken) },
      { name: `submit POST /api/buffer/{module} (${data.submit.module})`, rate: rates.submit, method: 'POST' as const, path: () => `/api/buffer/${data.submit.module}`, body: () => data.submit.body, headers: auth(data.submit.token) },
      { name: 'approve POST /api/approvals/{id}/action', rate: rates.approve, method: 'POST' as const, path: () => `/api/approvals/${data.steps[step++ % data.steps.length]}/action`, body: () => '{"approve":true}', headers: auth(data.approverToken) },
      { name: 'login POST /api/login_check', rate: rates.login, method: 'POST' as const, path: () => '/api/login_check', body: () => JSON.stringify({ username: data.loginEmail, password: data.password }), headers: {} },
    ];
    await settle(`${mode} scenarios`);
    const print = (result: ScenarioResult, label = '') => console.log(figure(`  ${mode} ${result.name}${label}: ${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms, errors ${result.errors} ${JSON.stringify(result.statuses)}`));
    for (const [index, scenario] of scenarios.entries()) {
      if ((only.length || decade) && !only.some((o) => scenario.name.includes(o))) continue;
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
        console.log(figure(`  ${mode} pending list at ${scenario.rate}/s, p99 over ${runs.length} runs: ${runs.map((r) => r.p99).join(', ')} ms (p95 ${runs.map((r) => r.p95).join(', ')} ms; 5- and 15-minute load ${loadavg()[1].toFixed(2)} ${loadavg()[2].toFixed(2)})`));
        continue;
      }
      const result = await runScenario(scenario, ports, seconds);
      results.push(result);
      print(result);
    }
    if (uploadCount > 0 && (!only.length || only.some((o) => 'uploads'.includes(o))) && !decade) {
      const before = started.map((s) => s.rssMb());
      console.log(figure(`  ${mode} upload burst: ${uploadCount} × ${(uploadBytes / 1048576).toFixed(1)} MiB PNG at once from ${data.uploadTokens.length} users; RSS before ${before.join(', ')} MB`));
      const burst = await uploadBurst({ ports, tokens: data.uploadTokens, documentType: data.uploadKind, listToken: data.approverToken, count: uploadCount, bytes: uploadBytes });
      const peak = started.map((s) => s.peakMb());
      console.log(figure(`  ${mode} upload burst: ${burst.stored}/${burst.uploads} stored in ${burst.seconds} s, refusals (retried after Retry-After) ${JSON.stringify(burst.refusals)}; `
        + `meanwhile /api/health p50 ${burst.health.p50} p95 ${burst.health.p95} p99 ${burst.health.p99} max ${burst.health.max} ms (n ${burst.health.n}), `
        + `pending list p50 ${burst.list.p50} p95 ${burst.list.p95} p99 ${burst.list.p99} max ${burst.list.max} ms (n ${burst.list.n})`));
      console.log(`  ${mode} upload burst: RSS right after ${started.map((s) => s.rssMb()).join(', ')} MB (peak VmHWM ${peak.join(', ')} MB); waiting ${uploadSettleSeconds} s …`);
      await new Promise((r) => setTimeout(r, uploadSettleSeconds * 1000));
      const after = started.map((s) => s.rssMb());
      console.log(figure(`  ${mode} upload burst: RSS ${uploadSettleSeconds} s later ${after.join(', ')} MB, change vs before the burst ${after.map((mb, i) => `${mb - before[i] >= 0 ? '+' : ''}${mb - before[i]}`).join(', ')} MB, `
        + `vs idle after start ${after.map((mb, i) => `${mb - idle[i] >= 0 ? '+' : ''}${mb - idle[i]}`).join(', ')} MB`));
    }
    await after?.(ports, cpuMeter(started.map((s) => s.child.pid!)));
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
    console.log(figure(`  ${mode} RSS after the run (settled after ${Math.round((Date.now() - settleStart) / 1000)} s): ${started.map((s) => `:${s.port} ${s.rssMb()} MB`).join(', ')}; peak during the run (VmHWM): ${started.map((s) => `:${s.port} ${s.peakMb()} MB`).join(', ')}`));
  } finally {
    for (const instance of started) await instance.stop();
  }
  return results;
}

const dataDirs: string[] = [];
try {
  refuseWhenLoaded('bench:load');
  compileServer();
  console.log(`Load bench: ${docs.toLocaleString('en')} documents${history ? `, ${history.toLocaleString('en')} history entries` : ''}, ${seconds} s per scenario, loopback; load average ${load1()}.`);
  if (modes.includes('postgres')) {
    await ensureDatabase(pgUrl);
    const redis = await redisUrl();
    const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-')); dataDirs.push(dataDir);
    const copy = decade || history > 0 ? {
      templates: Number(env.BENCH_TEMPLATES ?? 5000), years: Number(env.BENCH_YEARS ?? (decade ? 10 : 2)), history,
      open: Number(env.BENCH_OPEN ?? Math.ceil(decisionsNeeded * 1.2)), recordsKey: RECORDS_KEY,
    } : undefined;
    const data = await prepareData({ databaseUrl: pgUrl, dataDir, docs, jwtSecret: JWT_SECRET, copy });
    console.log(`postgres: ${instances} instance(s), pool ${env.DATABASE_POOL_SIZE ?? 10} each, Redis ${redis ? 'on' : 'off'}; ${data.pending} pending items for the list's user`);
    const appEnv = {
      DATABASE_URL: pgUrl, DATA_DIR: dataDir, JWT_SECRET, RECORDS_KEY, LOGIN_RATE_LIMIT: '100000', MAIL_INTERVAL_MS: '0', ...(redis ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `ringi-bench-${process.pid}:` } : {}),
    };
    if (copy) await prewarm(pgUrl);
    const queue = phase('mix') || phase('limit') || phase('kinds') || phase('profile') ? await DecisionQueue.load(pgUrl, JWT_SECRET) : null;
    if (queue) console.log(`  decisions available: ${queue.available.due.toLocaleString('en')} steps due now, ${queue.available.behind.toLocaleString('en')} behind them (${decisionsNeeded.toLocaleString('en')} needed)`);
    const submit = {
      name: `submit POST /api/buffer/{module} (${data.submit.module})`, rate: submitRate, method: 'POST' as const, path: () => `/api/buffer/${data.submit.module}`,
      body: () => data.submit.body, headers: { authorization: `Bearer ${data.submit.token}`, 'accept-language': 'en' },
    };
    /** The highest decision rate the ramp sustained (phase `limit`), set out beside pgbench's tps at the end. */
    let limit = 0;
    /** The highest rate of the lightest signed-in request (phase `floor`): the ceiling of the decision limit on this stack and machine. */
    let floor = 0;
    await measure('postgres', instances, appEnv, data, { list: Number(env.BENCH_LIST_RATE ?? 200), detail: 100, submit: 20, approve: 20, login: 4 }, async (ports, meter) => {
      if (copy) console.log(`  ${await checkCopiedDocument({ databaseUrl: pgUrl, port: ports[0], jwtSecret: JWT_SECRET })}`);
      if (phase('records')) {
        await checkpoint(pgUrl);
        await settle('records search');
        await recordsSearch({ databaseUrl: pgUrl, ports, rate: Number(env.BENCH_RECORDS_RATE ?? 20), seconds, jwtSecret: JWT_SECRET });
      }
      if (phase('mix') && queue) {
        await checkpoint(pgUrl);
        await settle('sustained mix');
        await sustainedMix({ ports, seconds: mixSeconds, submitRate, decideRate, submit, queue, meter, databaseUrl: pgUrl });
      }
      if (phase('limit') && queue) {
        await checkpoint(pgUrl);
        await settle('decision limit');
        limit = (await decisionLimit({ ports, rates: rampRates, seconds: rampSeconds, limitMs: 200, queue, meter }))?.reqPerSec ?? 0;
      }
      if (phase('kinds') && queue) {
        await checkpoint(pgUrl);
        await settle('decisions by kind');
        await decisionKinds({ ports, rate: kindsRate, seconds: kindsSeconds, rounds: kindsRounds, queue, meter });
      }
      if (phase('floor')) {
        await checkpoint(pgUrl);
        await settle('signed-in read limit');
        const rates = (env.BENCH_FLOOR_RAMP ?? '250,500,750,1000,1250,1500,2000').split(',').map(Number);
        floor = (await signedInReadLimit({ ports, rates, seconds: rampSeconds, limitMs: 200, token: data.approverToken, meter }))?.reqPerSec ?? 0;
      }
    });
    if (phase('profile') && queue) {
      // One instance under the V8 CPU profiler, decisions only (or submits only, BENCH_PROFILE_KIND=submit): where one's time goes.
      const dir = env.BENCH_PROFILE_DIR ?? join(tmpdir(), `ringi-bench-profile-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(dir, { recursive: true });
      await checkpoint(pgUrl);
      await settle('profile');
      const spawned = Date.now();
      const instance = await startInstance(basePort + 20, appEnv, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
      const scenario = (label: string, rate: number) => (profileKind === 'submit' ? { ...submit, name: `submits ${label}`, rate } : queue.scenario(`decisions (${profileKind}) ${label}`, rate, PROFILE_KINDS[profileKind]));
      let fromMs = 0;
      let done = 0;
      try {
        await runScenario(scenario('[profile warm-up]', Math.min(10, profileRate)), [instance.port], 5);
        fromMs = Date.now() - spawned;
        const meter = cpuMeter([instance.child.pid!]);
        const from = meter.snapshot();
        const result = await runScenario(scenario(`at ${profileRate}/s under --cpu-prof (1 instance)`, profileRate), [instance.port], profileSeconds);
        done = (result.statuses['200'] ?? 0) + (result.statuses['201'] ?? 0);
        console.log(figure(`  postgres ${result.name}: ${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, errors ${result.errors} ${JSON.stringify(result.statuses)}; ${meter.per(from, done, profileKind)} (app under the profiler)`));
      } finally {
        await instance.stop();
      }
      const { profile, summary, text } = writeProfileSummary(dir, fromMs, done, profileKind);
      console.log(`  profile: ${profile} (open it in Chrome DevTools → Performance, or speedscope, for the flame graph); summary ${summary}`);
      console.log(text.split('\n').map((l) => `    ${l}`).join('\n'));
    }
    // pgbench last, on the same server while no instance runs (item 10: the same PostgreSQL, the same
    // run): its tables, as large as the bench database, are written after Ringi's phases, not
    // between the prewarm and them.
    if (phase('limit') || phase('floor')) {
      const { scale, bytes } = await matchingScale(pgUrl);
      const chosen = Number(env.BENCH_PGBENCH_SCALE ?? scale);
      const clients = Number(env.BENCH_PGBENCH_CLIENTS ?? 20);
      const pgSeconds = Number(env.BENCH_PGBENCH_SECONDS ?? 60);
      console.log(`  pgbench: the bench database is ${(bytes / 1024 ** 3).toFixed(2)} GB → scale ${chosen}; ${clients} clients, 2 threads, ${pgSeconds} s`);
      const result = await pgbench({ databaseUrl: pgUrl, scale: chosen, clients, seconds: pgSeconds, settle: () => checkpoint(pgUrl).then(() => settle('pgbench')) });
      console.log(figure(`  pgbench (TPC-B-like, scale ${chosen}, -c ${clients} -j 2 -T ${pgSeconds}): ${result.tps.toFixed(1)} tps, latency average ${result.latencyMs} ms; ${result.cpu}`));
      if (phase('limit')) {
        console.log(figure(`  postgres decision limit: ${limit} decisions/s sustained at p99 ≤ 200 ms (${instances} instances); pgbench ${result.tps.toFixed(1)} tps; `
          + `ratio ${(limit / result.tps).toFixed(3)} (goal ≥ 0.25)`));
      }
      if (phase('floor')) {
        console.log(figure(`  postgres signed-in read limit: ${floor} requests/s sustained at p99 ≤ 200 ms (${instances} instances); pgbench ${result.tps.toFixed(1)} tps; `
          + `ratio ${(floor / result.tps).toFixed(3)} (the ceiling of the decision limit's ratio on this stack and machine)`));
      }
    }
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
