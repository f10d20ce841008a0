import { describe, expect, it } from 'vitest';
import { serverTranslate } from '../../server/lib/i18n';
import type { TestApp } from './helpers';
import { filePurchase, purchaseBody, type Auth, type Users, workflowSuite } from './workflow-fixtures';

/**
 * Mails are written in the recipient's stored language (`users.language`, default ja), subject
 * and body, whoever acted and in whatever language (issue #22: a requester got a Japanese
 * "rejected" and an English "approved" mail). Login stores the language it is sent with while none is stored;
 * PUT /profile/language stores a choice.
 */
let t: TestApp;
let users: Users;
let auth: Auth;
workflowSuite((suite) => ({ t, users, auth } = suite));

const lastMailId = async () => (await t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
const mailsTo = async (email: string, since: number) => t.db.selectFrom('mail_outbox').select(['subject', 'text'])
  .where('id', '>', since).where('to_address', '=', email).orderBy('id').execute();
const setLanguage = (id: number, language: 'en' | 'ja' | 'zh' | null) => t.db.updateTable('users').set({ language }).where('id', '=', id).execute();

describe.each(['en', 'ja', 'zh'] as const)('mails to a user whose language is %s', (lang) => {
  const other = lang === 'en' ? 'zh' : 'en';

  it('an approval request and a rejection come in it, though the actors used another language', async () => {
    const tr = serverTranslate(lang);
    await setLanguage(users.approver.id, lang);
    await setLanguage(users.employee.id, lang);
    const since = await lastMailId();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users), { 'accept-language': other });
    const request = await mailsTo(users.approver.email, since);
    expect(request.map((m) => m.subject)).toEqual([tr('server.workflow.mail.approvalRequestSubject', { code: filed.code })]);
    // The body too: its greeting line and the step's name in the recipient's language.
    const step = await t.db.selectFrom('processes').select(['name', 'name_ja', 'name_zh']).where('code', '=', 'p-manager').executeTakeFirstOrThrow();
    expect(request[0].text).toContain(lang === 'en' ? step.name : lang === 'ja' ? step.name_ja : step.name_zh);

    const reply = await t.app.inject({
      method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: false },
      headers: { authorization: `Bearer ${await auth('approver')}`, 'accept-language': other },
    });
    expect(reply.statusCode).toBe(200);
    const outcome = await mailsTo(users.employee.email, since);
    expect(outcome.map((m) => m.subject)).toEqual([tr('server.workflow.mail.rejectedSubject', { code: filed.code })]);
    const textStart = tr('server.workflow.mail.rejectedText', { code: filed.code, module: '§', requester: users.employee.name, step: '', link: '', name: users.employee.name }).split('§')[0];
    expect(outcome[0].text.startsWith(textStart)).toBe(true);
  });

  it('is stored by PUT /profile/language and by signing in with it', async () => {
    await setLanguage(users.approver2.id, null);
    const reply = await t.app.inject({ method: 'PUT', url: '/api/profile/language', payload: { language: lang }, headers: { authorization: `Bearer ${await auth('approver2')}` } });
    expect(reply.statusCode).toBe(200);
    expect((await t.db.selectFrom('users').select('language').where('id', '=', users.approver2.id).executeTakeFirstOrThrow()).language).toBe(lang);
    await setLanguage(users.approver2.id, null);
    const login = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: users.approver2.email, password: 'ringi-demo' }, headers: { 'accept-language': lang } });
    expect(login.statusCode).toBe(200);
    expect((await t.db.selectFrom('users').select('language').where('id', '=', users.approver2.id).executeTakeFirstOrThrow()).language).toBe(lang);
  });
});

describe('a user who never chose a language', () => {
  it('gets mails in ja (the stored default), whatever the actor used', async () => {
    await setLanguage(users.approver.id, null);
    const since = await lastMailId();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    const mails = await mailsTo(users.approver.email, since);
    expect(mails.map((m) => m.subject)).toEqual([serverTranslate('ja')('server.workflow.mail.approvalRequestSubject', { code: filed.code })]);
  });

  it('refuses a language outside en, ja, zh (400) and changes nothing', async () => {
    await setLanguage(users.approver.id, 'en');
    const reply = await t.app.inject({ method: 'PUT', url: '/api/profile/language', payload: { language: 'fr' }, headers: { authorization: `Bearer ${await auth('approver')}` } });
    expect(reply.statusCode).toBe(400);
    expect((await t.db.selectFrom('users').select('language').where('id', '=', users.approver.id).executeTakeFirstOrThrow()).language).toBe('en');
  });
});
