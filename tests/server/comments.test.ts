/**
 * Comments and mentions (issue #33 item 5): a thread on each document for anyone who sees it
 * (the visibility rule: requester, approvers, circulated readers — nobody else, whatever their
 * company), `@` mentions only of people who see it ("add them to circulation" otherwise), a mail to
 * each mentioned person, comments never edited — withdrawn by their author with a trace — and each
 * comment an entry of the document's sealed records history (PGlite).
 */
import { describe, expect, it } from 'vitest';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

/** A purchase filed by the employee (approver, then authorizer), circulated to legal@. */
async function filed() {
  const doc = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users));
  const step = await s.t.db.selectFrom('master_processes').select('id').where('module_code', '=', 'purchase').orderBy('id').executeTakeFirstOrThrow();
  await s.t.db.insertInto('circulations').values({ buffer_id: doc.id, user_id: s.users.legal.id, master_process_id: step.id }).execute();
  return doc;
}

const url = (id: number) => `/api/buffer/${id}/comments`;
const comment = (user: string, id: number, payload: unknown, lang = 'en') => s.post(user, url(id), payload, { 'accept-language': lang });
const remove = async (user: string, id: number, commentId: number) => s.t.app.inject({
  method: 'DELETE', url: `${url(id)}/${commentId}`, headers: { authorization: `Bearer ${await s.auth(user)}`, 'accept-language': 'en' },
});
const stored = (documentId: number) => s.t.db.selectFrom('buffer_comments').selectAll().where('buffer_id', '=', documentId).orderBy('id').execute();
const historyOf = (documentId: number) => s.t.db.selectFrom('record_history').select(['kind', 'actor_id', 'before', 'after', 'mac'])
  .where('buffer_id', '=', documentId).orderBy('seq').execute();

describe('who may read and write the thread', () => {
  it('the requester, the approvers and a circulated reader may; an unrelated user and another company\'s user get 404 and change nothing', async () => {
    const doc = await filed();
    for (const user of ['employee', 'approver', 'authorizer', 'legal']) {
      const posted = await comment(user, doc.id, { body: `Note from ${user}` });
      expect(posted.statusCode, `${user} ${posted.body}`).toBe(201);
      expect(posted.json()).toMatchObject({ author: { id: s.users[user].id }, body: `Note from ${user}`, withdrawn: null, can_withdraw: true });
      const read = await s.get(user, url(doc.id));
      expect(read.statusCode, user).toBe(200);
    }
    const thread = (await s.get('approver', url(doc.id))).json();
    expect(thread['hydra:totalItems']).toBe(4);
    expect(thread['hydra:member'].map((c: { body: string }) => c.body)).toEqual(['Note from employee', 'Note from approver', 'Note from authorizer', 'Note from legal']);
    // Only the reader's own comment may be withdrawn by them.
    expect(thread['hydra:member'].map((c: { can_withdraw: boolean }) => c.can_withdraw)).toEqual([false, true, false, false]);

    const unknown = (await s.get('employee', '/api/buffer/2147483000/comments')).json();
    for (const user of ['finance', 'client']) {
      const read = await s.get(user, url(doc.id));
      expect(read.statusCode, user).toBe(404);
      expect(read.json()).toEqual(unknown); // the same answer as a document that does not exist
      expect((await comment(user, doc.id, { body: 'let me in' })).statusCode, user).toBe(404);
      expect((await s.get(user, `${url(doc.id)}/mentionable`)).statusCode, user).toBe(404);
      expect((await remove(user, doc.id, thread['hydra:member'][0].id)).statusCode, user).toBe(404);
    }
    expect(await stored(doc.id)).toHaveLength(4);
  });
});

