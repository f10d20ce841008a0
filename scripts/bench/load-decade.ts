import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { signToken } from '../../server/auth/jwt';
import { TREASURY_PROCESS_CODE, DocumentStatus, StepStatus } from '../../server/workflow/core/status';
import { paging } from '../../src/wire/common';
import { RecordQuery } from '../../src/wire/records';
import { figure } from './load-guard';
import { childrenCpuMs, samplePostgres, type CpuMeter } from './load-cpu';
import { describeWaits, sampleWaits } from './load-waits';
import { runScenario, type Scenario, type ScenarioResult } from './load-scenarios';

/**
 * The decade-scale phases of `npm run bench:load` (issue #30 items 9 and 10; docs/PERFORMANCE.md
 * "A decade of a group's documents"): the records search per filter, the sustained mix of submits
 * and decisions, the highest sustained decision rate next to pgbench, and a CPU profile of
 * decisions.
 */

const raw = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types: raw });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The filters `GET /records` accepts: its query schema's properties but paging and the cursor. */
export function recordFilterNames(): string[] {
  const skip = new Set([...Object.keys(paging()), 'cursor']);
  return Object.keys(RecordQuery.properties).filter((name) => !skip.has(name));
}

/**
 * A value for one filter, taken from the seeded records: the filter's `records` column (by its
 * name: `date` → `record_date`, `module.code` → `module_code`, `company.id` → `company_keys`…);
 * the lower bound of a range at the 90th percentile and the upper bound at the 10th (about a
 * tenth of the records each), the most common value otherwise, `true` for a switch; a document
 * number from the documents. A filter the schema gains without a column here stops the run with its name.
 */
async function filterValue(client: pg.Client, name: string, columns: Map<string, string>): Promise<string> {
  const schema = (RecordQuery.properties as Record<string, { type?: string; maxLength?: number }>)[name];
  if (schema.type === 'boolean') return 'true';
  const bound = /\[(\w+)\]$/.exec(name)?.[1];
  const base = name.replace(/\[\w+\]$/, '');
  // 申請番号 / 決裁番号 (issue #36) are the documents' own: a number of the seeded documents, or, when
  // the seed numbered none, a number no document has (the search still runs its lookup).
  if (base === 'application_number' || base === 'decision_number') {
    const numbered = (await client.query<{ v: string | null }>(`select ${base} as v from buffers where ${base} is not null order by id desc limit 1`)).rows[0]?.v;
    return numbered ?? 'R-2026-000001';
  }
  const column = [base, base.replace(/\./g, '_'), `record_${base}`, base.replace(/\.id$/, '_keys')].find((c) => columns.has(c));
  if (!column) throw new Error(`records filter ${name}: no column of the records table matches it; add its rule in scripts/bench/load-decade.ts`);
  const array = columns.get(column) === 'ARRAY';
  const source = array ? `(select unnest(${column}) as v from records) s` : `(select ${column} as v from records) s`;
  const query = bound === 'after' || bound === 'gte' ? `select percentile_disc(0.9) within group (order by v) as v from ${source} where v is not null`
    : bound === 'before' || bound === 'lte' ? `select percentile_disc(0.1) within group (order by v) as v from ${source} where v is not null`
      : `select mode() within group (order by v) as v from ${source} where v is not null`;
  const value = (await client.query<{ v: string | null }>(query)).rows[0]?.v;
  if (value === null || value === undefined) throw new Error(`records filter ${name}: the seeded records hold no ${column}`);
  // A text longer than the schema takes (several counterparties joined by " / "): its first one, cut to its first
  // 24 characters when still too long, as a user types a part of it.
  if (schema.maxLength === undefined || value.length <= schema.maxLength) return value;
  const first = value.split(' / ')[0];
  return first.length <= schema.maxLength ? first : first.slice(0, Math.min(schema.maxLength, 24)).trim();
}

