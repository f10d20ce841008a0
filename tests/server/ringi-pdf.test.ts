import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/engine';
import { inflateSync } from 'node:zlib';
import { familyNameOf } from '../../server/records/ringi-stamps';
import { VOIDED_GREY } from '../../server/records/ringi-pdf';
import { buildTestApp, type TestApp } from './helpers';
import { decodePng, pixelDifference } from './png-pixels';
import { filePurchase, insertDocument, purchaseBody, workflowSuite, type Poster, type Users } from './workflow-fixtures';

// The printed 稟議書 (issue #36 item 2): GET /buffer/{id}/pdf. Its stamps are read back with
// pdftotext and one page per language is compared with a committed image (pdftoppm; poppler-utils
// is installed by scripts/ensure-chromium.sh before the tests). RINGI_GOLDEN_UPDATE=1 rewrites the images.

let t: TestApp;
let users: Users;
let post: Poster;
workflowSuite((suite) => ({ t, users, post } = suite));

const GOLDEN = join(__dirname, '__golden__');
const work = mkdtempSync(join(tmpdir(), 'ringi-pdf-'));
const photo = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const act = (user: string, step: number, body: Record<string, unknown>) => post(user, `/api/approvals/${step}/action`, body);
const pdfOf = async (user: string, id: number, lang: Lang) => t.app.inject({
  method: 'GET', url: `/api/buffer/${id}/pdf`, headers: { authorization: `Bearer ${await t.login(`${user}@example.com`)}`, 'accept-language': lang },
});
const textOf = (pdf: Buffer, name: string) => {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

async function upload(token: string): Promise<number> {
  const boundary = '----ringi-pdf';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\npurchase-photo\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    photo, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/**
 * Every timeline entry of the document at a fixed day each (in order), and the document's own
 * dates and numbers fixed (the numbering rules name the fiscal year): the sheet is the same on any day.
 */
async function fixDates(id: number, code: string, numbers: { application_number: string | null; decision_number: string | null } = { application_number: null, decision_number: null }) {
  const logs = await t.db.selectFrom('approval_logs').select('id').where('buffer_id', '=', id).orderBy('id').execute();
  for (const [i, log] of logs.entries()) {
    await t.db.updateTable('approval_logs').set({ created_at: new Date(Date.UTC(2026, 3, 1 + i, 1, 0)) }).where('id', '=', log.id).execute();
  }
  const last = new Date(Date.UTC(2026, 3, logs.length, 1, 0));
  await t.db.updateTable('buffers').set({ code, ...numbers, created_at: new Date(Date.UTC(2026, 3, 1, 1, 0)), updated_at: last, completed_at: last }).where('id', '=', id).execute();
}

let decided: { id: number; steps: number[] };
let rejected: { id: number; steps: number[] };

beforeAll(async () => {
  // Names as a Japanese company writes them (family name first); the stamps carry the family name.
  const named: Record<string, string> = { approver: '佐藤 健二', 'daichi.kato': '加藤 大地', authorizer: '鈴木 遥', 'aiko.ito': '伊藤 愛子', employee: '田中 恵美' };
  for (const [user, name] of Object.entries(named)) {
    await t.db.updateTable('users').set({ name }).where('id', '=', users[user].id).execute();
    users[user].name = name;
  }
  const employee = await t.login('employee@example.com');
  const body = await purchaseBody(t.db, users, { goods: 'ノートパソコン', budget: 240000 });
  (body.purchase_goods as Array<Record<string, unknown>>)[0].purchase_goods_photo = [await upload(employee)];
  decided = await filePurchase(t, employee, body);
  const stepOf = async (user: string) => (await t.db.selectFrom('approval_candidates').select('approval_id')
    .where('approval_id', 'in', decided.steps).where('user_id', '=', users[user].id).executeTakeFirstOrThrow()).approval_id;
  const first = await stepOf('approver');
  const second = await stepOf('authorizer');
  // The first step is a 合議 of two: both approve.
  await t.db.insertInto('approval_candidates').values({ approval_id: first, user_id: users['daichi.kato'].id }).execute();
  await t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', first).execute();
  // Every step between (the route's director) approved by its first candidate.
  const between = async () => {
    for (const step of decided.steps.filter((s) => s !== first && s !== second)) {
      const candidate = await t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', step).orderBy('user_id').executeTakeFirstOrThrow();
      const user = Object.keys(users).find((k) => users[k].id === candidate.user_id)!;
      const done = await act(user, step, { approve: true });
      expect(done.statusCode, done.body).toBe(200);
    }
  };
  for (const user of ['approver', 'daichi.kato']) expect((await act(user, first, { approve: true })).statusCode).toBe(200);
  await between();
  // The authorizer sends it back to the first step, which approves again.
  const back = await act('authorizer', second, { approve: false, back_to: first });
  expect(back.statusCode, back.body).toBe(200);
  for (const user of ['approver', 'daichi.kato']) expect((await act(user, first, { approve: true })).statusCode).toBe(200);
  await between();
  // The authorizer's deputy approves for them: the document is decided.
  const today = new Date().toISOString().slice(0, 10);
  expect((await post('authorizer', '/api/deputies', { deputy_id: users['aiko.ito'].id, from: today, to: today })).statusCode).toBe(201);
  const last = await act('aiko.ito', second, { approve: true });
  expect(last.json().buffer.status).toBe(2);
  // The module numbers it (issue #36 item 1): both numbers were given, at filing and at the final approval.
  const given = await t.db.selectFrom('buffers').select(['application_number', 'decision_number']).where('id', '=', decided.id).executeTakeFirstOrThrow();
  expect(given.application_number).toBeTruthy();
  expect(given.decision_number).toBeTruthy();
  await fixDates(decided.id, 'PUR-2026-000042', { application_number: 'RH-2026-purchase-00042', decision_number: 'KRH26-00017' });

  rejected = await insertDocument(t.db, {
    module: 'payment', requester: users.employee.id, code: 'PAY-2026-000007',
    steps: [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-finance', candidates: [users.finance.id] }],
  });
  expect((await act('approver', rejected.steps[0], { approve: true })).statusCode).toBe(200);
  expect((await act('finance', rejected.steps[1], { approve: false })).statusCode).toBe(200);
  await fixDates(rejected.id, 'PAY-2026-000007');
});

/** The page content streams of a PDF, inflated (pdfkit deflates them), as text. */
function contentOf(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    try {
      out.push(inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1'));
    } catch {
      // Not a deflated stream (a font program, an image).
    }
  }
  return out.join('\n');
}

/** The stroke-colour operator pdfkit writes for a `#rrggbb` colour. */
const strokeOf = (hex: string) => `${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).join(' ')} SCN`;

describe('familyNameOf', () => {
  it.each([
    ['佐藤 健二', '佐藤'], ['鈴木　遥', '鈴木'], ['Kenji Sato', 'Sato'], ['Alice Smith', 'Smith'], ['Mary Ann Smith', 'Smith'], ['林吉', '林吉'], ['  Madonna ', 'Madonna'], ['', ''],
  ])('%s → %s', (name, family) => expect(familyNameOf(name)).toBe(family));
});

describe('GET /buffer/{id}/pdf', () => {
  it('stamps every decision: a 合議 step\'s approvers side by side, the send back where it was decided, the deputy with 代 and the principal', async () => {
    const response = await pdfOf('employee', decided.id, 'ja');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ringi-PUR-2026-000042.pdf"');
    const text = textOf(response.rawPayload, 'decided-ja');
    expect(text).toContain('稟議書');
    expect(text).toContain('PUR-2026-000042');
    expect(text).toContain('決裁済');
    // The two numbers (issue #36 item 1) under their names.
    expect(text).toMatch(/申請番号\s+RH-2026-purchase-00042/);
    expect(text).toMatch(/決裁番号\s+KRH26-00017/);
    // The 合議 step: two stamps, then two again after the send back (one per decision).
    expect(text.match(/佐藤/g)?.length).toBe(2);
    expect(text.match(/加藤/g)?.length).toBe(2);
    // Filed on the 1st; the stamps carry the days of their decisions.
    expect(text).toContain('2026/04/01');
    for (const day of ['02', '03', '05', '06', '07', '09']) expect(text).toContain(`2026.04.${day}`);
    // The authorizer's send back on the authorizer's step, and the deputy's stamp: 伊藤, 代 鈴木.
    expect(text).toContain('差戻し');
    expect(text).toContain('伊藤');
    expect(text).toMatch(/代 鈴木/);
    // The detail card's values and the attachment with its SHA-256.
    expect(text).toContain('ノートパソコン');
    expect(text).toContain('quote.pdf');
    expect(text).toContain(createHash('sha256').update(photo).digest('hex'));
  });

  it('prints the stamps an edit voided greyed and marked voided, beside the live ones in red', async () => {
    const employee = await t.login('employee@example.com');
    const filed = await filePurchase(t, employee, await purchaseBody(t.db, users, { goods: 'Desk' }));
    const stepOf = async (user: string) => (await t.db.selectFrom('approval_candidates').select('approval_id')
      .where('approval_id', 'in', filed.steps).where('user_id', '=', users[user].id).executeTakeFirstOrThrow()).approval_id;
    expect((await act('approver', await stepOf('approver'), { approve: true })).statusCode).toBe(200);
    // The requester edits what was approved: the approvals are cleared and the route filed again.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/buffers/${filed.id}`, headers: { authorization: `Bearer ${employee}` } })).json();
    const edited = await post('employee', `/api/buffer/${filed.id}/edit`, {
      data: { ...mine.data, purchase_goods: mine.data.purchase_goods.map((g: Record<string, unknown>) => ({ ...g, goods_name: 'Standing desk', budget: 2000 })) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().approvals_cleared).toBe(true);
    const voided = await t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.id).where('voided_at', 'is not', null).execute();
    expect(voided.length).toBeGreaterThan(0);

    const pdf = (await pdfOf('employee', filed.id, 'en')).rawPayload;
    const text = textOf(pdf, 'voided-en');
    // The approver's stamp is still there, marked voided, in the box of the same route step.
    expect(text).toContain(familyNameOf(users.approver.name));
    expect(text.match(/Voided/g)?.length).toBe(1);
    // Greyed: the voided stamps' rings are drawn in grey, no ring in red (nothing live was decided since).
    const content = contentOf(pdf);
    expect(content).toContain(strokeOf(VOIDED_GREY));
    expect(content).not.toContain(strokeOf('#d42a2a'));
    // A document with no voided decision has no grey stamp, and its red ones.
    const live = contentOf((await pdfOf('employee', decided.id, 'en')).rawPayload);
    expect(live).not.toContain(strokeOf(VOIDED_GREY));
    expect(live).toContain(strokeOf('#d42a2a'));
  });

  it('marks a rejected step as rejected, in the reader\'s language', async () => {
    const en = textOf((await pdfOf('employee', rejected.id, 'en')).rawPayload, 'rejected-en');
    expect(en).toContain('PAY-2026-000007');
    // A document without numbers prints no number lines.
    expect(en).not.toContain('Application no.');
    expect(en).not.toContain('Decision no.');
    expect(en).toMatch(/Rejected/);
    expect(en).toContain(familyNameOf(users.finance.name));
    const zh = textOf((await pdfOf('employee', rejected.id, 'zh')).rawPayload, 'rejected-zh');
    expect(zh).toContain('签呈');
    expect(zh).toContain('驳回');
  });

  it('prints the same bytes for the same document (fixed creation date, deterministic font subset)', async () => {
    const a = (await pdfOf('employee', decided.id, 'en')).rawPayload;
    const b = (await pdfOf('authorizer', decided.id, 'en')).rawPayload;
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toMatch(/\/FontFile3?\b|\/FontFile2\b/);
  });

  it('is a file download in the access log: the reader, the document and the file name; a refused one is no entry (issue #34 item 8)', async () => {
    const downloads = () => t.db.selectFrom('access_log').selectAll().where('event', '=', 'file.download').orderBy('id', 'desc').execute();
    const before = (await downloads()).length;
    expect((await pdfOf('authorizer', decided.id, 'ja')).statusCode).toBe(200);
    const after = await downloads();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      user_id: users.authorizer.id, success: true,
      detail: { route: 'GET /api/buffer/:id/pdf', status: 200, buffer_id: decided.id, name: 'ringi-PUR-2026-000042.pdf' },
    });
    expect((await pdfOf('client', decided.id, 'en')).statusCode).toBe(404);
    expect((await downloads()).length).toBe(before + 1);
  });

  it('answers 404 to a user who cannot see the document and for an unknown one, 401 without a session', async () => {
    expect((await pdfOf('client', decided.id, 'en')).statusCode).toBe(404);
    expect((await pdfOf('employee', 999_999, 'en')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/buffer/${decided.id}/pdf` })).statusCode).toBe(401);
  });

  it.each(['ja', 'en', 'zh'] as const)('page 1 in %s looks as the committed image', async (lang) => {
    const response = await pdfOf('employee', decided.id, lang);
    const file = join(work, `golden-${lang}.pdf`);
    writeFileSync(file, response.rawPayload);
    execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(work, `golden-${lang}`)]);
    const rendered = readFileSync(join(work, `golden-${lang}.png`));
    const golden = join(GOLDEN, `ringi-${lang}.png`);
    if (process.env.RINGI_GOLDEN_UPDATE === '1') writeFileSync(golden, rendered);
    expect(existsSync(golden), `${golden} missing: RINGI_GOLDEN_UPDATE=1 writes it`).toBe(true);
    expect(pixelDifference(decodePng(rendered), decodePng(readFileSync(golden)))).toBeLessThan(0.005);
  });
});

describe('GET /buffer/{id}/pdf with the shipped fonts (no system font)', () => {
  // The fonts come from npm (@embedpdf/fonts-jp, -sc): ja and en print in Noto Sans JP, zh in Noto
  // Sans SC, and each falls back to the other for a character it lacks (JP has no 们). pdffonts
  // names the fonts embedded: the fallback only when a character needed it.
  const fontsOf = (pdf: Buffer, name: string) => {
    const file = join(work, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean)
      .map((line) => line.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort();
  };
  let mixed: number;

  beforeAll(async () => {
    const employee = await t.login('employee@example.com');
    mixed = (await filePurchase(t, employee, await purchaseBody(t.db, users, { goods: '申込書 我们这边' }))).id;
  });

  it('prints 们 in a zh sheet and 込 in a ja sheet, each in its own font', async () => {
    const zh = (await pdfOf('employee', mixed, 'zh')).rawPayload;
    expect(textOf(zh, 'mixed-zh')).toContain('申込書 我们这边');
    expect(fontsOf(zh, 'mixed-zh')).toEqual(['NotoSansHans-Regular']);
    const ja = (await pdfOf('employee', mixed, 'ja')).rawPayload;
    expect(textOf(ja, 'mixed-ja')).toContain('申込書 我们这边');
    // 们 and 这 are not in Noto Sans JP: written with the SC fallback, beside the JP text.
    expect(fontsOf(ja, 'mixed-ja')).toEqual(['NotoSansHans-Regular', 'NotoSansJP-Regular']);
  });

  it('embeds the fallback only when a character needs it, and prints the same bytes twice', async () => {
    expect(fontsOf((await pdfOf('employee', decided.id, 'ja')).rawPayload, 'plain-ja')).toEqual(['NotoSansJP-Regular']);
    expect(fontsOf((await pdfOf('employee', decided.id, 'en')).rawPayload, 'plain-en')).toEqual(['NotoSansJP-Regular']);
    const a = (await pdfOf('employee', mixed, 'ja')).rawPayload;
    const b = (await pdfOf('employee', mixed, 'ja')).rawPayload;
    expect(a.equals(b)).toBe(true);
  });
});

describe('GET /buffer/{id}/pdf with an EXPORT_FONT that names no file', () => {
  it('answers 503 with the reason (EXPORT_FONT names no file) and prints nothing', async () => {
    const bare = await buildTestApp({ exportFont: join(work, 'no-such-font.ttf') });
    try {
      const employee = await bare.login('employee@example.com');
      const doc = await insertDocument(bare.db, { module: 'payment', requester: (await bare.db.selectFrom('users').select('id').where('email', '=', 'employee@example.com').executeTakeFirstOrThrow()).id, code: 'PAY-NOFONT', steps: [] });
      const response = await bare.app.inject({ method: 'GET', url: `/api/buffer/${doc.id}/pdf`, headers: { authorization: `Bearer ${employee}`, 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('no-such-font.ttf') });
    } finally {
      await bare.close();
    }
  });
});
