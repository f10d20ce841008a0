import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { enqueueMail } from '../../server/mail/outbox';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The mail sender's claims: a round claims again only after a full batch (20). A final approval
 * mails its requester, so every one of them ran a second claim that found nothing.
 */
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => t?.close());

describe('mail claims per round', () => {
  test('one claim for a short batch, one more after each full one; every mail sent', async () => {
    const claims: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery(args) {
        if (args.node.kind === 'RawNode' && args.node.sqlFragments.join('?').trimStart().startsWith('update mail_outbox set attempts')) claims.push('claim');
        return args.node;
      },
      async transformResult(args) { return args.result; },
    };
    const mailer = createMailer({ ...t.config, mailIntervalMs: 0 }, t.db.withPlugin(counter), t.app.log);
    const queue = async (n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i += 1) ids.push(await enqueueMail(t.db, { to: `person${i}@example.com`, subject: `Decided ${i}`, text: 'Body' }));
      return ids;
    };
    const sent = async (ids: number[]) => (await t.db.selectFrom('mail_outbox').select('status').where('id', 'in', ids).execute()).map((r) => r.status);

    for (const [mails, expected] of [[1, 1], [25, 2], [40, 3]] as const) {
      // Whatever an earlier test of the app left pending goes first, uncounted.
      await mailer.dispatch();
      claims.length = 0;
      const ids = await queue(mails);
      await mailer.dispatch();
      expect(await sent(ids), `${mails} mails`).toEqual(ids.map(() => 'sent'));
      expect(claims, `${mails} mails`).toHaveLength(expected);
    }
    await mailer.close();
  });
});
