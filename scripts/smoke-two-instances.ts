/**
 * A smoke run over two instances started by `scripts/start-two-instances.sh` (demo data):
 * files purchases on the first, replays an Idempotency-Key on the second, walks the approver's
 * inbox on the second by cursor, approves on the first and tries the same step on the second
 * (409), and counts the mail outbox. It writes documents: for a local try-out database only.
 *   SMOKE_URLS (default "http://127.0.0.1:8081 http://127.0.0.1:8082"),
 *   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ringi, the script's default).
 */
import pg from 'pg';
const [A, B] = (process.env.SMOKE_URLS ?? 'http://127.0.0.1:8081 http://127.0.0.1:8082').split(/\s+/).map((u) => `${u}/api`);
const db = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ringi' });
await db.connect();
const one = async (q: string, p: unknown[] = []) => (await db.query(q, p)).rows[0];
const currency = (await one("select id from currencies where code='CNY'")).id;
const company = (await one("select id from companies where code='RH'")).id;
const department = (await one('select id from departments where company_id=$1 order by id limit 1', [company])).id;
const steps = (await db.query("select id from master_processes where module_code='purchase' and not optional order by position")).rows;
const user = async (email: string) => (await one('select id from users where email=$1', [email])).id;
const approver = await user('approver@example.com'), authorizer = await user('authorizer@example.com');
const login = async (base: string, email: string) => (await (await fetch(`${base}/login_check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: 'ringi-demo' }) })).json()).token as string;
const emp = await login(A, 'employee@example.com');
const appr = await login(B, 'approver@example.com');
const body = { send_notification_first_approval: true, save_approvers: false,
  approvals: [{ approver_id: approver, master_process_id: steps[0].id }, { approver_id: authorizer, master_process_id: steps[1].id }],
  currency_id: currency, company_id: company, department_id: department,
  purchase_goods: [{ department_id: department, delivery_date: '2026-12-01', goods_name: 'Laptop', qty: 2, budget: 1000, arrange_by: 'me' }], total_estimated: 1000, user_finances: [] };
const filed: number[] = [];
for (let i = 0; i < 3; i++) {
  const r = await fetch(`${A}/buffer/purchase`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${emp}`, 'idempotency-key': `smoke-${Date.now()}-${i}` }, body: JSON.stringify(body) });
  console.log('file on A', r.status); filed.push((await r.json()).id);
}
// Replay the last idempotency key on B: the stored answer, not a second document.
const key = `smoke-replay-${Date.now()}`;
const first = await fetch(`${A}/buffer/purchase`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${emp}`, 'idempotency-key': key }, body: JSON.stringify(body) });
const replay = await fetch(`${B}/buffer/purchase`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${emp}`, 'idempotency-key': key }, body: JSON.stringify(body) });
const f1 = await first.json(), f2 = await replay.json();
console.log('idempotency: A', first.status, f1.id, '→ replay on B', replay.status, f2.id, f1.id === f2.id ? 'same document' : 'DIFFERENT');
// Approver walks the inbox on B by cursor, then approves the newest step on A.
let cursor: string | undefined; const seen: number[] = [];
do {
  const r = await (await fetch(`${B}/approvals/my?itemsPerPage=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${appr}` } })).json();
  seen.push(...r['hydra:member'].map((m: { id: number }) => m.id)); cursor = r.nextCursor;
} while (cursor);
console.log('inbox on B by cursor:', seen.length, 'steps', new Set(seen).size === seen.length ? '(no duplicates)' : '(DUPLICATES)');
const act = await fetch(`${A}/approvals/${seen[0]}/action`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await login(A, 'approver@example.com')}` }, body: JSON.stringify({ approve: true }) });
console.log('approve on A', act.status);
const again = await fetch(`${B}/approvals/${seen[0]}/action`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${appr}` }, body: JSON.stringify({ approve: true }) });
console.log('same approval on B', again.status, (await again.json()).code);
const outbox = await one("select count(*)::int as all, count(*) filter (where sent_at is not null)::int as sent from mail_outbox");
console.log('mail outbox', outbox);
await db.end();
