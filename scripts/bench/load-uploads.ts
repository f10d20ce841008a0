import http from 'node:http';
import { crc32 } from 'node:zlib';

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A structurally sound PNG of about `bytes` (IHDR, one large IDAT, IEND): what the server accepts. */
export function pngOf(bytes: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2000, 0);
  ihdr.writeUInt32BE(2000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(Math.max(0, bytes - 57), 0x5a)), chunk('IEND', Buffer.alloc(0))]);
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n: number) => Math.round(n * 10) / 10;

function request(port: number, options: { method: string; path: string; headers: Record<string, string | number>; body?: Buffer }): Promise<{ status: number; retryAfter: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers, timeout: 120_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 0), ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, retryAfter: 0, ms: performance.now() - started }));
    req.end(options.body);
  });
}

/** What the upload burst measured. */
export interface UploadBurstResult {
  uploads: number;
  stored: number;
  refusals: Record<string, number>;
  seconds: number;
  health: { p50: number; p95: number; p99: number; max: number; n: number };
  list: { p50: number; p95: number; p99: number; max: number; n: number };
}

/**
 * `count` uploads of `bytes` each, all started at once over the ports, each user's from its own
 * token; a refused upload (429/503) waits its `Retry-After` and tries again, as a client should.
 * Meanwhile `/api/health` and the pending list are requested every 50 ms, alternating ports, and
 * their latencies recorded until the last upload is stored.
 */
export async function uploadBurst(options: {
  ports: number[]; tokens: string[]; documentType: string; listToken: string; count: number; bytes: number;
}): Promise<UploadBurstResult> {
  const png = pngOf(options.bytes);
  const boundary = 'ringi-bench-upload-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${options.documentType}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`),
    png, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const refusals: Record<string, number> = {};
  let stored = 0;
  const started = performance.now();
  let done = false;
  const upload = async (i: number) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await request(options.ports[i % options.ports.length], {
        method: 'POST', path: '/api/files', body,
        headers: { authorization: `Bearer ${options.tokens[i % options.tokens.length]}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      });
      if (answer.status === 201) { stored++; return; }
      refusals[answer.status] = (refusals[answer.status] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, Math.max(1, answer.retryAfter) * 1000));
    }
  };
  const health: number[] = [];
  const list: number[] = [];
  const probe = async () => {
    for (let i = 0; !done; i++) {
      const port = options.ports[i % options.ports.length];
      const [h, l] = await Promise.all([
        request(port, { method: 'GET', path: '/api/health', headers: {} }),
        request(port, { method: 'GET', path: '/api/approvals/my', headers: { authorization: `Bearer ${options.listToken}`, 'accept-language': 'en' } }),
      ]);
      health.push(h.ms);
      list.push(l.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const probing = probe();
  await Promise.all(Array.from({ length: options.count }, (_, i) => upload(i)));
  done = true;
  await probing;
  const figures = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0), n: sorted.length };
  };
  return { uploads: options.count, stored, refusals, seconds: round((performance.now() - started) / 1000), health: figures(health), list: figures(list) };
}
