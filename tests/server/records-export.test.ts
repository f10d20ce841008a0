import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailAttachment } from '../../server/db/database';
import { readZipEntries } from '../../server/files/zip-entries';
import { exportJobsSettled } from '../../server/statistics/export-jobs';
import { buildTestApp, type TestApp } from './helpers';
import { insertFile, insertStatDoc } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

/**
 * The download a tax officer asks for (`GET /records/export`): a job mailed like the other
 * exports; the CSV read back (UTF-8 with BOM, and Shift_JIS) holds exactly the records
 * `GET /records` lists for the same filter, quoted where a value needs it; the zip holds every
 * file beside `records.csv`.
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let rh: number;
let cny: number;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
  cny = (await t.db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow()).id;
  const parties = ['株式会社 東京電機', 'Smith, Jones & "Partners"', '北京科技有限公司', 'Café Ünïcode'];
  for (const [i, party] of parties.entries()) {
    const file = await insertFile(t.db, t.config.dataDir, users.employee.id, `領収書-${i}.pdf`, Buffer.from(`%PDF-1.4 receipt ${i}`));
    const id = await insertStatDoc(t.db, {
      module: 'reimbursement', requester: users.employee.id, company: rh, code: `EXP-${i}`,
      data: { currency_id: cny, total: 1000 * (i + 1) + 0.5, payment_date: `2026-0${i + 1}-15`, payment_recipient_account: { name: party }, e_invoices: [file] },
    });
    // Issue #36: the records carry the document's 申請番号 (each) and 決裁番号 (the decided ones).
    await t.db.updateTable('buffers').set({ application_number: `RH-2026-EXP-0000${i}`, decision_number: i % 2 === 0 ? `KRH26-0000${i}` : null }).where('id', '=', id).execute();
  }
});
afterAll(async () => t?.close());

/** Starts an export, runs the job and returns the mailed attachment's name, type and bytes. */
async function exported(query: string) {
  const started = await get('finance', `/api/records/export?${query}`);
  expect(started.statusCode, started.body).toBe(202);
  await exportJobsSettled();
  const status = await get('finance', `/api/records/export/jobs/${started.json().id}`);
  expect(status.json()).toMatchObject({ status: 'done', progress: 100, error: null });
  const job = await t.db.selectFrom('export_jobs').select('mail_id').where('id', '=', started.json().id).executeTakeFirstOrThrow();
  const mail = await t.db.selectFrom('mail_outbox').select(['to_address', 'attachments']).where('id', '=', job.mail_id!).executeTakeFirstOrThrow();
  expect(mail.to_address).toBe('finance@example.com');
  const [file] = mail.attachments as MailAttachment[];
  const bytes = await t.db.selectFrom('file_contents').select('bytes').where('storage_key', '=', file.storageKey).executeTakeFirstOrThrow();
  return { file, bytes: Buffer.from(bytes.bytes), rowCount: status.json().row_count as number };
}

/** RFC 4180 rows (quoted fields with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i += 1; } else field += c;
  }
  return rows;
}

/** A module's title in a language, as the CSV's kind column names it (never the code). */
const titleOf = (code: string, lang: 'en' | 'ja') => t.app.definitions.translate(lang)(t.app.definitions.modules[code].meta.title);

/** What the CSV must hold: the list's records for the same filter, as text cells (the module by its title in `lang`). */
async function listed(query: string, lang: 'en' | 'ja' = 'en'): Promise<string[][]> {
  const response = await get('finance', `/api/records?itemsPerPage=100&${query}`);
  return (response.json()['hydra:member'] as Array<Record<string, any>>).map((r) => [
    r.date, r.amount === null ? '' : String(r.amount), r.currency ?? '', r.counterparty ?? '', r.registration_no ?? '', r.document.code, r.document.application_number ?? '', r.document.decision_number ?? '', titleOf(r.document.module, lang), r.file.name, r.file.sha256,
  ]);
}

