import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/seed-data';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { attachmentKinds } from '../../server/files/attachment-kinds';

/**
 * Issue #9 item 4 against the real start-up (`server/main.ts`, PGlite in DATA_DIR): a data folder
 * the app creates and everything in it (database, JWT secret, outbox mail, uploads) is for the
 * service account only — started with umask 000, as a careless service unit would.
 */
const root = resolve(import.meta.dirname, '../..');
const parent = mkdtempSync(join(tmpdir(), 'ringi-modes-'));
const dataDir = join(parent, 'created-by-ringi');
let server: ChildProcess;
let base = '';

const freePort = () => new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => done(port));
  });
});

/** Every path under `dir` whose mode lets group or others in. */
function loosePaths(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) out.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
  return out;
}

const mode = (path: string) => (lstatSync(path).mode & 0o777).toString(8);

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The organisation only (DEMO_DOCUMENTS=0): filing the demo month through the API takes minutes on a
  // loaded machine, and nothing here needs it.
  server = spawn('/bin/sh', ['-c', `umask 000 && exec node --import tsx server/main.ts`], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RINGI_LOG_LEVEL: 'warn', STATIC_DIR: join(parent, 'no-dist'), DATABASE_URL: '', JWT_SECRET: '', MAIL_INTERVAL_MS: '1000', DEMO_DOCUMENTS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 1500; i += 1) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(parent, { recursive: true, force: true });
});

describe('data at rest under DATA_DIR', () => {
  test('a running server keeps DATA_DIR, its database folder, JWT secret, outbox mail and uploads private', async () => {
    await fetch(`${base}/api/forget_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'employee@example.com' }) });
    const login = await fetch(`${base}/api/login_check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'employee@example.com', password: DEMO_PASSWORD }) });
    const { token } = await login.json();
    const form = new FormData();
    // Any attachment kind the definitions declare that takes PNG.
    const kinds = attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules);
    form.append('document_type', [...kinds].find(([, kind]) => kind.accept.includes('png'))![0]);
    form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')]), 'dot.png');
    const upload = await fetch(`${base}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    for (let i = 0; i < 100 && !existsSync(join(dataDir, 'outbox')); i += 1) await new Promise((r) => setTimeout(r, 100));

    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'pgdata'))).toBe('700');
    expect(mode(join(dataDir, 'jwt-secret'))).toBe('600');
    const outbox = readdirSync(join(dataDir, 'outbox'));
    expect(outbox.length).toBeGreaterThan(0);
    expect(loosePaths(join(dataDir, 'outbox'))).toEqual([]);
    // Uploads live in the database now; a files/ folder (tools, older data) must be private too.
    if (existsSync(join(dataDir, 'files'))) expect(loosePaths(join(dataDir, 'files'))).toEqual([]);
  });

  test('after a stop nothing under DATA_DIR is readable or writable by group or others', async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const loose = loosePaths(dataDir);
    expect(loose.slice(0, 5)).toEqual([]);
  });
});
