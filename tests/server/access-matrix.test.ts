import { afterAll, describe, expect, test } from 'vitest';
import { routeAccess } from '../../server/auth/public-routes';
import { attachmentKinds } from '../../server/files/attachment-kinds';
import { multipart, samples } from './files-fixtures';
import { buildTestApp } from './helpers';
import { demoUsers, purchaseBody } from './workflow-fixtures';

/**
 * Cross-company access matrix (issue #9): every GET route Fastify registered, with every id
 * parameter set to each id of interest (a document, an upload, companies, bank accounts, users),
 * asked by an external user, a user of another group company and a non-participant of the same
 * company. No answer may carry what the viewer may not read: the document's content, another
 * user's upload, full bank account numbers (unless finance/treasury of that company), or — for
 * the external user — e-mail addresses and role flags of other companies' users. Participants
 * and finance are the controls that prove the scan sees what it looks for.
 */
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const users = await demoUsers(t.db);
const token = async (name: string) => t.login(users[name].email);
const SECRET_GOODS = `matrix-secret-${Date.now()}`;

const filed = await t.app.inject({
  method: 'POST', url: '/api/buffer/purchase', headers: { authorization: `Bearer ${await token('employee')}` },
  payload: await purchaseBody(t.db, users, { goods: SECRET_GOODS }),
});
if (filed.statusCode !== 201) throw new Error(`filing failed: ${filed.body}`);
const documentId: number = filed.json().id;
const moduleCode = (await t.db.selectFrom('buffers').select('module_code').where('id', '=', documentId).executeTakeFirstOrThrow()).module_code;

const sample = samples.find((s) => s.type === 'image')!;
const ext = sample.name.split('.').pop()!;
const kinds = attachmentKinds(t.app.definitions.modules);
const form = multipart({ document_type: [...kinds].find(([, kind]) => kind.accept.includes(ext))![0] }, [['file', `${SECRET_GOODS}.${ext}`, sample.bytes]]);
const uploaded = await t.app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${await token('employee')}`, ...form.headers }, payload: form.payload });
const fileId: number = uploaded.json().id;

const companies = await t.db.selectFrom('companies').select(['id', 'is_group']).execute();
const accounts = await t.db.selectFrom('company_bank_accounts').select(['id', 'company_id', 'number']).execute();
const people = await t.db.selectFrom('users').select(['id', 'email', 'company_id', 'is_finance', 'is_treasury']).execute();
const ids = [...new Set([documentId, fileId, ...companies.map((c) => c.id), ...accounts.map((a) => a.id), ...people.slice(0, 4).map((p) => p.id)])];

// Event streams stay open and are left out; who hears which document on them is
// tests/server/live-events.test.ts's matrix.
const routes = t.app.registeredRoutes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && routeAccess(r.method, r.url) !== 'public' && !r.stream);
/** Every concrete URL of a route: `:id`-like parameters take each id of interest, others the document's module. */
const urlsOf = (url: string): string[] => {
  const params = url.match(/:[A-Za-z_]+/g) ?? [];
  if (params.length === 0) return [url];
  return ids.map((id) => url.replace(/:[A-Za-z_]+/g, (p) => (/id$/i.test(p) ? String(id) : moduleCode)));
};
const urls = routes.flatMap((r) => urlsOf(r.url));

/** Every answer a viewer gets over the whole route list, as text. */
async function sweep(name: string): Promise<Array<{ url: string; status: number; body: string }>> {
  const bearer = await token(name);
  const out = [];
  for (const url of urls) {
    const response = await t.app.inject({ url, headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } });
    expect(response.statusCode, url).toBeLessThan(500);
    out.push({ url, status: response.statusCode, body: response.body });
  }
  return out;
}

const leaks = (answers: Awaited<ReturnType<typeof sweep>>, needle: string) => answers.filter((a) => a.body.includes(needle)).map((a) => a.url);

describe('cross-company access matrix over every GET route', () => {
  test('the matrix is derived from the route list', () => {
    console.log(`access matrix: ${routes.length} GET routes, ${urls.length} URLs per viewer`);
    expect(routes.length).toBeGreaterThan(30);
  });

  const viewers = [
    ['external user (client)', 'client'],
    ['user of another group company (approver2)', 'approver2'],
    ['non-participant of the same company (legal)', 'legal'],
  ] as const;

  test.each(viewers)('%s never reads the document, another user\'s upload or full account numbers', async (_label, name) => {
    const viewer = people.find((p) => p.email === users[name].email)!;
    const answers = await sweep(name);
    expect(leaks(answers, SECRET_GOODS)).toEqual([]);
    expect((await t.app.inject({ url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${await token(name)}` } })).statusCode).toBe(404);
    for (const account of accounts) {
      const allowed = viewer.company_id === account.company_id && (viewer.is_finance || viewer.is_treasury);
      if (!allowed) expect(leaks(answers, `"${account.number}"`), `account ${account.id}`).toEqual([]);
    }
    if (name === 'client') {
      for (const person of people.filter((p) => p.company_id !== viewer.company_id)) {
        expect(leaks(answers, `"${person.email}"`), person.email).toEqual([]);
      }
      const flags = answers.filter((a) => /"is_(finance|treasury|authorizer|legal|company_authorizer)":/.test(a.body)
        && people.some((p) => p.company_id !== viewer.company_id && a.body.includes(`"id":${p.id},`)));
      // Flags may only appear on the viewer's own company's users: check each user object.
      for (const answer of flags) {
        const parsed = JSON.parse(answer.body);
        const stack: unknown[] = [parsed];
        while (stack.length) {
          const value = stack.pop();
          if (value && typeof value === 'object') {
            const record = value as Record<string, unknown>;
            const company = (record.company as { id?: number } | undefined)?.id ?? record.company_id;
            if ('is_finance' in record && company !== viewer.company_id) throw new Error(`flags leak at ${answer.url}`);
            stack.push(...Object.values(record));
          }
        }
      }
    }
  }, 300_000);

  test('controls: a participant reads the document, finance reads its own company\'s full numbers, staff see e-mails', async () => {
    const approver = await sweep('approver');
    expect(leaks(approver, SECRET_GOODS).length).toBeGreaterThan(0);
    expect(leaks(approver, `"${users.finance.email}"`).length).toBeGreaterThan(0);
    const finance = await sweep('finance');
    const financeUser = people.find((p) => p.email === users.finance.email)!;
    const own = accounts.find((a) => a.company_id === financeUser.company_id)!;
    expect(leaks(finance, `"${own.number}"`).length).toBeGreaterThan(0);
    const other = accounts.find((a) => a.company_id !== financeUser.company_id)!;
    expect(leaks(finance, `"${other.number}"`)).toEqual([]);
  }, 300_000);
});
