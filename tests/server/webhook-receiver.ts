import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** One request the receiver got. */
export interface Received { headers: IncomingHttpHeaders; body: string; status: number }

/**
 * A loopback webhook receiver (plain node http on 127.0.0.1): answers each request with the next
 * status of `statuses` (then 200) and keeps what it got.
 */
export async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const queue = [...statuses];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = queue.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failing with ${status}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks/ringi`,
    received,
    /** The next answers (after those still queued). */
    answer: (...next: number[]) => { queue.push(...next); },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Standard Webhooks 1.0 verification, written here independently of the server: every `v1,`
 * signature in `webhook-signature` (space-separated) checked against HMAC-SHA256 of
 * `id.timestamp.body` keyed by the base64-decoded secret after `whsec_`. Answers which of the given
 * secrets signed the request.
 */
export function signedBy(request: Received, secrets: string[]): string[] {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const given = String(request.headers['webhook-signature'] ?? '').split(' ')
    .filter((s) => s.startsWith('v1,')).map((s) => s.slice(3));
  return secrets.filter((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64');
    return given.includes(expected);
  });
}
