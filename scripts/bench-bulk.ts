/**
 * `npm run bench:bulk`: how long `POST /api/approvals/bulk` takes for 100 steps (一括承認, issue #33
 * item 4; target ≤ 3 s on PostgreSQL). Each round files BENCH_BULK_SIZE (default 100) two-step
 * purchases waiting for approver@ straight into the tables, then approves them in one request
 * through the app (each item its own transaction, history entry and next-step mail). Runs on a
 * fresh embedded database, and on a fresh PostgreSQL database when DATABASE_URL is set (dropped
 * afterwards). Figures only: nothing passes or fails on time.
 */
import { buildApp } from '../server/app';
import type { DatabaseHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import { benchConfig, benchToken, onBenchDatabases } from './lib/bench-databases';

const SIZE = Number(process.env.BENCH_BULK_SIZE ?? 100);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 5);
const EMBEDDED = process.env.BENCH_BULK_EMBEDDED !== '0';

/** SIZE documents waiting at their first step (manager: approver@, then the authorizer), as filing leaves them. */
async function waitingSteps(handle: DatabaseHandle, round: number): Promise<number[]> {
  const db = handle.db;
  const users = Object.fromEntries((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email.split('@')[0], u.id]));
  const masters = await db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'processes.code']).where('module_code', '=', 'purchase').execute();
  const master = (code: string) => masters.find((m) => m.code === code)!.id;
  const ids: number[] = [];
  for (let i = 0; i < SIZE; i += 1) {
    const buffer = await db.insertInto('buffers').values({
      code: `BULK-BENCH-${round}-${i}`, module_code: 'purchase', requester_id: users.employee, data: JSON.stringify({ total_estimated: 1000 + i }),
      definition_version: 'bench', user_finances: '[]',
    }).returning('id').executeTakeFirstOrThrow();
    const first = await db.insertInto('approvals').values({ buffer_id: buffer.id, master_process_id: master('p-manager'), position: 1, active: true }).returning('id').executeTakeFirstOrThrow();
    const second = await db.insertInto('approvals').values({ buffer_id: buffer.id, master_process_id: master('p-authorizer'), position: 2, active: false }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('approval_candidates').values([{ approval_id: first.id, user_id: users.approver }, { approval_id: second.id, user_id: users.authorizer }]).execute();
    ids.push(first.id);
  }
  return ids;
}

async function measure(kind: string, handle: DatabaseHandle, dataDir: string): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  const config = benchConfig(dataDir);
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  const token = await benchToken(handle.db, 'approver@example.com', config);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const ids = await waitingSteps(handle, round);
    const start = performance.now();
    const reply = await app.inject({ method: 'POST', url: '/api/approvals/bulk', payload: { ids, approve: true, comment: 'bench' }, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - start);
    const results = (reply.json() as { results?: Array<{ status: string }> }).results ?? [];
    const done = results.filter((r) => r.status === 'done').length;
    if (reply.statusCode !== 200 || done !== SIZE) throw new Error(`${kind} round ${round}: ${reply.statusCode}, ${done}/${SIZE} done ${reply.body.slice(0, 300)}`);
  }
  // For comparison: the same number of single approvals, one request each.
  const ids = await waitingSteps(handle, ROUNDS);
  const single = performance.now();
  for (const id of ids) {
    const reply = await app.inject({ method: 'POST', url: `/api/approvals/${id}/action`, payload: { approve: true, send_email_push: true }, headers: { authorization: `Bearer ${token}` } });
    if (reply.statusCode !== 200) throw new Error(`single ${id}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
  }
  console.log(`${kind.padEnd(20)} ${SIZE} single approvals, one request each: ${((performance.now() - single) / 1000).toFixed(2)} s`);
  times.sort((a, b) => a - b);
  console.log(`${kind.padEnd(20)} ${SIZE} approvals per request: median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s, slowest ${(times[times.length - 1] / 1000).toFixed(2)} s (${ROUNDS} rounds)`);
  await app.close();
}

await onBenchDatabases({ name: 'bulk', embedded: EMBEDDED }, measure);
process.exit(0);
