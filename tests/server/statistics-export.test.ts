import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import jaServer from '../../locales/ja/server.json';
import zhServer from '../../locales/zh/server.json';
import type { MailAttachment } from '../../server/db/database';
import { exportJobsSettled } from '../../server/statistics/export-jobs';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, tokens, type Users } from './workflow-fixtures';

/** A PDF's text as pdftotext reads it (layout kept). */
function pdfText(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'export-pdf-')), 'report.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let rh: number;
let rt: number;
let subject: { code: string; facts: { amount?: string; paymentDate?: string[] } };
let other: string | undefined;

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const get = async (user: string, url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': lang } });
const start = (user: string, params: Record<string, string | number>, lang = 'en') => get(user, `/api/buffer/export?${q(params)}`, lang);
const jobCount = async () => Number((await t.db.selectFrom('export_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The attachment of the job's mail, with its bytes. */
async function attachmentOf(jobId: number) {
  const job = await t.db.selectFrom('export_jobs').select('mail_id').where('id', '=', jobId).executeTakeFirstOrThrow();
  const mail = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'attachments']).where('id', '=', job.mail_id!).executeTakeFirstOrThrow();
  const [file] = mail.attachments as MailAttachment[];
  const bytes = await t.db.selectFrom('file_contents').select('bytes').where('storage_key', '=', file.storageKey).executeTakeFirstOrThrow();
  return { mail, file, bytes: Buffer.from(bytes.bytes) };
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  rt = companies.find((c) => c.code === 'RT')!.id;
  const modules = await factModules();
  subject = modules.withExport.find((m) => m.facts.amount && m.facts.paymentDate?.length)!;
  other = modules.all.find((code) => !modules.withExport.some((m) => m.code === code));
  const data = (amount: number, pay: string) => {
    const d: Record<string, unknown> = { currency_id: 1 };
    setAtPath(d, subject.facts.amount!, amount);
    setAtPath(d, subject.facts.paymentDate![0], pay);
    return d;
  };
  const base = { module: subject.code, requester: users.employee.id, status: 2 };
  const ex1 = await insertStatDoc(t.db, { ...base, company: rh, code: 'EX-1', data: data(1200.5, '2026-02-10'), completedAt: '2026-02-01T03:00:00Z' });
  // Issue #36: the report carries each document's 申請番号 and 決裁番号.
  await t.db.updateTable('buffers').set({ application_number: 'RH-2026-EX-00001', decision_number: 'KRH26-00007' }).where('id', '=', ex1).execute();
  await insertStatDoc(t.db, { ...base, company: rh, code: 'EX-2', data: data(300, '2026-04-10'), completedAt: '2026-03-15T03:00:00Z' });
  await insertStatDoc(t.db, { ...base, company: rh, code: 'EX-3', data: data(999, '2026-02-11'), completedAt: '2025-12-20T03:00:00Z' });
  await insertStatDoc(t.db, { ...base, requester: users.approver2.id, company: rt, code: 'EX-4', data: data(700, '2026-02-12'), completedAt: '2026-02-02T03:00:00Z' });
});

afterAll(async () => { await t.close(); });

const period = '2026-01-01~2026-03-31';

describe('GET /buffer/export', () => {
  it('answers 202 with a job, then mails an XLSX with typed cells to the requester through the outbox', async () => {
    const response = await start('finance', { moduleCode: subject.code, companyId: rh, period, fileType: 'xlsx' }, 'ja');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'queued', progress: 0, file_type: 'xlsx' });
    await exportJobsSettled();
    const job = (await get('finance', `/api/buffer/export/jobs/${response.json().id}`)).json();
    expect(job).toMatchObject({ status: 'done', progress: 100, row_count: 2, error: null });
    const { mail, file, bytes } = await attachmentOf(job.id);
    expect(mail.to_address).toBe(users.finance.email);
    expect(file).toMatchObject({ filename: `${subject.code}-2026-01-01-2026-03-31.xlsx`, contentType: expect.stringContaining('spreadsheetml') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([1, 2, 3].map((n) => sheet.getRow(3).getCell(n).value)).toEqual([
      jaServer.export.columns.code, jaServer.export.columns.application_number, jaServer.export.columns.decision_number,
    ]);
    expect(jaServer.export.columns.application_number).toBe('申請番号');
    const lines = [4, 5].map((n) => sheet.getRow(n));
    expect(lines.map((r) => r.getCell(1).value)).toEqual(['EX-1', 'EX-2']);
    expect([lines[0].getCell(2).value, lines[0].getCell(3).value]).toEqual(['RH-2026-EX-00001', 'KRH26-00007']);
    // A document without numbers leaves both cells empty.
    expect([lines[1].getCell(2).value, lines[1].getCell(3).value]).toEqual([null, null]);
    expect(lines[0].getCell(7).value).toBe(1200.5);
    expect(lines[0].getCell(8).value).toBeInstanceOf(Date);
    expect((lines[0].getCell(9).value as Date).toISOString().slice(0, 10)).toBe('2026-02-01');
    expect(sheet.rowCount).toBe(5);
  });

  it('makes a PDF with the shipped font embedded (zh: Noto Sans SC), by payment date, and the mailer sends it as an attachment', async () => {
    const response = await start('finance', { moduleCode: subject.code, companyId: rh, period, dateType: 'payment', fileType: 'pdf' }, 'zh');
    expect(response.statusCode, response.body).toBe(202);
    await exportJobsSettled();
    const job = (await get('finance', `/api/buffer/export/jobs/${response.json().id}`)).json();
    expect(job).toMatchObject({ status: 'done', row_count: 2 });
    const { bytes, file } = await attachmentOf(job.id);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/);
    // The numbers are printed in their columns (read back with pdftotext).
    const text = pdfText(bytes);
    expect(text).toContain(zhServer.export.columns.application_number);
    expect(text).toContain('RH-2026-EX-00001');
    expect(text).toContain('KRH26-00007');
    await t.app.mailer.dispatch();
    const dir = join(t.config.dataDir, 'outbox');
    const eml = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')).find((text) => text.includes(file.filename));
    expect(eml).toMatch(/Content-Disposition: attachment/);
    expect(eml).toContain('Content-Type: application/pdf');
  });

  it('fails the job with a clear message when EXPORT_FONT names no file', async () => {
    const configured = t.app.config.exportFont;
    t.app.config.exportFont = '/nonexistent/font.ttf';
    try {
      const response = await start('finance', { moduleCode: subject.code, companyId: rh, period, fileType: 'pdf' });
      expect(response.statusCode).toBe(202);
      await exportJobsSettled();
      const job = (await get('finance', `/api/buffer/export/jobs/${response.json().id}`)).json();
      expect(job.status).toBe('failed');
      expect(job.error).toContain('EXPORT_FONT');
      expect(job.error).toContain(enServer.export.noFont.split(':')[0]);
    } finally {
      t.app.config.exportFont = configured;
    }
  });

  it('checks the filter in the form\'s order with its messages and creates no job', async () => {
    const before = await jobCount();
    const cases: Array<[Record<string, string | number>, number, string | RegExp]> = [
      [{ companyId: rh, period, fileType: 'pdf' }, 400, enServer.export.moduleRequired],
      [{ moduleCode: subject.code, period, fileType: 'pdf' }, 400, enServer.export.companyRequired],
      [{ moduleCode: subject.code, companyId: rh, fileType: 'pdf' }, 400, enServer.statistics.periodRequired],
      [{ moduleCode: subject.code, companyId: rh, period }, 400, enServer.export.fileTypeRequired],
      [{ moduleCode: subject.code, companyId: rh, period: '2026-03-31~2026-01-01', fileType: 'pdf' }, 400, /2026-03-31/],
      [{ moduleCode: subject.code, companyId: rt, period, fileType: 'pdf' }, 403, enServer.statistics.otherCompany],
    ];
    if (other) cases.push([{ moduleCode: other, companyId: rh, period, fileType: 'pdf' }, 400, /There is no module/]);
    for (const [params, status, message] of cases) {
      const response = await start('finance', params);
      expect(response.statusCode, JSON.stringify(params)).toBe(status);
      expect(response.json().message).toMatch(message instanceof RegExp ? message : new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    expect((await start('employee', { moduleCode: subject.code, companyId: rh, period, fileType: 'pdf' })).statusCode).toBe(403);
    expect(await jobCount()).toBe(before);
  });

  it('shows a job only to whoever asked for it', async () => {
    const mine = await t.db.selectFrom('export_jobs').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await get('treasury', `/api/buffer/export/jobs/${mine.id}`)).statusCode).toBe(404);
  });
});
