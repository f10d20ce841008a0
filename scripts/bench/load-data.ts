import { buildSubmitPayload } from '../../src/engine';
import { signToken, passwordVersion } from '../../server/auth/jwt';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/demo/seed';
import { DEMO_PASSWORD } from '../../server/demo/seed-data';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { FileStorage } from '../../server/files/file-storage';
import { TREASURY_PROCESS_CODE } from '../../server/workflow/core/status';
import { seedDocuments } from '../lib/seed-documents';
import { fileFieldNames } from '../../server/files/file-field-names';
import { copySeed } from './load-copy';

/** Seeding by COPY: how many documents the generator makes (the templates), the history's target, open documents wanted, the records key. */
export interface CopyPlan {
  templates: number;
  years: number;
  history: number;
  open: number;
  recordsKey: string;
}

/** Everything the scenarios need, read from the seeded database. */
export interface BenchData {
  /** The user with the most pending steps, and a token of theirs. */
  approverToken: string;
  pending: number;
  /** Pending plain-approval steps of that user, for the approve scenario (one per request). */
  steps: number[];
  detailId: number;
  submit: { module: string; body: string; token: string };
  loginEmail: string;
  password: string;
  /** Tokens of ten enabled users, for the upload burst (each user may have only a few uploads at once). */
  uploadTokens: string[];
  /** An attachment kind that takes PNG files of several MiB (from the definitions). */
  uploadKind: string;
}

/**
 * Migrates and seeds the database (demo data, then generated documents up to `docs`; an existing
 * data set that is big enough is reused) and picks the users, steps and bodies of the scenarios.
 */
export async function prepareData(options: { databaseUrl?: string; dataDir: string; docs: number; jwtSecret: string; copy?: CopyPlan }): Promise<BenchData> {
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    const { n } = await db.selectFrom('buffers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // By COPY (PostgreSQL): the generator makes the templates, copies make up the rest (scripts/bench/load-copy.ts).
    const generated = options.copy && options.databaseUrl ? Math.min(options.docs, options.copy.templates) : options.docs;
    if (Number(n) < generated) {
      const started = Date.now();
      const result = await seedDocuments(db, { count: generated - Number(n), storage: new FileStorage(options.dataDir, db), years: options.copy?.years });
      console.log(`  seeded ${result.documents} documents in ${((Date.now() - started) / 1000).toFixed(0)} s (${handle.kind})`);
    }
    if (options.copy && options.databaseUrl) {
      const modules = (await readDefinitionSet(undefined, { check: false })).modules;
      const result = await copySeed({
        databaseUrl: options.databaseUrl, docs: options.docs, history: options.copy.history, open: options.copy.open,
        recordsKey: options.copy.recordsKey, templates: options.copy.templates, fileFields: new Set(fileFieldNames(modules)),
      });
      if (result.documents) {
        console.log(`  copy seed: ${result.documents.toLocaleString('en')} documents and ${result.history.toLocaleString('en')} history entries in ${result.seconds} s `
          + `(${Math.round(result.documents / Math.max(1, result.seconds)).toLocaleString('en')} documents/s, ${Math.round(result.history / Math.max(1, result.seconds)).toLocaleString('en')} entries/s)`);
      } else console.log('  copy seed: the database already holds enough documents (reused)');
    }
    const top = await db.selectFrom('approval_candidates').innerJoin('users', 'users.id', 'approval_candidates.user_id')
      .select(['users.id', 'users.email']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('approval_candidates.inbox_open', '=', true).groupBy(['users.id', 'users.email']).orderBy('n', 'desc').executeTakeFirstOrThrow();
    const token = async (id: number) => {
      const user = await db.selectFrom('users').select(passwordVersion.as('v')).where('id', '=', id).executeTakeFirstOrThrow();
      return signToken(id, user.v, options.jwtSecret);
    };
    const steps = await db.selectFrom('approval_candidates as c').innerJoin('approvals', 'approvals.id', 'c.approval_id')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id').innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select('c.approval_id').where('c.user_id', '=', top.id).where('c.inbox_open', '=', true).where('processes.code', '!=', TREASURY_PROCESS_CODE)
      .orderBy('c.approval_id', 'desc').limit(2000).execute();
    // A document filed without uploads, re-submitted by its requester (any module: from the data).
    const doc = await db.selectFrom('buffers').select(['id', 'module_code', 'data', 'requester_id'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('files').select('files.id').whereRef('files.buffer_id', '=', 'buffers.id'))))
      .where('status', '=', 2).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const chain = await db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
      .select(['approvals.master_process_id', 'approval_candidates.user_id']).where('approvals.buffer_id', '=', doc.id).execute();
    const module = (await readDefinitionSet(undefined, { check: false })).modules[doc.module_code];
    const body = buildSubmitPayload(module, { ...doc.data, approvals: chain.map((c) => ({ master_process_id: c.master_process_id, approver_id: c.user_id })), save_approvers: false });
    const detail = await db.selectFrom('approvals').select('buffer_id').where('id', '=', steps[steps.length - 1]?.approval_id ?? 0).executeTakeFirst();
    const uploaders = await db.selectFrom('users').select('id').where('disabled', '=', false).where('locked_at', 'is', null).orderBy('id').limit(10).execute();
    const { attachmentKinds } = await import('../../server/files/attachment-kinds');
    const kinds = [...attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules)];
    const uploadKind = kinds.find(([, kind]) => kind.accept.includes('png') && kind.maxBytes >= 8 * 1024 * 1024)?.[0] ?? kinds[0][0];
    return {
      uploadTokens: await Promise.all(uploaders.map((u) => token(u.id))), uploadKind,
      approverToken: await token(top.id), pending: Number(top.n), steps: steps.map((s) => s.approval_id).reverse(),
      detailId: detail?.buffer_id ?? doc.id,
      submit: { module: doc.module_code, body: JSON.stringify(body), token: await token(doc.requester_id) },
      loginEmail: top.email, password: DEMO_PASSWORD,
    };
  } finally {
    await handle.close();
  }
}