/** Records search at `rate` for `seconds` per filter (each alone), by a records user who sees the most. */
export async function recordsSearch(options: { databaseUrl: string; ports: number[]; rate: number; seconds: number; jwtSecret: string }): Promise<ScenarioResult[]> {
  const { filters, candidates } = await withClient(options.databaseUrl, async (client) => {
    const columns = new Map((await client.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = 'records'`)).rows.map((r) => [r.column_name, r.data_type]));
    const filters: Array<[string, string]> = [];
    for (const name of recordFilterNames()) filters.push([name, await filterValue(client, name, columns)]);
    const candidates = (await client.query<{ id: string }>(`select id from users
      where (is_authorizer or is_finance or is_treasury) and not disabled and locked_at is null order by is_company_authorizer desc, id limit 20`)).rows;
    return { filters, candidates };
  });
  // The records user: the one whose unfiltered search holds the most records (the widest scope).
  let best: { token: string; total: number; id: string } | null = null;
  for (const user of candidates) {
    const token = await tokenOf(options.databaseUrl, Number(user.id), options.jwtSecret);
    const response = await fetch(`http://127.0.0.1:${options.ports[0]}/api/records?itemsPerPage=1`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) continue;
    const total = Number(((await response.json()) as Record<string, unknown>)['hydra:totalItems'] ?? 0);
    if (!best || total > best.total) best = { token, total, id: user.id };
  }
  if (!best) throw new Error('records search: no user with the records area answered 200');
  console.log(`  records search as user ${best.id} (${best.total.toLocaleString('en')} records in scope, counted up to the cap); filters from the route's schema: ${filters.map(([n]) => n).join(', ')}`);
  const results: ScenarioResult[] = [];
  for (const [name, value] of [['(none)', ''], ...filters] as Array<[string, string]>) {
    const query = name === '(none)' ? '' : `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    const scenario: Scenario = {
      name: `records search GET /api/records ${name === '(none)' ? 'without a filter' : `${name}=${value}`}`, rate: options.rate, method: 'GET',
      path: () => `/api/records?itemsPerPage=10${query}`, headers: { authorization: `Bearer ${best.token}`, 'accept-language': 'en' },
    };
    await runScenario({ ...scenario, name: `${scenario.name} [warm-up]` }, options.ports, 2);
    const result = await runScenario(scenario, options.ports, options.seconds);
    results.push(result);
    console.log(figure(`  postgres ${result.name}: ${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, errors ${result.errors} ${JSON.stringify(result.statuses)}`));
  }
  return results;
}

const tokens = new Map<number, string>();
async function tokenOf(databaseUrl: string, userId: number, secret: string): Promise<string> {
  const known = tokens.get(userId);
  if (known) return known;
  // The password version as server/auth/jwt.ts's `passwordVersion` computes it (ms of the last password change).
  const version = await withClient(databaseUrl, async (client) => Number((await client.query<{ v: string }>(
    'select floor(extract(epoch from password_changed_at) * 1000)::float8 as v from users where id = $1', [userId])).rows[0].v));
  const token = await signToken(userId, version, secret);
  tokens.set(userId, token);
  return token;
}

/** A step to decide; `ends`: no pending step after it (its approval ends the document). */
interface Step { approval: number; buffer: number; user: number; ends: boolean }

/**
 * Decisions to send: the steps due now on open documents (one candidate each, with their token),
 * and behind each the document's next pending steps, due once the one before is approved.
 * Treasury steps (another action) end a document's chain.
 */
export class DecisionQueue {
  private due: Step[] = [];
  private behind = new Map<number, Step[]>();
  private byApproval = new Map<number, Step>();
  private tokens = new Map<number, string>();
  sent = 0;

  static async load(databaseUrl: string, secret: string): Promise<DecisionQueue> {
    const queue = new DecisionQueue();
    const rows = await withClient(databaseUrl, async (client) => (await client.query<{ id: string; buffer_id: string; active: string; process: string; users: string; requester_id: string; ends: string }>(
      `select a.id, a.buffer_id, a.active, p.code as process, array_agg(c.user_id order by c.user_id)::text as users, b.requester_id,
         not exists (select 1 from approvals n where n.buffer_id = a.buffer_id and n.voided_at is null and n.status = ${StepStatus.PENDING} and n.position > a.position) as ends
       from approvals a join buffers b on b.id = a.buffer_id join master_processes mp on mp.id = a.master_process_id
       join processes p on p.id = mp.process_id join approval_candidates c on c.approval_id = a.id
       where b.status = ${DocumentStatus.ON_PROCESS} and a.status = ${StepStatus.PENDING}
       group by a.id, a.buffer_id, a.active, a.position, p.code, b.requester_id order by a.buffer_id, a.position`)).rows);
    const stopped = new Set<number>();
    for (const row of rows) {
      const buffer = Number(row.buffer_id);
      if (stopped.has(buffer)) continue;
      if (row.process === TREASURY_PROCESS_CODE) { stopped.add(buffer); continue; }
      const user = row.users.replace(/[{}]/g, '').split(',').map(Number).find((u) => u !== Number(row.requester_id));
      if (user === undefined) { stopped.add(buffer); continue; }
      const step = { approval: Number(row.id), buffer, user, ends: row.ends === 't' || row.ends === 'true' };
      queue.byApproval.set(step.approval, step);
      if (row.active === 't' || row.active === 'true') queue.due.push(step);
      else queue.behind.set(buffer, [...(queue.behind.get(buffer) ?? []), step]);
    }
    // Oldest first would be any order: shuffle (deterministically) so the instances see documents of every module and company.
    let seed = 7;
    for (let i = queue.due.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const j = seed % (i + 1);
      [queue.due[i], queue.due[j]] = [queue.due[j], queue.due[i]];
    }
    const users = [...new Set([...queue.byApproval.values()].map((s) => s.user))];
    const versions = await withClient(databaseUrl, async (client) => (await client.query<{ id: string; v: string }>(
      'select id, floor(extract(epoch from password_changed_at) * 1000)::float8 as v from users where id = any($1::integer[])', [users])).rows);
    for (const { id, v } of versions) queue.tokens.set(Number(id), await signToken(Number(id), Number(v), secret));
    return queue;
  }

  /** Steps due now and behind them. */
  get available(): { due: number; behind: number } {
    let behind = 0;
    for (const steps of this.behind.values()) behind += steps.length;
    return { due: this.due.length, behind };
  }

  /** Steps due now whose approval ends their document, and those that move theirs on. */
  get dueByKind(): { ends: number; movesOn: number } {
    const ends = this.due.filter((s) => s.ends).length;
    return { ends, movesOn: this.due.length - ends };
  }

  /** A scenario deciding (approving) due steps at `rate`: any, or only those that end their document (`ends` true) or move it on (false). */
  scenario(name: string, rate: number, ends?: boolean): Scenario {
    return {
      name, rate, method: 'POST', path: () => '', headers: {},
      request: () => {
        const at = ends === undefined ? 0 : this.due.findIndex((s) => s.ends === ends);
        const step = at < 0 ? undefined : this.due.splice(at, 1)[0];
        if (!step) return null;
        this.sent += 1;
        return { path: `/api/approvals/${step.approval}/action`, body: '{"approve":true}', headers: { authorization: `Bearer ${this.tokens.get(step.user)}`, 'accept-language': 'en' } };
      },
      onResponse: (path, status) => {
        if (status !== 200) return;
        const step = this.byApproval.get(Number(/approvals\/(\d+)\//.exec(path)?.[1]));
        const next = step && this.behind.get(step.buffer)?.shift();
        if (next) this.due.push(next);
      },
    };
  }
}

const line = (result: ScenarioResult) => `${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms, errors ${result.errors} ${JSON.stringify(result.statuses)}`;

/** Seconds of the mix (and of the limit's first rate) run first and not counted. */
export const WARM_UP_S = 10;

/** The sustained mix: submits and decisions at once for `seconds` after a warm-up at the same rates; p99 and errors of each and of both. */
export async function sustainedMix(options: { ports: number[]; seconds: number; submitRate: number; decideRate: number; submit: Scenario; queue: DecisionQueue; meter: CpuMeter; databaseUrl: string }) {
  const { due, behind } = options.queue.available;
  const needed = Math.round(options.decideRate * (options.seconds + WARM_UP_S));
  console.log(`  mix: ${options.submitRate} submits/s + ${options.decideRate} decisions/s for ${options.seconds} s; ${due.toLocaleString('en')} steps due now, `
    + `${behind.toLocaleString('en')} behind them (${needed.toLocaleString('en')} decisions needed${due + behind < needed ? ': TOO FEW, the rest count as errors — seed more open documents (BENCH_OPEN)' : ''})`);
  // The first seconds after the instances start (JIT, the pools' first plans and prepared statements) are run and printed apart, as the pending list's warm-up.
  const both = (seconds: number, label: string) => Promise.all([
    runScenario({ ...options.submit, rate: options.submitRate }, options.ports, seconds),
    runScenario(options.queue.scenario(label, options.decideRate), options.ports, seconds),
  ]);
  const warm = Math.min(WARM_UP_S, options.seconds);
  const [warmSubmits, warmDecisions] = await both(warm, 'decide [warm-up]');
  console.log(figure(`  postgres mix [warm-up, ${warm} s, not counted]: submits p99 ${warmSubmits.p99} ms, decisions p99 ${warmDecisions.p99} ms, errors ${warmSubmits.errors + warmDecisions.errors}`));
  const from = options.meter.snapshot();
  const waits = await sampleWaits(options.databaseUrl);
  const [submits, decisions] = await both(options.seconds, 'decide POST /api/approvals/{id}/action');
  const windows = await waits.stop();
  console.log(figure(`  postgres mix submits: ${line(submits)}; p99 by 10 s ${submits.p99By10s.join(' · ')} ms`));
  console.log(figure(`  postgres mix decisions: ${line(decisions)}; p99 by 10 s ${decisions.p99By10s.join(' · ')} ms`));
  console.log(`  postgres mix: backends running a statement, most at once by 10 s (and what most of them waited on): ${describeWaits(windows)}`);
  const p99 = Math.max(submits.p99, decisions.p99);
  const served = Object.values(submits.statuses).reduce((a, n) => a + n, 0) + Object.values(decisions.statuses).reduce((a, n) => a + n, 0);
  console.log(figure(`  postgres mix (${options.submitRate} submits/s + ${options.decideRate} decisions/s, ${options.seconds} s): p99 ${p99} ms (worst of the two), errors ${submits.errors + decisions.errors}; ${options.meter.per(from, served, 'request')}`));
  return { submits, decisions };
}

/**
 * The highest sustained rate of `scenario` with p99 ≤ `limitMs` and no error: `rates` in order,
 * each for `seconds` after a warm-up at the first (the instances' first seconds: JIT, each
 * connection's first plans), until one fails. `left` says how many requests can still be sent (a
 * decision needs a step to decide); a rate that needs more stops the ramp. Returns the last rate that held.
 */
async function sustainedLimit(options: { ports: number[]; rates: number[]; seconds: number; limitMs: number; meter: CpuMeter; label: string; unit: string; scenario: (name: string, rate: number) => Scenario; left?: () => number }) {
  let best: ScenarioResult | null = null;
  const warm = await runScenario(options.scenario(`${options.label} [warm-up]`, options.rates[0]), options.ports, WARM_UP_S);
  console.log(figure(`  postgres ${options.label} [warm-up, ${options.rates[0]}/s for ${WARM_UP_S} s, not counted]: p99 ${warm.p99} ms, errors ${warm.errors}`));
  for (const rate of options.rates) {
    const left = options.left?.() ?? Infinity;
    if (left < rate * options.seconds) {
      console.log(`  ${options.label} limit: ${rate}/s needs ${rate * options.seconds} requests, ${left} left: stopped (seed more open documents, BENCH_OPEN)`);
      break;
    }
    const from = options.meter.snapshot();
    const result = await runScenario(options.scenario(`${options.label} at ${rate}/s`, rate), options.ports, options.seconds);
    const held = result.p99 <= options.limitMs && result.errors === 0;
    const served = Object.entries(result.statuses).filter(([status]) => status.startsWith('2')).reduce((a, [, n]) => a + n, 0);
    console.log(figure(`  postgres ${options.label} at ${rate}/s for ${options.seconds} s: ${line(result)} — ${held ? 'held' : `over (p99 > ${options.limitMs} ms or errors)`}; ${options.meter.per(from, served, options.unit)}`));
    if (!held) break;
    best = result;
    if (rate === options.rates[options.rates.length - 1]) console.log(`  ${options.label} limit: the highest rate tried (${rate}/s) held — the limit is above it; add rates to BENCH_RAMP`);
  }
  return best;
}

/** The highest sustained decision rate with p99 ≤ `limitMs` and no error (item 10's figure). */
export function decisionLimit(options: { ports: number[]; rates: number[]; seconds: number; limitMs: number; queue: DecisionQueue; meter: CpuMeter }) {
  const { queue } = options;
  return sustainedLimit({ ...options, label: 'decisions', unit: 'decision', scenario: (name, rate) => queue.scenario(name, rate), left: () => queue.available.due + queue.available.behind });
}

/**
 * A decision's CPU by kind (item 10: which decisions cost what): approvals that move their document
 * on to its next step, then approvals that end it (a final approval: the records' rows and history
 * entry, the 決裁番号, the completion mails), at `rate` for `seconds` each, the pair `rounds` times
 * after a warm-up of each — the CPU of app, PostgreSQL and load generator per decision of each kind.
 */
export async function decisionKinds(options: { ports: number[]; rate: number; seconds: number; rounds: number; queue: DecisionQueue; meter: CpuMeter }) {
  const { queue, meter } = options;
  const kinds = [{ label: 'that move the document on', ends: false }, { label: 'that end it (final approvals)', ends: true }];
  const { ends, movesOn } = queue.dueByKind;
  console.log(`  decisions by kind: ${movesOn.toLocaleString('en')} due that move their document on, ${ends.toLocaleString('en')} that end it; ${options.rate}/s for ${options.seconds} s each, ${options.rounds} rounds`);
  for (const kind of kinds) await runScenario(queue.scenario(`decisions ${kind.label} [warm-up]`, Math.min(options.rate, 20), kind.ends), options.ports, 5);
  for (let round = 1; round <= options.rounds; round++) {
    for (const kind of kinds) {
      const from = meter.snapshot();
      const result = await runScenario(queue.scenario(`decisions ${kind.label}`, options.rate, kind.ends), options.ports, options.seconds);
      const served = result.statuses['200'] ?? 0;
      console.log(figure(`  postgres round ${round}, decisions ${kind.label} at ${options.rate}/s: ${line(result)}; ${meter.per(from, served, 'decision')}`));
    }
  }
}

/**
 * The same ramp for the lightest signed-in request there is — `GET /api/deputies` of a user with
 * no arrangements: the sign-in check's read and one indexed read, a small JSON answer. Its limit
 * is the ceiling of any request's through this stack (HTTP, the framework, the sign-in check, the
 * database client) on this machine, the decision limit's ceiling beside pgbench.
 */
export function signedInReadLimit(options: { ports: number[]; rates: number[]; seconds: number; limitMs: number; token: string; meter: CpuMeter }) {
  return sustainedLimit({
    ...options, label: 'signed-in reads', unit: 'request',
    scenario: (name, rate) => ({ name, rate, method: 'GET', path: () => '/api/deputies', headers: { authorization: `Bearer ${options.token}`, 'accept-language': 'en' } }),
  });
}

/**
 * pgbench's TPC-B-like run on `<database>_pgbench` (initialised at `scale` unless it already is),
 * its tables read through the page cache first like Ringi's (`prewarm`), and started once `settle`
 * says the machine is quiet. `cpu` is what a transaction cost, measured as a decision's is
 * (`load-cpu.ts`): PostgreSQL's processes (and of them the background ones) and pgbench itself.
 */
export async function pgbench(options: { databaseUrl: string; scale: number; clients: number; seconds: number; settle: () => Promise<void> }): Promise<{ tps: number; latencyMs: number; output: string; cpu: string }> {
  const url = new URL(options.databaseUrl);
  const name = `${url.pathname.slice(1)}_pgbench`;
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const psql = (db: string, command: string) => execFileSync('psql', [...args, '-X', '-Atq', '-d', db, '-c', command], { encoding: 'utf8' }).trim();
  if (!psql('postgres', `select 1 from pg_database where datname = '${name.replace(/'/g, '')}'`)) psql('postgres', `create database "${name.replace(/"/g, '')}"`);
  // Planned before it runs, so the count is asked only when the table exists.
  const has = psql(name, `select 0 from pg_class where relname = 'pgbench_branches' having count(*) = 0`) === '0' ? 0 : Number(psql(name, 'select count(*) from pgbench_branches'));
  if (Number(has) !== options.scale) {
    const started = Date.now();
    console.log(`  pgbench: initialising ${name} at scale ${options.scale} (${(options.scale * 100_000).toLocaleString('en')} accounts) …`);
    execFileSync('pgbench', [...args, '-i', '-q', '-s', String(options.scale), name], { stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(`  pgbench: initialised in ${Math.round((Date.now() - started) / 1000)} s`);
  } else console.log(`  pgbench: ${name} already at scale ${options.scale} (reused)`);
  const own = new URL(options.databaseUrl);
  own.pathname = `/${name}`;
  await prewarm(own.toString());
  await options.settle();
  const clientFrom = childrenCpuMs();
  const sampling = samplePostgres();
  const { stdout: output } = await promisify(execFile)('pgbench', [...args, '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), name], { encoding: 'utf8' });
  const postgres = sampling.stop();
  const client = childrenCpuMs() - clientFrom;
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? /tps = ([\d.]+)/.exec(output)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? NaN);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN);
  if (!Number.isFinite(tps) || !Number.isFinite(transactions)) throw new Error(`pgbench: no tps or transactions in its output:\n${output}`);
  const each = (ms: number) => `${(ms / Math.max(transactions, 1)).toFixed(2)} ms`;
  const cpu = `CPU per transaction: PostgreSQL ${each(postgres.all)} (its background processes ${each(postgres.background)}), pgbench ${each(client)} (${transactions.toLocaleString('en')} transactions)`;
  return { tps, latencyMs, output, cpu };
}

/**
 * Reads the bench database's tables and indexes through the OS page cache (`pg_prewarm`, mode
 * `read`) before the phases: a server in service has its working set cached, while this one has
 * just been seeded (or had pgbench's tables written beside it). Prints what was read and how long it took.
 */
export async function prewarm(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const began = Date.now();
    await client.query('create extension if not exists pg_prewarm');
    const { rows } = await client.query<{ blocks: string }>(
      `select coalesce(sum(pg_prewarm(c.oid::regclass, 'read')), 0)::text as blocks
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'i', 'm')`);
    const mb = (Number(rows[0].blocks) * 8192) / 1024 ** 2;
    console.log(`  prewarm: ${Math.round(mb).toLocaleString('en')} MB of tables and indexes read through the OS page cache in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  });
}

/**
 * Writes every dirty page out now (`CHECKPOINT`) so that a phase is not measured across one started
 * by what came before it — the seeding, a `createdb -T` copy (each WAL-logged whole): a run on a fresh
 * copy once met its checkpoint's sync in the ramp, p99 457 ms at 200/s where the next run held 450/s.
 * Needs a superuser or `pg_checkpoint`; without, the phase runs and says so.
 */
export async function checkpoint(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const began = Date.now();
    try {
      await client.query('checkpoint');
      console.log(`  checkpoint: dirty pages written in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.log(`  checkpoint: not taken (${(error as Error).message}); a checkpoint may fall in the phase`);
    }
  });
}

/** pgbench's scale for a database of `bytes` (scale 1 ≈ 16 MB: 100,000 accounts). */
export async function matchingScale(databaseUrl: string): Promise<{ scale: number; bytes: number }> {
  const bytes = await withClient(databaseUrl, async (client) => Number((await client.query<{ n: string }>('select pg_database_size(current_database()) as n')).rows[0].n));
  return { scale: Math.max(1, Math.round(bytes / (16 * 1024 * 1024))), bytes };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

/**
 * The self time per function of a .cpuprofile (V8's JSON: nodes, samples, timeDeltas in µs),
 * counting only samples from `fromMs` after the profile began; also per area (a package under
 * node_modules, a folder of the server, node's internals, GC, idle).
 */
export function summarizeProfile(path: string, fromMs: number, count: number, kind = 'decision'): string {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  // Native time (a syscall such as writev) by the first JavaScript frame above it in a package or the server: who asked for it.
  const nativeBy = new Map<string, number>();
  const askedBy = (id: number) => {
    for (let up = parents.get(id); up !== undefined; up = parents.get(up)) {
      const frame = nodes.get(up)!.callFrame;
      if (/node_modules|dist-server/.test(frame.url)) return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^file:\/\/.*?\/(dist-server|node_modules)\//, '$1/')}:${frame.lineNumber + 1}`;
    }
    return '(no JavaScript caller)';
  };
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let t = 0;
  let busy = 0;
  let total = 0;
  const area = (url: string, name: string) => {
    if (!url) return name.startsWith('(') ? name : '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1];
    if (url.startsWith('node:')) return 'node internals';
    const own = /dist-server\/(?:(.+)\/)?[^/]+$/.exec(url);
    return own ? `server ${own[1] ?? '(bundled chunks)'}` : url.replace(/^file:\/\//, '');
  };
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t / 1000 < fromMs) continue;
    const node = nodes.get(profile.samples[i]);
    if (!node) continue;
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    total += delta;
    if (name === '(idle)') continue;
    busy += delta;
    const where = url ? ` ${url.replace(/^file:\/\/.*?\/(dist-server|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
    byFunction.set(`${name}${where}`, (byFunction.get(`${name}${where}`) ?? 0) + delta);
    byArea.set(area(url, name), (byArea.get(area(url, name)) ?? 0) + delta);
    if (!url && !name.startsWith('(')) {
      const key = `${name} ← ${askedBy(node.id)}`;
      nativeBy.set(key, (nativeBy.get(key) ?? 0) + delta);
    }
  }
  const top = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, ms], i) => `  ${String(i + 1).padStart(2)}. ${ms.toFixed(1).padStart(9)} ms ${((ms / Math.max(busy, 1e-9)) * 100).toFixed(1).padStart(5)} %  ${k}`);
  return [
    `CPU profile ${path}`,
    `window: ${(total / 1000).toFixed(1)} s after the first ${(fromMs / 1000).toFixed(1)} s; busy (not idle) ${busy.toFixed(0)} ms for ${count} ${kind}s = ${(busy / Math.max(count, 1)).toFixed(2)} ms CPU per ${kind} in the app process`,
    'top 20 functions by self time (share of busy time):', ...top(byFunction, 20),
    'by area (package, server folder, node internals, GC):', ...top(byArea, 12),
    'native time (syscalls: writev = sending to PostgreSQL or the client) by its first caller in a package or the server:', ...top(nativeBy, 6),
  ].join('\n');
}

/** Writes the summary beside the profile and returns both paths. */
export function writeProfileSummary(dir: string, fromMs: number, count: number, kind = 'decision'): { profile: string; summary: string; text: string } {
  const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().pop();
  if (!file) throw new Error(`no .cpuprofile in ${dir} (did the instance exit normally?)`);
  const profile = join(dir, file);
  const text = summarizeProfile(profile, fromMs, count, kind);
  const summary = `${profile}.top20.txt`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(summary, `${text}\n`);
  return { profile, summary, text };
}

/**
 * A copied document through the real API, before anything is measured: a copy on process
 * opens for its requester (`GET /buffers/{id}`), its records history reads back, and it is in
 * its current candidate's pending list (`GET /approvals/my`, searched by its code). Deciding is
 * what the decision phases do. Throws when any of these fails.
 */
export async function checkCopiedDocument(options: { databaseUrl: string; port: number; jwtSecret: string }): Promise<string> {
  const found = await withClient(options.databaseUrl, async (client) => (await client.query<{ id: string; code: string; requester_id: string; user_id: string }>(
    // A copy: the newest document on process with the seeder's comment entries (copies are written last; filings by the bench have none).
    `select b.id, b.code, b.requester_id, c.user_id from record_history h join buffers b on b.id = h.buffer_id
     join approvals a on a.buffer_id = b.id and a.active join approval_candidates c on c.approval_id = a.id
     where h.kind = 'comment' and h.after -> 'comment' ->> 'body' like 'bench note %' and b.status = ${DocumentStatus.ON_PROCESS}
     order by h.id desc limit 1`)).rows[0]);
  // Without comment entries (BENCH_HISTORY ≤ BENCH_DOCS) the newest document on process: copies are the newest before the run files any.
  const doc = found ?? await withClient(options.databaseUrl, async (client) => (await client.query<{ id: string; code: string; requester_id: string; user_id: string }>(
    `select b.id, b.code, b.requester_id, c.user_id from buffers b join approvals a on a.buffer_id = b.id and a.active
     join approval_candidates c on c.approval_id = a.id where b.status = ${DocumentStatus.ON_PROCESS} order by b.id desc limit 1`)).rows[0]);
  if (!doc) throw new Error('copy check: no document on process');
  const get = async (path: string, userId: number) => {
    const response = await fetch(`http://127.0.0.1:${options.port}/api${path}`, { headers: { authorization: `Bearer ${await tokenOf(options.databaseUrl, userId, options.jwtSecret)}`, 'accept-language': 'en' } });
    const body = await response.json() as Record<string, unknown>;
    if (!response.ok) throw new Error(`copy check: GET ${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  await get(`/buffers/${doc.id}`, Number(doc.requester_id));
  const history = await get(`/buffers/${doc.id}/history`, Number(doc.requester_id));
  const list = await get(`/approvals/my?search=${encodeURIComponent(doc.code)}`, Number(doc.user_id));
  const listed = JSON.stringify(list).includes(`"${doc.code}"`);
  if (!listed) throw new Error(`copy check: ${doc.code} is not in its candidate's pending list`);
  const entries = Array.isArray(history['hydra:member']) ? (history['hydra:member'] as unknown[]).length : '?';
  return `copied document ${doc.code} (id ${doc.id}): opens for its requester, its history reads back (${entries} entries on the first page), it is in its candidate's pending list`;
}
