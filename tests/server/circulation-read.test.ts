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