describe('GET /records/export', () => {
  it('mails a UTF-8 CSV with a byte-order mark that reads back as the list', async () => {
    const { file, bytes, rowCount } = await exported('format=csv&module.code=reimbursement');
    expect(file.contentType).toBe('text/csv; charset=UTF-8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Transaction date', 'Amount', 'Currency', 'Counterparty', 'Registration number', 'Document code', 'Application No.', 'Decision No.', 'Module', 'File name', 'SHA-256']);
    expect(rows.slice(1)).toEqual(await listed('module.code=reimbursement'));
    expect(rowCount).toBe(4);
    expect(rows.slice(1).map((r) => r[3])).toContain('Smith, Jones & "Partners"');
    // The kind column names the module as people do, not by its code.
    expect(rows[1][8]).toBe(titleOf('reimbursement', 'en'));
    expect(rows[1][8]).not.toBe('reimbursement');
    // Each line carries its document's numbers beside the code.
    expect(rows.slice(1).map((r) => r.slice(5, 8)).sort()).toEqual([
      ['EXP-0', 'RH-2026-EXP-00000', 'KRH26-00000'], ['EXP-1', 'RH-2026-EXP-00001', ''],
      ['EXP-2', 'RH-2026-EXP-00002', 'KRH26-00002'], ['EXP-3', 'RH-2026-EXP-00003', ''],
    ]);
  });

  it('filters the list and the export by application or decision number (part of it, any case)', async () => {
    const codesOf = async (query: string) => (await get('finance', `/api/records?itemsPerPage=100&${query}`)).json()['hydra:member']
      .map((r: { document: { code: string } }) => r.document.code).sort();
    expect(await codesOf('application_number=exp-00002')).toEqual(['EXP-2']);
    expect(await codesOf('decision_number=KRH26')).toEqual(['EXP-0', 'EXP-2']);
    expect(await codesOf('application_number=RH-2026&decision_number=00000')).toEqual(['EXP-0']);
    expect(await codesOf('application_number=NOPE')).toEqual([]);
    const listedOne = (await get('finance', '/api/records?application_number=EXP-00002')).json()['hydra:member'][0];
    expect(listedOne.document).toMatchObject({ code: 'EXP-2', application_number: 'RH-2026-EXP-00002', decision_number: 'KRH26-00002' });
    const { bytes, rowCount } = await exported('format=csv&decision_number=krh26');
    expect(rowCount).toBe(2);
    expect(parseCsv(bytes.subarray(3).toString('utf8')).slice(1).map((r) => r[5]).sort()).toEqual(['EXP-0', 'EXP-2']);
  });

  it('mails Shift_JIS that a Japanese spreadsheet reads, with Japanese headers', async () => {
    const started = await t.app.inject({ method: 'GET', url: '/api/records/export?format=csv&encoding=shift_jis&counterparty=%E6%9D%B1%E4%BA%AC', headers: { authorization: `Bearer ${await tokens(t)('finance')}`, 'accept-language': 'ja' } });
    expect(started.statusCode).toBe(202);
    await exportJobsSettled();
    const job = await t.db.selectFrom('export_jobs').select('mail_id').where('id', '=', started.json().id).executeTakeFirstOrThrow();
    const mail = await t.db.selectFrom('mail_outbox').select('attachments').where('id', '=', job.mail_id!).executeTakeFirstOrThrow();
    const [file] = mail.attachments as MailAttachment[];
    const bytes = Buffer.from((await t.db.selectFrom('file_contents').select('bytes').where('storage_key', '=', file.storageKey).executeTakeFirstOrThrow()).bytes);
    expect(file.contentType).toBe('text/csv; charset=Shift_JIS');
    const rows = parseCsv(new TextDecoder('shift_jis').decode(bytes));
    expect(rows[0][0]).toBe('取引年月日');
    expect(rows.slice(1)).toEqual(await listed('counterparty=%E6%9D%B1%E4%BA%AC', 'ja'));
    expect(rows[1][8]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(rows[1][3]).toBe('株式会社 東京電機');
  });

  it('mails a zip with every file beside records.csv, and each document\'s printed 稟議書 beside its files', async () => {
    const { file, bytes } = await exported('format=zip');
    expect(file.contentType).toBe('application/zip');
    const read = readZipEntries(bytes);
    if (!('entries' in read)) throw new Error(`not a zip: ${JSON.stringify(read)}`);
    const codes = ['EXP-0', 'EXP-1', 'EXP-2', 'EXP-3'];
    expect(read.entries.map((e) => e.name).sort()).toEqual([
      ...codes.flatMap((code, i) => [`${code}/ringi-${code}.pdf`, `${code}/領収書-${i}.pdf`]), 'records.csv',
    ].sort());
  });

  it('checks the filter before starting a job', async () => {
    const reversed = await get('finance', '/api/records/export?amount%5Bgte%5D=10&amount%5Blte%5D=1');
    expect(reversed.statusCode).toBe(400);
    expect((await get('finance', '/api/records/export?format=pdf')).statusCode).toBe(400);
    expect((await get('employee', '/api/records/export')).statusCode).toBe(403);
  });
});
