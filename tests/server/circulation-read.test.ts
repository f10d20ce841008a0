/**
 * `POST /buffer/{id}/circulation/read` on a document not circulated to the reader (issue #30
 * item 11): a 404 whose message is a sentence in the reader's language, never a translation key;
 * the same answer for a document that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const MESSAGES: Record<string, string> = {
  en: 'No document with this number was circulated to you',
  ja: 'この番号の申請はあなたに回覧されていません',
  zh: '没有以此编号传阅给您的申请',
};

describe('POST /buffer/{id}/circulation/read: not circulated to you', () => {
  it('answers 404 with a translated message in en, ja and zh, for an existing document and for none', async () => {
    const filed = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users));
    for (const id of [filed.id, 999_999]) {
      for (const [lang, message] of Object.entries(MESSAGES)) {
        const reply = await s.post('finance', `/api/buffer/${id}/circulation/read`, undefined, { 'accept-language': lang });
        expect(reply.statusCode, `${id} ${lang}`).toBe(404);
        expect(reply.json(), `${id} ${lang}`).toEqual({ code: 'NOT_FOUND', message });
      }
    }
    expect(await s.t.db.selectFrom('circulations').select('buffer_id').where('buffer_id', '=', filed.id).where('user_id', '=', s.users.finance.id).execute()).toEqual([]);
  });
});

/**
 * Opening a circulated document is reading it (issue #31 item 5): `GET /buffers/{id}` by a
 * reader it was circulated to records `read_at` (the first time stays; the list and Home's unread
 * count lose it); opening it as anyone else changes no circulation.
 */
describe('GET /buffers/{id}: opening a circulated document marks it read', () => {
  it('marks it read for the reader it was circulated to only, once', async () => {
    const filed = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users));
    const step = await s.t.db.selectFrom('master_processes').select('id').where('module_code', '=', 'purchase').orderBy('id').executeTakeFirstOrThrow();
    await s.t.db.insertInto('circulations').values([
      { buffer_id: filed.id, user_id: s.users.finance.id, master_process_id: step.id },
      { buffer_id: filed.id, user_id: s.users.legal.id, master_process_id: step.id },
    ]).execute();
    const readAt = async () => Object.fromEntries((await s.t.db.selectFrom('circulations').select(['user_id', 'read_at']).where('buffer_id', '=', filed.id).execute())
      .map((row) => [row.user_id, row.read_at ? new Date(row.read_at).toISOString() : null]));
    const unread = async (user: string) => ((await s.get(user, '/api/buffer/circulated?unread=1&itemsPerPage=100')).json() as { 'hydra:member': Array<{ id: number }> })['hydra:member'].map((b) => b.id);
    expect(await unread('finance')).toContain(filed.id);

    // The requester and an approver open it: no circulation changes.
    expect((await s.get('employee', `/api/buffers/${filed.id}`)).statusCode).toBe(200);
    expect((await s.get('approver', `/api/buffers/${filed.id}`)).statusCode).toBe(200);
    expect(await readAt()).toEqual({ [s.users.finance.id]: null, [s.users.legal.id]: null });

    const opened = await s.get('finance', `/api/buffers/${filed.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const first = await readAt();
    expect(first[s.users.finance.id]).not.toBeNull();
    expect(first[s.users.legal.id]).toBeNull();
    expect(await unread('finance')).not.toContain(filed.id);
    expect(await unread('legal')).toContain(filed.id);
    // Opened again, or marked by hand afterwards: the first read stays.
    expect((await s.get('finance', `/api/buffers/${filed.id}`)).statusCode).toBe(200);
    const marked = await s.post('finance', `/api/buffer/${filed.id}/circulation/read`);
    expect(marked.json()).toEqual({ id: filed.id, read_at: first[s.users.finance.id] });
    expect(await readAt()).toEqual(first);
  });
});
