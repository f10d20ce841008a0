import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  buildSubmitPayload, computeFormData, localDate, validateSubmission, type BusinessCalendar, type CompiledModule, type FormData,
} from '../../src/engine';
import { passwordVersion, signToken } from '../auth/jwt';
import { DocumentStatus, TREASURY_PROCESS_CODE } from '../workflow/core/status';
import { clearHidden } from './clear-hidden';
import { companyLocale, documentContent, readDemoContent, type SampleContent } from './demo-content';
import { demoRateCsv, readDemoRates } from './demo-rates';
import { coprimeStride, documentTimeline, lastOfficeDay, officeInstant, shiftDay, workingDays } from './demo-schedule';
import { prng, type Prng } from './prng';
import { documentTypeOf, emptyInvoiceFields, repairBody } from './repair-body';
import { sampleBody } from './sample-body';
import { seedDemoBudgets, tightenDemoBudget } from './demo-budgets';
import { atInstant, realNow } from './seed-clock';
import { loadSeedWorld, type SeedStep, type SeedWorld } from './seed-world';

/** The smallest valid PDF: the content of the demo uploads. */
const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const DAY_MS = 86_400_000;
/**
 * Days from today that pending payments fall due on: one per bucket of the payment projection
 * (passed, today, within a week, the second week, the third and fourth), so its cards and chart show.
 */
const DUE_OFFSETS = [-6, 0, 3, 10, 20];

/** How the demo month ended for one document (its place in the chain). */
type Outcome = { kind: 'pending'; approved: number } | { kind: 'completed' } | { kind: 'rejected'; at: number } | { kind: 'withdrawn' };

/**
 * Who files, and how far their document got: the demo's working month, per module. Pending
 * documents were filed in the last few working days; the others are spread over the last 45
 * days; `older` ones months before (for the records search). `urgent` ones are marked 至急 where
 * the module allows it (`ui:module.allowUrgent`): they lead their approvers' pending lists.
 */
const PLAN: Array<{ requester: string; outcome: Outcome; due?: number; older?: boolean; large?: boolean; urgent?: boolean }> = [
  { requester: 'employee@example.com', outcome: { kind: 'pending', approved: 0 }, due: 0 },
  { requester: 'approver@example.com', outcome: { kind: 'pending', approved: 0 }, due: 1, urgent: true },
  // Large: a purchase of that size waits for the division director (approver2@) at its second step.
  { requester: 'employee@example.com', outcome: { kind: 'pending', approved: 1 }, due: 2, large: true, urgent: true },
  { requester: 'employee@example.com', outcome: { kind: 'pending', approved: Infinity }, due: 3 },
  { requester: 'employee@example.com', outcome: { kind: 'completed' }, due: 0 },
  { requester: 'approver@example.com', outcome: { kind: 'completed' }, due: 2 },
  { requester: 'employee@example.com', outcome: { kind: 'rejected', at: 1 } },
  { requester: 'employee@example.com', outcome: { kind: 'withdrawn' } },
  // Another group company's documents: company-scoped users of Ringi Holdings do not see them.
  { requester: 'approver2@example.com', outcome: { kind: 'completed' }, due: 1 },
  { requester: 'approver2@example.com', outcome: { kind: 'pending', approved: 1 }, due: 3 },
  // The partner files in English, in dollars.
  { requester: 'client@example.com', outcome: { kind: 'completed' }, due: 4 },
  { requester: 'employee@example.com', outcome: { kind: 'completed' }, older: true },
  { requester: 'approver2@example.com', outcome: { kind: 'completed' }, older: true },
];
/** Days back the working month reaches, and the working days at its end that pending documents were filed in. */
const MONTH_DAYS = 45;
const RECENT_WORKING_DAYS = 3;

/** What `seedDemoDocuments` filed. */
export interface DemoDocumentsResult { documents: number; requests: number; ms: number }

type Reply = { status: number; body: any };

