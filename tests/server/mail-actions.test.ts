/**
 * Deciding from the mail (issue #33 item 1): the waiting mail's Approve and Reject links
 * (`/m/{token}`, tokens stored only hashed), a confirm page that changes nothing however often it is
 * read (mail scanners), and a POST that acts only for the signed-in approver the link was mailed
 * to, through the app's own action, logged "via mail" — and every way a link dies (PGlite).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const lastMailId = async () => (await s.t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

/** The Approve and Reject tokens of the newest mail to `user` after mail `since`. */
async function linksOf(user: string, since: number): Promise<{ approve: string; reject: string; text: string }> {
  const mail = await s.t.db.selectFrom('mail_outbox').select(['text']).where('id', '>', since)
    .where('to_address', '=', `${user}@example.com`).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const tokens = [...mail.text.matchAll(/\/m\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
  expect(tokens).toHaveLength(2);
  return { approve: tokens[0], reject: tokens[1], text: mail.text };
}

/** A purchase filed by the employee (the approver decides first, then the authorizer), with the approver's mail links. */
async function filed() {
  const since = await lastMailId();
  const doc = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users));
  return { ...doc, links: await linksOf('approver', since) };
}

/** Everything a decision would change: the document, its steps, its log, the outbox and the tokens' use. */
async function snapshot(documentId: number) {
  const db = s.t.db;
  return {
    buffer: await db.selectFrom('buffers').select(['status', 'updated_at']).where('id', '=', documentId).executeTakeFirst(),
    steps: await db.selectFrom('approvals').select(['id', 'status', 'active', 'approver_id']).where('buffer_id', '=', documentId).orderBy('id').execute(),
    logs: await db.selectFrom('approval_logs').select('id').where('buffer_id', '=', documentId).execute(),
    mails: await lastMailId(),
    used: await db.selectFrom('mail_action_tokens').select(['id', 'used_at']).orderBy('id').execute(),
  };
}

const view = (user: string, token: string) => s.get(user, `/api/mail-actions/${token}`);
const decide = (user: string, token: string, body: Record<string, unknown>) => s.post(user, `/api/mail-actions/${token}`, body);

describe('the waiting mail', () => {
  it('carries an Approve and a Reject link to /m/{token} with the app URL, whose tokens are stored only hashed and bound to the step and the approver', async () => {
    const doc = await filed();
    expect(doc.links.text).toContain(`${s.t.config.appUrl.replace(/\/+$/, '')}/m/${doc.links.approve}`);
    for (const token of [doc.links.approve, doc.links.reject]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await s.t.db.selectFrom('mail_action_tokens').selectAll().where('approval_id', '=', doc.steps[0]).orderBy('id').execute();
    expect(rows.map((r) => [r.token_hash, r.user_id, r.approve])).toEqual([
      [sha256(doc.links.approve), s.users.approver.id, true],
      [sha256(doc.links.reject), s.users.approver.id, false],
    ]);
    // The token itself is nowhere in the table.
    const stored = JSON.stringify(await s.t.db.selectFrom('mail_action_tokens').selectAll().execute());
    expect(stored).not.toContain(doc.links.approve);
    expect(stored).not.toContain(doc.links.reject);
    const hours = (rows[0].expires_at.getTime() - rows[0].created_at.getTime()) / 3_600_000;
    expect(hours).toBe(72);
  });

  it('gives a deputy in effect their own links, which act for them on behalf of the principal', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const named = await s.post('approver', '/api/deputies', { deputy_id: s.users.approver2.id, from: today, to: today });
    expect(named.statusCode, named.body).toBe(201);
    try {
      const since = await lastMailId();
      const doc = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users));
      const deputyLinks = await linksOf('approver2', since);
      const owner = await s.t.db.selectFrom('mail_action_tokens').select('user_id').where('token_hash', '=', sha256(deputyLinks.approve)).executeTakeFirstOrThrow();
      expect(owner.user_id).toBe(s.users.approver2.id);
      const page = (await view('approver2', deputyLinks.approve)).json();
      expect(page).toMatchObject({ usable: true, on_behalf_of: { id: s.users.approver.id } });
      const reply = await decide('approver2', deputyLinks.approve, { approve: true });
      expect(reply.statusCode, reply.body).toBe(200);
      const log = await s.t.db.selectFrom('approval_logs').select(['user_id', 'on_behalf_of', 'detail']).where('approval_id', '=', doc.steps[0]).executeTakeFirstOrThrow();
      expect(log).toMatchObject({ user_id: s.users.approver2.id, on_behalf_of: s.users.approver.id, detail: { via: 'mail' } });
    } finally {
      await s.t.db.deleteFrom('deputies').where('principal_id', '=', s.users.approver.id).execute();
    }
  });
});

