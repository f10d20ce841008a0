import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { enqueueMail } from '../../server/mail/outbox';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Mail over SMTP, against a small SMTP server of the test's own (plain SMTP, no TLS offered): what
 * it received and on how many connections.
 */
function smtpServer() {
  const received: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') { received.push(data.join('\n')); data = null; socket.write('250 queued\r\n'); } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') { data = []; socket.write('354 go on\r\n'); } else if (verb === 'QUIT') { socket.end('221 bye\r\n'); } else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    received,
    connections: () => connections,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

let t: TestApp;
const smtp = smtpServer();
let port: number;
beforeAll(async () => { t = await buildTestApp(); port = await smtp.listen(); });
afterAll(async () => { await smtp.close(); await t?.close(); });

describe('mail over SMTP', () => {
  test('a burst of mails is delivered over kept connections, not one connection per mail', async () => {
    const mailer = createMailer({ ...t.config, smtpUrl: `smtp://127.0.0.1:${port}`, mailIntervalMs: 0 }, t.db, t.app.log);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await enqueueMail(t.db, { to: `person${i}@example.com`, subject: `Waiting ${i}`, text: `Body ${i}` }));
    await mailer.dispatch();
    const rows = await t.db.selectFrom('mail_outbox').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
    expect(smtp.received).toHaveLength(12);
    expect(smtp.received.some((m) => m.includes('Subject: Waiting 11'))).toBe(true);
    // One mail at a time per round: the pool keeps its first connection for the rest.
    expect(smtp.connections()).toBe(1);
    await mailer.close();
  });

  test('pool=false in SMTP_URL sends each mail on its own connection', async () => {
    const before = smtp.connections();
    const mailer = createMailer({ ...t.config, smtpUrl: `smtp://127.0.0.1:${port}?pool=false`, mailIntervalMs: 0 }, t.db, t.app.log);
    for (let i = 0; i < 3; i += 1) await enqueueMail(t.db, { to: `one${i}@example.com`, subject: 'Alone', text: 'Body' });
    await mailer.dispatch();
    expect(smtp.connections() - before).toBe(3);
    await mailer.close();
  });
});
