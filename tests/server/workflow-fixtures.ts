import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database';
import { buildTestApp, type TestApp } from './helpers';

/** Demo users by their e-mail's local part (`employee`, `approver`, `client`, …). */
export type Users = Record<string, { id: number; email: string; name: string }>;

/** Every demo user by the local part of the e-mail. */
export async function demoUsers(db: Kysely<Database>): Promise<Users> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'name']).execute();
  return Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r]));
}

/** Logs in every user lazily and caches the tokens. */
export function tokens(t: TestApp) {
  const cache = new Map<string, string>();
  return async (user: string) => {
    if (!cache.has(user)) cache.set(user, await t.login(`${user}@example.com`));
    return cache.get(user)!;
  };
}

/** Master-process step ids of a module in order. */
export async function moduleSteps(db: Kysely<Database>, module: string) {
  return db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'processes.code'])
    .where('module_code', '=', module).orderBy('position').execute();
}

/** Purchase master data: RH company, its first department, CNY. */
export async function purchaseRefs(db: Kysely<Database>) {
  const currency = await db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const department = await db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  return { currency: currency.id, company: company.id, department: department.id };
}

export interface PurchaseOptions {
  /** Candidate approvers per mandatory step (p-manager, p-authorizer); default approver / authorizer. */
  approvers?: number[][];
  user_finances?: number[];
  send_notification_first_approval?: boolean;
  goods?: string;
  budget?: number;
}

/** A valid purchase body with the given approvers (the optional director step left empty). */
export async function purchaseBody(db: Kysely<Database>, users: Users, options: PurchaseOptions = {}) {
  const refs = await purchaseRefs(db);
  const steps = (await moduleSteps(db, 'purchase')).filter((s) => !s.optional);
  const approvers = options.approvers ?? [[users.approver.id], [users.authorizer.id]];
  const budget = options.budget ?? 1000;
  return {
    send_notification_first_approval: options.send_notification_first_approval ?? true,
    save_approvers: false,
    approvals: steps.flatMap((s, i) => (approvers[i] ?? []).map((approver_id) => ({ approver_id, master_process_id: s.id }))),
    currency_id: refs.currency, company_id: refs.company, department_id: refs.department,
    purchase_goods: [{ department_id: refs.department, delivery_date: '2026-12-01', goods_name: options.goods ?? 'Laptop', qty: 2, budget, arrange_by: 'me' }],
    total_estimated: budget,
    user_finances: options.user_finances ?? [],
  };
}

/** Files a purchase through the real route and returns `{id, code}` plus its step ids in order. */
export async function filePurchase(t: TestApp, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/api/buffer/purchase', payload: body, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers } });
  if (response.statusCode !== 201) throw new Error(`filing failed: ${response.statusCode} ${response.body}`);
  const filed = response.json() as { id: number; code: string; status: number };
  const steps = await t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.id).orderBy('position').execute();
  return { ...filed, steps: steps.map((s) => s.id) };
}

/**
 * Inserts a document of a module without a definition here (e.g. payment with its treasury
 * step) straight into the tables, as filing would: steps with candidates, the first active.
 */
export async function insertDocument(db: Kysely<Database>, options: {
  module: string; requester: number; steps: Array<{ process: string; candidates: number[] }>; data?: Record<string, unknown>; code: string;
}) {
  const masters = await moduleSteps(db, options.module);
  const buffer = await db.insertInto('buffers').values({
    code: options.code, module_code: options.module, requester_id: options.requester, data: JSON.stringify(options.data ?? { total: 100 }),
    definition_version: 'test', user_finances: '[]',
  }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, step] of options.steps.entries()) {
    const master = masters.find((m) => m.code === step.process)!;
    const approval = await db.insertInto('approvals').values({ buffer_id: buffer.id, master_process_id: master.id, position: i + 1, active: i === 0 })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('approval_candidates').values(step.candidates.map((user_id) => ({ approval_id: approval.id, user_id }))).execute();
    ids.push(approval.id);
  }
  return { id: buffer.id, steps: ids };
}

/** POST helper with a bearer token and English messages. */
export function poster(t: TestApp, auth: (user: string) => Promise<string>) {
  return async (user: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url, payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en', ...headers },
  });
}

/** GET helper with a bearer token and English messages. */
export function getter(t: TestApp, auth: (user: string) => Promise<string>) {
  return async (user: string, url: string) => t.app.inject({
    method: 'GET', url, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' },
  });
}

export type Auth = ReturnType<typeof tokens>;
export type Poster = ReturnType<typeof poster>;
export type Getter = ReturnType<typeof getter>;

/** One fresh app per test file with the demo users, lazily cached tokens and POST/GET helpers. */
export interface WorkflowSuite {
  t: TestApp;
  users: Users;
  auth: Auth;
  post: Poster;
  get: Getter;
}

/** Registers the file's beforeAll/afterAll: builds the app, then hands its helpers to `receive`. */
export function workflowSuite(receive: (suite: WorkflowSuite) => void, config: Parameters<typeof buildTestApp>[0] = {}) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(config);
    const auth = tokens(t);
    receive({ t, users: await demoUsers(t.db), auth, post: poster(t, auth), get: getter(t, auth) });
  });
  afterAll(async () => t?.close());
}