describe('mentions', () => {
  it('offers exactly the people who see the document, and mails a mentioned person in their language', async () => {
    const doc = await filed();
    const offered = (await s.get('approver', `${url(doc.id)}/mentionable`)).json();
    const ids = offered['hydra:member'].map((u: { id: number }) => u.id).sort();
    expect(ids).toEqual([s.users.employee.id, s.users.authorizer.id, s.users.legal.id].sort());
    const narrowed = (await s.get('approver', `${url(doc.id)}/mentionable?search=${encodeURIComponent(s.users.legal.name.slice(0, 3))}`)).json();
    expect(narrowed['hydra:member'].map((u: { id: number }) => u.id)).toContain(s.users.legal.id);

    await s.t.db.updateTable('users').set({ language: 'ja' }).where('id', '=', s.users.legal.id).execute();
    const since = (await s.t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    const posted = await comment('approver', doc.id, { body: '@legal please check the seal', mentions: [s.users.legal.id] });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().mentions).toEqual([{ id: s.users.legal.id, name: s.users.legal.name }]);
    const mails = await s.t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('id', '>', since).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('legal@example.com');
    expect(mails[0].subject).toContain('メンション');
    expect(mails[0].text).toContain('@legal please check the seal');
    expect(mails[0].text).toContain(doc.code);
  });

  it('refuses to mention someone who cannot see the document — 422 "add them to circulation" in the user\'s language — and stores and mails nothing', async () => {
    const doc = await filed();
    const since = (await s.t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    const refused = await comment('approver', doc.id, { body: 'FYI @finance', mentions: [s.users.legal.id, s.users.finance.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([{ propertyPath: 'mentions[1]', message: `${s.users.finance.name} cannot see this document, so cannot be mentioned. To involve them, add them to circulation.` }]);
    const ja = await comment('approver', doc.id, { body: 'FYI', mentions: [s.users.finance.id] }, 'ja');
    expect(ja.json().message).toContain('回覧に追加');
    const zh = await comment('approver', doc.id, { body: 'FYI', mentions: [s.users.finance.id] }, 'zh');
    expect(zh.json().message).toContain('加入传阅');
    expect((await comment('approver', doc.id, { body: 'x', mentions: [2147483000] })).statusCode).toBe(422);
    expect((await comment('approver', doc.id, { body: 'x', mentions: [s.users.legal.id, s.users.legal.id] })).statusCode).toBe(422);
    expect(await stored(doc.id)).toEqual([]);
    expect(await s.t.db.selectFrom('mail_outbox').select('id').where('id', '>', since).execute()).toEqual([]);
    // Refusing did not make the person a viewer: visibility stays a routing decision.
    expect((await s.get('finance', `/api/buffers/${doc.id}`)).statusCode).toBe(404);
  });
});

describe('the body', () => {
  it('is plain text of 1..2,000 characters (counted as characters, after trimming); anything else is 422 at body and stores nothing', async () => {
    const doc = await filed();
    for (const body of ['', '   \n ', '承'.repeat(2001), 'bell\u0007', 'esc\u001b[31m']) {
      const reply = await comment('employee', doc.id, { body });
      expect(reply.statusCode, JSON.stringify(body).slice(0, 20)).toBe(422);
      expect(reply.json().violations[0].propertyPath).toBe('body');
    }
    expect((await comment('employee', doc.id, { body: 'x'.repeat(2001) })).json().message).toBe('A comment has at most 2000 characters; this one has 2001. Shorten it.');
    expect((await comment('employee', doc.id, { body: 42 })).statusCode).toBe(400);
    // A NUL is refused before any route by the input guard (400), like everywhere else.
    expect((await comment('employee', doc.id, { body: 'a\u0000b' })).statusCode).toBe(400);
    expect(await stored(doc.id)).toEqual([]);
    const longest = await comment('employee', doc.id, { body: `  ${'承'.repeat(2000)}\n` });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json().body).toBe('承'.repeat(2000));
    const lines = await comment('employee', doc.id, { body: 'line one\nline two\t<b>not html</b>' });
    expect(lines.json().body).toBe('line one\nline two\t<b>not html</b>');
  });
});

describe('withdrawing', () => {
  it('only the author withdraws, once; the thread keeps the comment as withdrawn with who and when; the row and the records history keep the trace', async () => {
    const doc = await filed();
    const posted = (await comment('approver', doc.id, { body: 'Wrong document, sorry' })).json();
    expect((await remove('employee', doc.id, posted.id)).statusCode).toBe(403);
    const other = await filed();
    expect((await remove('approver', other.id, posted.id)).statusCode).toBe(404); // not a comment of that document

    const withdrawn = await remove('approver', doc.id, posted.id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id: posted.id, body: null, withdrawn: { by: { id: s.users.approver.id } }, can_withdraw: false });
    const again = await remove('approver', doc.id, posted.id);
    expect(again.statusCode).toBe(409);
    const thread = (await s.get('employee', url(doc.id))).json()['hydra:member'];
    expect(thread).toEqual([expect.objectContaining({ id: posted.id, author: { id: s.users.approver.id, name: s.users.approver.name }, body: null, withdrawn: expect.objectContaining({ at: expect.any(String) }) })]);

    // Never erased: the row keeps its body; never edited: the database refuses it.
    const [row] = await stored(doc.id);
    expect(row).toMatchObject({ body: 'Wrong document, sorry', withdrawn_by: s.users.approver.id });
    await expect(s.t.db.updateTable('buffer_comments').set({ body: 'rewritten' }).where('id', '=', posted.id).execute()).rejects.toThrow(/never edited/);
    await expect(s.t.db.deleteFrom('buffer_comments').where('id', '=', posted.id).execute()).rejects.toThrow(/never erased/);

    // The records history: filing, the comment, its withdrawal — attributed and sealed.
    const history = await historyOf(doc.id);
    expect(history.map((h) => h.kind)).toEqual(['filed', 'comment', 'comment-withdrawn']);
    expect(history[1]).toMatchObject({ actor_id: s.users.approver.id, after: { comment: { id: posted.id, body: 'Wrong document, sorry', mentions: [] } } });
    expect(history[2]).toMatchObject({ actor_id: s.users.approver.id, after: { comment: { id: posted.id, withdrawn: true } } });
    for (const entry of history) expect(entry.mac).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the document\'s history (GET /buffers/{id}/history) lists the comment entries and its chain still verifies', async () => {
    const doc = await filed();
    const posted = (await comment('employee', doc.id, { body: 'For the record' })).json();
    await remove('employee', doc.id, posted.id);
    const reply = await s.get('employee', `/api/buffers/${doc.id}/history`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().chain_ok).toBe(true);
    expect(reply.json()['hydra:member'].map((e: { kind: string }) => e.kind)).toEqual(['filed', 'comment', 'comment-withdrawn']);
    const filtered = await s.get('employee', `/api/buffers/${doc.id}/history?kind=comment`);
    expect(filtered.json()['hydra:member']).toHaveLength(1);
  });
});
