import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { isBackgroundStatement } from './background-statements';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * A purchase filed (two steps mailed, the request from the sign-in check to the commit) runs at
 * most FILING_BUDGET statements: the currencies come from the cached table, the module's steps
 * are read once, every step is one insert and their candidates another, and what filing knows
 * (the requester's company, the circulation, whether to mail the first step and its deputies) is
 * not read back; the post filed as, the approvers named on every step and the document with its
 * steps after filing are one read each, and the requester is read once for the checks and the
 * route; the definitions' revision comes with the sign-in check's read of the user. Was 47, then 34,
 * then 29 (counted 30: the document-with-steps read, one statement, was built of two queries), then 28;
 * the document after filing reads who may act on its steps in the same statement (27); its number is
 * taken and written in one statement (26).
 */
const FILING_BUDGET = 26;

/**
 * What filing sends the database beyond the document (issue #30 items 9-10): the compiled
 * definition a document keeps (`module_definition_versions`, tens of kilobytes of JSON) is sent
 * until its row is known to be stored, not with every filing; and how many statements a filing
 * runs. Counted by a Kysely plugin that sees every statement the app runs.
 */
describe('statements per filing', () => {
  let t: TestApp;
  let users: Users;
  const versionInserts: number[] = [];
  let counted = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      const node = args.node;
      // The mail sender's rounds (after a filing's commit, in the background: on PostgreSQL they overlap the next filing) are not the filing's.
      if (!isBackgroundStatement(node)) counted += 1;
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'module_definition_versions') versionInserts.push(Date.now());
      return node;
    },
    async transformResult(args) { return args.result; },
  };
  beforeAll(async () => {
    t = await buildTestApp({}, [counter]);
    users = await demoUsers(t.db);
  });
  afterAll(async () => t?.close());

  it('three filings of one module send its stored definition at most once; the documents keep that version', async () => {
    const token = await tokens(t)('employee');
    versionInserts.length = 0;
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await filePurchase(t, token, await purchaseBody(t.db, users))).code);
    }
    expect(versionInserts.length).toBeLessThanOrEqual(1);
    const kept = await t.db.selectFrom('buffers').innerJoin('module_definition_versions', (join) => join
      .onRef('module_definition_versions.code', '=', 'buffers.module_code').onRef('module_definition_versions.version', '=', 'buffers.definition_version'))
      .select('buffers.code').where('buffers.code', 'in', codes).execute();
    expect(kept.map((row) => row.code).sort()).toEqual([...codes].sort());
  });

  it(`a purchase filed runs at most ${FILING_BUDGET} statements`, async () => {
    const token = await tokens(t)('employee');
    // The first filing warms what is read once per process (the stored definition's row, the currencies).
    await filePurchase(t, token, await purchaseBody(t.db, users));
    const body = await purchaseBody(t.db, users);
    counted = 0;
    await filePurchase(t, token, body);
    expect(counted).toBeLessThanOrEqual(FILING_BUDGET);
  });
});