/**
 * Files the demo's working month through the app's own API (`app.inject`): for every module with
 * approval steps (from the definitions), documents pending at each step of its chain — so every
 * demo approver (approver@, approver2@, finance@, treasury@, legal@) has work — completed ones
 * (treasury data included, invoices to register), a rejected and a withdrawn one, uploads where
 * the rules require them, an edit history, and admin requests in flight for admin@ (a user's
 * deletion, a user's edit, a company's edit). Filing through the API makes every workflow rule,
 * numbering, mail and statistics row apply as in real use. Each call runs on the seed clock
 * (`seed-clock.ts`) at an office-hours instant of the requester's company calendar before
 * `today` (`demo-schedule.ts`); each body is written in the requester's language and currency
 * from `server/demo/demo-content.json` (`demo-content.ts`). Does nothing when the database holds
 * documents already or the demo users are missing (a production database). Deterministic for a
 * given `today`.
 */
export async function seedDemoDocuments(app: FastifyInstance, options: { today?: Date } = {}): Promise<DemoDocumentsResult | null> {
  const started = Date.now();
  const db = app.db;
  if (await db.selectFrom('buffers').select('id').limit(1).executeTakeFirst()) return null;
  const users = await db.selectFrom('users').select(['id', 'email', 'company_id', passwordVersion.as('pv')]).where('disabled', '=', false).execute();
  const byEmail = new Map(users.map((u) => [u.email, u]));
  if (!PLAN.every((p) => byEmail.has(p.requester)) || !byEmail.has('admin@example.com')) return null;
  // Budgets first, so the month's documents reserve and consume them as filing does.
  const budgetIds = await seedDemoBudgets(db, options.today);

  // Signed for each call, at the seed clock's time of that call (a token of another instant would be expired or not yet valid).
  const tokenOf = (userId: number) => signToken(userId, users.find((u) => u.id === userId)!.pv, app.config.jwtSecret);
  const call = async (userId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Reply> => {
    const headers: Record<string, string> = { authorization: `Bearer ${await tokenOf(userId)}`, 'accept-language': 'en' };
    const reply = await app.inject({ method, url: `/api${url}`, headers, payload: payload as never });
    return { status: reply.statusCode, body: reply.body ? JSON.parse(reply.body) : null };
  };
  const ok = async (userId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<any> => {
    const reply = await call(userId, method, url, payload);
    if (reply.status >= 300) throw new Error(`demo data: ${method} ${url} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const upload = async (userId: number, documentType: string, name: string): Promise<number> => {
    const boundary = `ringi${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${documentType}\r\n`
        + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
      SAMPLE_PDF, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await app.inject({
      method: 'POST', url: '/api/files', payload,
      headers: { authorization: `Bearer ${await tokenOf(userId)}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (reply.statusCode >= 300) throw new Error(`demo data: upload answered ${reply.statusCode}: ${reply.body}`);
    return JSON.parse(reply.body).id as number;
  };

  const { modules } = app.definitions;
  const world = await loadSeedWorld(db, modules);
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  const fills = await stepFills();
  const content = readDemoContent();
  const today = options.today ?? new Date();
  // Each company's reporting currency and a rate table over the demo period, set by a group admin
  // through the rates API before anything is filed, so documents in another currency are converted.
  const admin = byEmail.get('admin@example.com')!.id;
  const demoRates = readDemoRates();
  for (const company of await db.selectFrom('companies').select(['id', 'code']).execute()) {
    const reporting = demoRates.reporting[company.code];
    const currency = currencies.find((c) => c.code === reporting);
    if (!currency) continue;
    await ok(admin, 'PUT', `/companies/${company.id}/exchange_rates/settings`, { reporting_currency_id: currency.id, rounding_rule: demoRates.rounding[company.code] ?? 'half_up' });
    await ok(admin, 'POST', `/companies/${company.id}/exchange_rates/import`, { csv: demoRateCsv(demoRates, reporting, today) });
  }
  const rng = prng(22);
  const pickerCache = new Map<string, number[]>();
  const fallbackCalendar: BusinessCalendar = { weekendDays: [0, 6], holidays: new Set(), timeZone: 'UTC' };
  const calendarOf = (companyId: number | null) => world.companies.get(companyId ?? -1)?.calendar ?? fallbackCalendar;
  // PGlite reads the process clock the seed moves; a PostgreSQL server keeps its own (see `settle`).
  const dbFollowsClock = await atInstant(new Date(today.getTime() - 30 * DAY_MS), async () => {
    const { rows } = await sql<{ now: Date | string }>`select now() as now`.execute(db);
    return Math.abs(new Date(rows[0].now).getTime() - (today.getTime() - 30 * DAY_MS)) < 3_600_000;
  });

  // Every document of the plan with its filing instant, filed oldest first so numbers follow the dates.
  const jobs: Array<{ module: CompiledModule; steps: SeedStep[]; plan: (typeof PLAN)[number]; index: number; chain: Array<{ step: SeedStep; approver: number }>; filedAt: Date }> = [];
  const planned: Array<Omit<(typeof jobs)[number], 'filedAt'> & { companyId: number | null }> = [];
  for (const { module, steps } of world.modules) {
    for (const [index, plan] of PLAN.entries()) {
      const requester = byEmail.get(plan.requester)!;
      const chain = await chainOf(steps, requester.id);
      if (chain) planned.push({ module, steps, plan, index, chain, companyId: requester.company_id });
    }
  }
  const monthOf = new Map<number | null, typeof planned>();
  for (const job of planned.filter((j) => j.plan.outcome.kind !== 'pending' && !j.plan.older)) monthOf.set(job.companyId, [...(monthOf.get(job.companyId) ?? []), job]);
  for (const job of planned) {
    const calendar = calendarOf(job.companyId);
    const last = lastOfficeDay(calendar, today);
    let day: string;
    if (job.plan.older) {
      day = rng.pick(workingDays(calendar, shiftDay(last, -240), shiftDay(last, -60)));
    } else if (job.plan.outcome.kind === 'pending') {
      day = rng.pick(workingDays(calendar, shiftDay(last, -10), last).slice(-RECENT_WORKING_DAYS));
    } else {
      // Spread evenly over the company's working days of the month (not at random, so every one
      // of them has documents), the modules mixed by a stride through the company's list.
      const month = workingDays(calendar, shiftDay(last, -MONTH_DAYS + 1), shiftDay(last, -RECENT_WORKING_DAYS));
      const own = monthOf.get(job.companyId)!;
      const place = (own.indexOf(job) * coprimeStride(own.length)) % own.length;
      day = month[Math.floor(((place + 0.5) / own.length) * month.length)];
    }
    jobs.push({ ...job, filedAt: officeInstant(calendar, day, rng, today) });
  }
  jobs.sort((a, b) => a.filedAt.getTime() - b.filedAt.getTime());

  const turns = new Map<string, number>();
  let documents = 0;
  for (const { module, steps, plan, index, chain, filedAt } of jobs) {
    const requester = byEmail.get(plan.requester)!;
    const calendar = calendarOf(requester.company_id);
    const locale = companyLocale(content, world.companies.get(requester.company_id ?? -1)?.code);
    const currency = currencies.find((c) => c.code === locale.currency) ?? currencies[0];
    const turn = turns.get(locale.language) ?? 0;
    turns.set(locale.language, turn + 1);
    const words = documentContent(content, locale.language, currency.code, turn, rng, { large: plan.large });
    const due = plan.older
      ? shiftDay(localDate(filedAt, calendar.timeZone), 20)
      : new Date(today.getTime() + DUE_OFFSETS[plan.due ?? index % DUE_OFFSETS.length] * DAY_MS).toISOString().slice(0, 10);
    const filed = await clocked(filedAt, async () => {
      const body = await demoBody(module, world, chain, steps, currencies, requester, {
        due, filedOn: localDate(filedAt, calendar.timeZone), currencyId: currency.id, content: words, urgent: plan.urgent === true,
      }, rng, (type) => upload(requester.id, type, `${type}.pdf`));
      return ok(requester.id, 'POST', `/buffer/${module.code}`, body);
    }, (reply) => reply.id);
    documents++;
    const timeline = documentTimeline(calendar, filedAt, today, rng);
    if (index === 0) await clocked(timeline.next(3), () => editOnce(requester.id, filed.id, content.languages[locale.language]?.revised ?? ' (revised)'), () => filed.id);
    await driveTo(module, plan.outcome, filed.id, chain, timeline, calendar);
  }
  const requests = await adminRequests();
  documents += await demoFollowUps();
  await tightenDemoBudget(db, budgetIds);
  return { documents, requests, ms: Date.now() - started };

  /**
   * Runs one step of the demo (its API calls) at `instant` on the seed clock. Where the database
   * keeps its own clock (PostgreSQL), the rows it stamped itself during the call get the call's
   * instant and the records' projection is refreshed from them; history entries are left as
   * written (their time is part of their hash and seal), so there they show when the seed ran.
   */
  async function clocked<T>(instant: Date, run: () => Promise<T>, documentOf: (result: T) => number | null): Promise<T> {
    const realStart = new Date(realNow() - 1000);
    const result = await atInstant(instant, run);
    const documentId = documentOf(result);
    if (!dbFollowsClock && documentId !== null) await settle(documentId, instant, realStart);
    return result;
  }

  async function settle(documentId: number, instant: Date, since: Date) {
    await db.updateTable('buffers').set({ created_at: instant }).where('id', '=', documentId).where('created_at', '>=', since).execute();
    await db.updateTable('approvals').set({ created_at: instant }).where('buffer_id', '=', documentId).where('created_at', '>=', since).execute();
    await db.updateTable('approval_logs').set({ created_at: instant }).where('buffer_id', '=', documentId).where('created_at', '>=', since).execute();
    await db.updateTable('files').set({ created_at: instant }).where('created_at', '>=', since).execute();
    // The copies of the filing time the lists sort by.
    await sql`update approval_candidates c set inbox_created_at = b.created_at from buffers b
      where b.id = ${documentId} and c.inbox_buffer_id = b.id and c.inbox_created_at is distinct from b.created_at`.execute(db);
    await sql`update approval_done d set buffer_created_at = b.created_at from buffers b
      where b.id = ${documentId} and d.buffer_id = b.id and d.buffer_created_at is distinct from b.created_at`.execute(db);
    // The electronic records' projection: a file without a transaction date is dated by the filing day (migration 0980).
    await sql`select ringi_records_fill(array[${documentId}]::integer[])`.execute(db);
    await sql`update records set added_at = ${instant} where buffer_id = ${documentId} and added_at >= ${since}`.execute(db);
  }

  /**
   * Approves the document up to the plan's outcome along the route it was filed with (resolved
   * from the organisation, skips and 合議 included), each step acted on by one of its approvers —
   * the chain's pick when the route left that choice to the requester.
   */
  async function driveTo(
    module: CompiledModule, outcome: Outcome, documentId: number, chain: Array<{ step: SeedStep; approver: number }>,
    timeline: ReturnType<typeof documentTimeline>, calendar: BusinessCalendar,
  ) {
    const doc = await db.selectFrom('buffers').select(['requester_id', 'company_id']).where('id', '=', documentId).executeTakeFirstOrThrow();
    if (outcome.kind === 'withdrawn') {
      await clocked(timeline.next(0), () => ok(doc.requester_id, 'POST', '/buffer/withdrawal', { buffer_id: documentId }), () => documentId);
      return;
    }
    const filedSteps = await db.selectFrom('approvals').select('id').where('buffer_id', '=', documentId).where('status', '!=', 3).execute();
    const last = filedSteps.length - 1;
    const stop = outcome.kind === 'completed' ? filedSteps.length
      : outcome.kind === 'rejected' ? Math.min(outcome.at, last) : Math.min(outcome.approved, last);
    let position = 0;
    let current: number | null = null;
    // Each round acts once on the active step; a step of several approvers (all, quorum) takes several rounds.
    for (let round = 0; round < 100; round += 1) {
      const active = await activeStep(documentId);
      if (!active) return;
      if (current !== null && active.id !== current) position += 1;
      current = active.id;
      if (position > stop || (position === stop && outcome.kind === 'pending')) return;
      const step = chain.find((c) => c.step.id === active.master_process_id)?.step;
      const preferred = chain.find((c) => c.step.id === active.master_process_id)?.approver;
      const candidates = await db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', active.id).orderBy('user_id').execute();
      const actors = [...new Set([preferred, ...candidates.map((c) => c.user_id)].filter((id): id is number => id !== undefined && candidates.some((c) => c.user_id === id)))];
      const at = timeline.next(Math.max(0, stop - position));
      if (position === stop && outcome.kind === 'rejected') {
        await clocked(at, () => actOnce(actors, active.id, () => ({ approve: false })), () => documentId);
        return;
      }
      if (active.code === TREASURY_PROCESS_CODE) {
        const account = await db.selectFrom('company_bank_accounts').select('id')
          .where('company_id', '=', doc.company_id ?? -1).where('retired_at', 'is', null).orderBy('id').executeTakeFirst();
        // Paid on the day treasury records it.
        const paid = localDate(at, calendar.timeZone);
        await clocked(at, () => actOnce(actors, active.id, async (actor) => ({ approve: null, data: { account_id: account?.id, payment_date: paid, deal_slips: [await upload(actor, 'deal-slip', 'deal-slip.pdf')] } })), () => documentId);
        continue;
      }
      const filled = fills.get(step?.code ?? active.code) ?? [];
      await clocked(at, () => actOnce(actors, active.id, async (actor) => (filled.length
        ? { approve: true, data: Object.fromEntries(await Promise.all(filled.map(async (field) => [field, [await upload(actor, documentTypeOf(module, field), `${field}.pdf`)]]))) }
        : { approve: true })), () => documentId);
    }
  }

  /** Acts on a step as the first of `actors` the server lets act (one who already decided on a 合議 step is refused). */
  async function actOnce(actors: number[], approval: number, body: (actor: number) => unknown) {
    let refusal = `no approver on step ${approval}`;
    for (const actor of actors) {
      const reply = await call(actor, 'POST', `/approvals/${approval}/action`, await body(actor));
      if (reply.status < 300) return;
      refusal = `POST /approvals/${approval}/action answered ${reply.status}: ${JSON.stringify(reply.body)}`;
    }
    throw new Error(`demo data: ${refusal}`);
  }

  /**
   * The requester's chain: every mandatory step with an approver the approver picker offers them
   * (the filing's own rule), their saved approver when it is among them. Null: a step nobody fills.
   */
  async function chainOf(steps: SeedStep[], requester: number): Promise<Array<{ step: SeedStep; approver: number }> | null> {
    const chain: Array<{ step: SeedStep; approver: number }> = [];
    for (const step of steps.filter((s) => !s.optional)) {
      const key = `${requester}:${step.id}`;
      let offered = pickerCache.get(key);
      if (!offered) {
        const list = await ok(requester, 'GET', `/users/approver?masterProcessId=${step.id}&itemsPerPage=50`);
        offered = (list['hydra:member'] as Array<{ id: number }>).map((u) => u.id);
        pickerCache.set(key, offered);
      }
      const saved = world.savedApprovers.get(key)?.find((id) => offered.includes(id));
      const approver = saved ?? offered.find((id) => id !== requester);
      if (approver === undefined) return null;
      chain.push({ step, approver });
    }
    return chain;
  }

  /** A document's active step with its process code (read; acting on it goes through the API), or null when none is. */
  async function activeStep(documentId: number): Promise<{ id: number; master_process_id: number; code: string } | null> {
    const row = await db.selectFrom('approvals')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select(['approvals.id', 'approvals.master_process_id', 'processes.code'])
      .where('approvals.buffer_id', '=', documentId).where('approvals.active', '=', true).executeTakeFirst();
    return row ?? null;
  }

  /** One edit of a document's first free-text field (marked `revised` in its language), so the edit history has an entry. */
  async function editOnce(userId: number, documentId: number, revised: string) {
    const view = await ok(userId, 'GET', `/buffers/${documentId}`);
    const data = view.data as Record<string, unknown>;
    const field = Object.keys(data ?? {}).find((key) => /note|purpose|reason|remark|description/.test(key) && typeof data[key] === 'string');
    if (!field) return;
    const reply = await call(userId, 'POST', `/buffer/${documentId}/edit`, { data: { ...data, [field]: `${data[field]}${revised}` } });
    // Modules that are not editable refuse: the history belongs to those that are.
    if (reply.status >= 500) throw new Error(`demo data: edit answered ${reply.status}`);
  }

  /** Admin requests waiting for admin@ at their authorizer step: a user's deletion and edit, a company's edit. */
  async function adminRequests(): Promise<number> {
    let filed = 0;
    const filer = byEmail.get('authorizer@example.com');
    const admin = byEmail.get('admin@example.com')!;
    if (!filer) return 0;
    const calendar = calendarOf(filer.company_id);
    const last = lastOfficeDay(calendar, today);
    for (const module of Object.values(modules).filter((m) => m.meta.entity).sort((a, b) => a.code.localeCompare(b.code))) {
      const steps = world.allSteps.get(module.code) ?? [];
      if (!steps.some((s) => !s.optional)) continue;
      const chain = steps.filter((s) => !s.optional).map((step) => {
        const saved = world.savedApprovers.get(`${filer.id}:${step.id}`)?.filter((id) => id !== filer.id);
        return { step, approver: step.role === 'authorizer' ? admin.id : saved?.[0] ?? byEmail.get('approver@example.com')!.id };
      });
      const approvals = chain.map((c) => ({ master_process_id: c.step.id, approver_id: c.approver }));
      const target = await entityTarget(module);
      if (target === null || !module.meta.entity!.operations.includes('delete')) continue;
      // Filed in the last working days, approved by the manager soon after.
      const timeline = documentTimeline(calendar, officeInstant(calendar, rng.pick(workingDays(calendar, shiftDay(last, -10), last).slice(-RECENT_WORKING_DAYS)), rng, today), today, rng);
      const reply = await clocked(timeline.current, () => call(filer.id, 'POST', `/buffer/${module.code}/${target}/delete`, {
        bypass: false, send_notification_first_approval: false, save_approvers: false, approvals,
      }), (r) => (r.status === 201 ? r.body.id : null));
      if (reply.status !== 201) continue; // a handler that refuses this filer (rights) leaves the module out
      filed++;
      // The manager approves; the request then waits at the authorizer step, for admin@.
      for (let round = 0; round < chain.length; round += 1) {
        const active = await activeStep(reply.body.id);
        const link = chain.find((c) => c.step.id === active?.master_process_id);
        if (!active || !link || link.step.role === 'authorizer') break;
        const candidates = await db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', active.id).orderBy('user_id').execute();
        const actors = [link.approver, ...candidates.map((c) => c.user_id)].filter((id) => candidates.some((c) => c.user_id === id));
        await clocked(timeline.next(chain.length - round), () => actOnce([...new Set(actors)], active.id, () => ({ approve: true })), () => reply.body.id);
      }
    }
    return filed;
  }

  /**
   * 関連書類 (issue #36 item 5): of each module's completed documents whose definition names a
   * follow-up, the oldest gets it — filed by its requester in the last working days with the data
   * `GET /buffers/{id}/follow_up_data` carries over and `follow_up_of`, then approved — and the
   * others still wait for theirs (Admin → Awaiting follow-up). A random stream of its own, so the
   * documents before it are the same as without it.
   */
  async function demoFollowUps(): Promise<number> {
    const followRng = prng(36);
    let filed = 0;
    for (const origin of Object.values(modules).filter((m) => m.meta.followUps?.length).sort((a, b) => a.code.localeCompare(b.code))) {
      const decided = await db.selectFrom('buffers').select(['id', 'requester_id']).where('module_code', '=', origin.code)
        .where('status', '=', DocumentStatus.COMPLETED).orderBy('completed_at').orderBy('id').execute();
      // One followed up and at least one left waiting.
      if (decided.length < 2) continue;
      const first = decided[0];
      const requester = users.find((u) => u.id === first.requester_id)!;
      for (const entry of origin.meta.followUps!) {
        const target = world.modules.find((m) => m.module.code === entry.module);
        const chain = target ? await chainOf(target.steps, requester.id) : null;
        if (!target || !chain) continue;
        const calendar = calendarOf(requester.company_id);
        const last = lastOfficeDay(calendar, today);
        const at = officeInstant(calendar, followRng.pick(workingDays(calendar, shiftDay(last, -10), last).slice(-RECENT_WORKING_DAYS)), followRng, today);
        const locale = companyLocale(content, world.companies.get(requester.company_id ?? -1)?.code);
        const currency = currencies.find((c) => c.code === locale.currency) ?? currencies[0];
        const start = await ok(requester.id, 'GET', `/buffers/${first.id}/follow_up_data?module=${encodeURIComponent(entry.module)}`);
        const reply = await clocked(at, async () => {
          const body = await demoBody(target.module, world, chain, target.steps, currencies, requester, {
            due: localDate(at, calendar.timeZone), filedOn: localDate(at, calendar.timeZone), currencyId: currency.id,
            content: documentContent(content, locale.language, currency.code, 0, followRng, {}),
          }, followRng, (type) => upload(requester.id, type, `${type}.pdf`));
          const key = target.module.meta.bodyKey;
          const carried = key ? { ...body, [key]: { ...(body[key] as object), ...start.data } } : { ...body, ...start.data };
          return ok(requester.id, 'POST', `/buffer/${entry.module}`, { ...carried, follow_up_of: first.id });
        }, (r) => r.id);
        filed++;
        await driveTo(target.module, { kind: 'completed' }, reply.id, chain, documentTimeline(calendar, at, today, followRng), calendar);
      }
    }
    return filed;
  }

  /** An entity a demo deletion may name: a colleague without a login, else the last row. */
  async function entityTarget(module: CompiledModule): Promise<number | null> {
    const kind = module.meta.entity!.kind;
    if (kind === 'user') return byEmail.get('sam.patel@example.com')?.id ?? null;
    const table = ({ company: 'companies', 'expense-account': 'expense_accounts', 'company-bank-account': 'company_bank_accounts', background: 'backgrounds' } as Record<string, string>)[kind];
    if (!table) return null;
    const row = await db.selectFrom(table as 'companies').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.id ?? null;
  }
}

/** The upload kind of a module's file field (`ui:options.documentType`). */
/** Fields each process's approver fills when approving (`fills` in processes/<code>.json, p-signer's signed files). */
async function stepFills(): Promise<Map<string, string[]>> {
  const { loadDefinitionFiles } = await import('../definitions/load-definition-files');
  const { files } = await loadDefinitionFiles(process.env.DEFINITIONS_DIR || undefined);
  const out = new Map<string, string[]>();
  for (const file of Object.values(files.processes ?? {})) {
    for (const step of (file as { steps?: Array<{ code: string; fills?: string[] }> })?.steps ?? []) {
      if (step.fills?.length) out.set(step.code, step.fills);
    }
  }
  return out;
}

/**
 * A valid body for `module` from its definition (`sampleBody`), due on `due`, with the uploads its
 * rules require (`upload`) and the chain's approvers.
 */
async function demoBody(
  module: CompiledModule, world: SeedWorld, chain: Array<{ step: SeedStep; approver: number }>, steps: SeedStep[],
  currencies: Array<{ id: number; code: string }>, requester: { id: number; company_id: number | null },
  what: { due: string; filedOn: string; currencyId: number; content: SampleContent; urgent?: boolean }, rng: Prng,
  upload: (documentType: string) => Promise<number>,
): Promise<Record<string, unknown>> {
  const context = { steps: steps.map(({ id, optional, position }) => ({ id, optional, position })), currencies };
  const approvals = chain.map((c) => ({ master_process_id: c.step.id, approver_id: c.approver }));
  const wrapped = (d: FormData) => ({
    ...buildSubmitPayload(module, { ...d, approvals }),
    bypass: false, send_notification_first_approval: false, save_approvers: false,
    ...(module.meta.allowUrgent ? { urgent: what.urgent === true } : {}),
  });
  const ctx = { companyId: requester.company_id!, date: what.due, stampNo: null, spreadDays: 0, filedOn: what.filedOn, currencyId: what.currencyId, content: what.content };
  let problems: unknown[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    let data = computeFormData(module, sampleBody(module, world.refs, ctx, rng), context);
    clearHidden(module, data, context);
    data = computeFormData(module, data, context);
    // Uploads are made after the repair (it is synchronous): placeholders first, real ids after.
    const wanted: string[] = [];
    repairBody(module, data, validateSubmission(module, wrapped(data), context, (k) => k), (type) => {
      wanted.push(type);
      return -wanted.length;
    });
    data = computeFormData(module, data, context);
    problems = validateSubmission(module, wrapped(data), context, (k) => k);
    if (problems.length) continue;
    const ids = await Promise.all(wanted.map((type) => upload(type)));
    const filled = replacePlaceholders(data, ids) as FormData;
    // Electronic records on a fresh start (docs/COMPLIANCE.md): a module whose invoices the
    // statistics list (`statistics.invoices`) gets an e-invoice and a receipt where it has none.
    for (const { field, documentType } of emptyInvoiceFields(module, filled)) filled[field] = [await upload(documentType)];
    return wrapped(filled);
  }
  throw new Error(`demo data: no valid ${module.code} body from its definition (last: ${JSON.stringify(problems)})`);
}

/** Swaps the negative placeholder ids `repairBody` was given for the uploaded files' ids. */
function replacePlaceholders(value: unknown, ids: number[]): unknown {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' && v < 0 ? ids[-v - 1] : replacePlaceholders(v, ids)));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replacePlaceholders(v, ids)]));
  return value;
}
