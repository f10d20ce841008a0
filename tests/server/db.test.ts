import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_MAIL_ATTEMPTS, createMailer } from '../../server/mail/mailer';
import { enqueueMail } from '../../server/mail/outbox';
import { seedDemoData } from '../../server/demo/seed';
import { DEMO_USERS } from '../../server/demo/seed-data';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

describe('database access', () => {
  test('updates and deletes report the rows they changed', async () => {
    const updated = await t.db.updateTable('currencies').set({ decimals: 2 }).where('code', 'in', ['CNY', 'USD']).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await t.db.deleteFrom('mail_outbox').where('id', '<', 0).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });

  test('a query issued while a transaction runs is neither part of it nor rolled back with it', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const paused = new Promise<void>((resolve) => { release = resolve; });
    const insideDone = new Promise<void>((resolve) => { inserted = resolve; });
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('setting_types').values({ code: 'rolled-back', name: 'x', name_ja: null, name_zh: null }).execute();
      inserted();
      await paused;
      throw new Error('roll back');
    }).catch((error: Error) => error.message);
    await insideDone;
    const outside = t.db.insertInto('setting_types').values({ code: 'kept', name: 'y', name_ja: null, name_zh: null }).execute();
    // Give a driver without a lock the chance to run the insert inside the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await transaction).toBe('roll back');
    await outside;
    const codes = (await t.db.selectFrom('setting_types').select('code').execute()).map((r) => r.code);
    expect(codes).toContain('kept');
    expect(codes).not.toContain('rolled-back');
  });

  test('dates come back as YYYY-MM-DD and counts as numbers', async () => {
    const row = await t.db.selectFrom('users').select(['join_date', sql<number>`count(*) over ()`.as('n')])
      .where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
    expect(row).toEqual({ join_date: '2021-04-01', n: 1 });
  });

  test('the seed runs once: a second run changes nothing', async () => {
    const before = await t.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoData(t.db)).toBe(false);
    expect(await t.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(before);
    expect(before.n).toBe(DEMO_USERS.length);
  });

  test('demo passwords are stored as self-describing scrypt hashes with own salts', async () => {
    const logins = DEMO_USERS.filter((u) => u.login !== false).map((u) => u.email);
    const hashes = (await t.db.selectFrom('users').select('password_hash').where('email', 'in', logins).execute()).map((r) => r.password_hash);
    expect(hashes).toHaveLength(logins.length);
    expect(hashes.every((h) => h.startsWith('scrypt$131072$8$1$'))).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});

describe('mail outbox', () => {
  test('a mail that cannot be delivered is retried and marked failed after the last attempt', async () => {
    // SMTP to a closed local port fails at once.
    const mailer = createMailer({ ...t.config, smtpUrl: 'smtp://127.0.0.1:9', mailIntervalMs: 0 }, t.db, t.app.log);
    const id = await enqueueMail(t.db, { to: 'someone@example.com', subject: 'Hello', text: 'Body' });
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i += 1) await mailer.dispatch();
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, sent_at: null });
    expect(mail.last_error).toBeTruthy();
    await mailer.dispatch();
    expect((await t.db.selectFrom('mail_outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow()).attempts).toBe(MAX_MAIL_ATTEMPTS);
    await mailer.close();
  });
});