describe('the confirm page and its button', () => {
  it('a mail scanner opening the link twice changes nothing; the approver\'s POST then approves once and the timeline says "via mail" with the comment', async () => {
    const doc = await filed();
    const before = await snapshot(doc.id);
    const first = await view('approver', doc.links.approve);
    const second = await view('approver', doc.links.approve);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({
      usable: true, reason: null, approve: true, step: { id: doc.steps[0] },
      buffer: { id: doc.id, code: doc.code, info: { total: 1000, currency: 'CNY' } },
      on_behalf_of: null, needs_app_to_approve: false,
    });
    expect(await snapshot(doc.id)).toEqual(before);

    const reply = await decide('approver', doc.links.approve, { approve: true, comment: 'Fine by me' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: doc.steps[0], status: 1, buffer: { id: doc.id, status: 0 } });
    const step = await s.t.db.selectFrom('approvals').select(['status', 'approver_id']).where('id', '=', doc.steps[0]).executeTakeFirstOrThrow();
    expect(step).toEqual({ status: 1, approver_id: s.users.approver.id });
    const detail = (await s.get('employee', `/api/buffers/${doc.id}`)).json();
    const entry = detail.approvals[0].approval_logs[0];
    expect(entry).toMatchObject({ action: 'approve', via: 'mail', comment: 'Fine by me' });
    expect(entry.log_text).toBe(`Approved by ${s.users.approver.name} via mail — “Fine by me”`);
    // The same link again, and the other link of the same mail: dead, nothing changes.
    const after = await snapshot(doc.id);
    const again = await decide('approver', doc.links.approve, { approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'used' });
    const other = await decide('approver', doc.links.reject, { approve: false, comment: 'no' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', reason: 'decided' });
    expect(await snapshot(doc.id)).toEqual(after);
  });

  it('a forwarded mail: another signed-in user sees only "not yours", and their POST is 403 and changes nothing', async () => {
    const doc = await filed();
    const before = await snapshot(doc.id);
    const page = await view('authorizer', doc.links.approve);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ usable: false, reason: 'not_yours', buffer: null, step: null });
    expect(page.json().message).toContain('someone else');
    const reply = await decide('authorizer', doc.links.approve, { approve: true });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'FORBIDDEN' });
    // Even the requester, who sees the document, cannot use the approver's link.
    expect((await decide('employee', doc.links.approve, { approve: true })).statusCode).toBe(403);
    expect(await snapshot(doc.id)).toEqual(before);
  });

  it('an expired link (72 h) says so and changes nothing', async () => {
    const doc = await filed();
    await s.t.db.updateTable('mail_action_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256(doc.links.approve)).execute();
    const before = await snapshot(doc.id);
    expect((await view('approver', doc.links.approve)).json()).toMatchObject({ usable: false, reason: 'expired' });
    const reply = await decide('approver', doc.links.approve, { approve: true });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ reason: 'expired' });
    expect(reply.json().message).toContain('expired');
    expect(await snapshot(doc.id)).toEqual(before);
  });

  it('a link of a step already decided in the app answers 409 and changes nothing', async () => {
    const doc = await filed();
    expect((await s.post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    const before = await snapshot(doc.id);
    expect((await view('approver', doc.links.reject)).json()).toMatchObject({ usable: false, reason: 'decided' });
    const reply = await decide('approver', doc.links.reject, { approve: false, comment: 'too late' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', reason: 'decided' });
    expect(await snapshot(doc.id)).toEqual(before);
  });

  it('a link of a step an edit voided answers 409 "edited" and changes nothing', async () => {
    const doc = await filed();
    const { data } = await s.t.db.selectFrom('buffers').select('data').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const goods = (data as { purchase_goods: Array<Record<string, unknown>> }).purchase_goods;
    const edited = await s.post('employee', `/api/buffer/${doc.id}/edit`, { data: { purchase_goods: [{ ...goods[0], budget: 1200 }], total_estimated: 1200 } });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await snapshot(doc.id);
    expect((await view('approver', doc.links.approve)).json()).toMatchObject({ usable: false, reason: 'edited' });
    const reply = await decide('approver', doc.links.approve, { approve: true });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ reason: 'edited' });
    expect(await snapshot(doc.id)).toEqual(before);
  });

  it('a link from before a send back stays dead when the step waits again; the new mail\'s link works', async () => {
    const doc = await filed();
    expect((await s.post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true, send_email_push: true })).statusCode).toBe(200);
    const firstMail = await linksOf('authorizer', 0);
    expect((await s.post('authorizer', `/api/approvals/${doc.steps[1]}/action`, { approve: false, back_to: doc.steps[0] })).statusCode).toBe(200);
    const since = await lastMailId();
    expect((await s.post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true, send_email_push: true })).statusCode).toBe(200);
    const before = await snapshot(doc.id);
    const stale = await decide('authorizer', firstMail.approve, { approve: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'decided' });
    expect(await snapshot(doc.id)).toEqual(before);
    const fresh = await linksOf('authorizer', since);
    const reply = await decide('authorizer', fresh.approve, { approve: true });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ buffer: { status: 2 } });
  });

  it('a rejection needs a comment (422, nothing changes); with one it rejects, logged via mail', async () => {
    const doc = await filed();
    const before = await snapshot(doc.id);
    for (const comment of [undefined, '   ']) {
      const reply = await decide('approver', doc.links.reject, comment === undefined ? { approve: false } : { approve: false, comment });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().violations).toEqual([{ propertyPath: 'comment', message: 'Please write a comment: a rejection needs a reason.' }]);
    }
    expect(await snapshot(doc.id)).toEqual(before);
    const reply = await decide('approver', doc.links.reject, { approve: false, comment: 'Over budget' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ status: 2, buffer: { status: 3 } });
    const detail = (await s.get('employee', `/api/buffers/${doc.id}`)).json();
    expect(detail.approvals[0].approval_logs[0].log_text).toBe(`Rejected by ${s.users.approver.name} via mail — “Over budget”`);
  });

  it('an unknown token is 404; signed out is 401', async () => {
    expect((await view('approver', 'A'.repeat(43))).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/mail-actions/${'A'.repeat(43)}` })).statusCode).toBe(401);
  });
});
