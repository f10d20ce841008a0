import { createHash, createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ChainProblem } from '../../src/wire/records';

/**
 * The anchor of the whole records store, written outside the database (issue #30 item 7): every
 * document's chain head (`buffer_id seq hash`, one line each, by document) in a text file under
 * `<dataDir>/records-anchors/`, its SHA-256 (the digest, also mailed to the records contact) and
 * an HMAC under the records key beside it (`.mac`). Someone who deletes a whole document with its
 * history — which leaves no broken chain behind — or its latest entries is found by comparing the
 * store with the last anchor (`checkAnchor`, part of `GET /records/verify` for the whole store).
 *
 * `sha256sum anchor-….txt` gives the digest the mail names, so the file can be checked against
 * the mail by hand too.
 */

/** The anchors' folder under the data folder. */
export const ANCHOR_DIR = 'records-anchors';
/** Anchors kept in the folder (older ones live on in the mails). */
export const ANCHORS_KEPT = 14;
const HEADER = 'ringi-records-anchor v1';
const BATCH = 5000;

/** What an anchor holds and where it was written. */
export interface Anchor {
  file: string;
  at: string;
  documents: number;
  digest: string;
}

const anchorMac = (key: Buffer) => createHmac('sha256', key).update('ringi-anchor-v1\x1e');

/** Writes the anchor of the store now (to a temporary name, then renamed) and prunes the oldest. */
export async function writeAnchor(db: Kysely<Database>, key: Buffer, dataDir: string, now = new Date()): Promise<Anchor> {
  const dir = join(dataDir, ANCHOR_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const at = now.toISOString();
  const name = `anchor-${at.replace(/[:.]/g, '-')}.txt`;
  const temporary = join(dir, `.${name}.partial`);
  const out = createWriteStream(temporary, { mode: 0o600 });
  const digest = createHash('sha256');
  const mac = anchorMac(key);
  const write = async (text: string) => {
    digest.update(text);
    mac.update(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  let documents = 0;
  try {
    await write(`${HEADER}\nat ${at}\n`);
    let after = 0;
    for (;;) {
      // Heads by document, in batches (not one snapshot: an entry appended meanwhile is simply a newer head).
      const heads = await sql<{ buffer_id: number; seq: number; hash: string }>`
        select d.buffer_id, h.seq, h.hash from (select distinct buffer_id from record_history where buffer_id > ${after}
          order by buffer_id limit ${BATCH}) d
        cross join lateral (select x.seq, x.hash from record_history x where x.buffer_id = d.buffer_id order by x.seq desc limit 1) h
        order by d.buffer_id`.execute(db);
      if (!heads.rows.length) break;
      await write(heads.rows.map((h) => `${h.buffer_id} ${h.seq} ${h.hash}\n`).join(''));
      documents += heads.rows.length;
      after = heads.rows[heads.rows.length - 1].buffer_id;
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  await writeFile(join(dir, `${name}.mac`), `${mac.digest('hex')}\n`, { mode: 0o600 });
  await rename(temporary, join(dir, name));
  const kept = (await anchorFiles(dir)).slice(0, -ANCHORS_KEPT);
  for (const old of kept) await Promise.all([rm(join(dir, old), { force: true }), rm(join(dir, `${old}.mac`), { force: true })]);
  return { file: join(dir, name), at, documents, digest: digest.digest('hex') };
}

/** The anchor files of the folder, oldest first (their names sort by time). */
async function anchorFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => /^anchor-.*\.txt$/.test(n)).sort();
}

/** The outcome of comparing the store with its last anchor. */
export interface AnchorCheck extends Anchor {
  /** The file verified (its HMAC) and every head it names is still in the store. */
  ok: boolean;
}

/**
 * Compares the store with its last anchor: the anchor file's HMAC, then every head it names —
 * the document must still exist (else `deleted`) and hold that entry with that hash (else
 * `anchor`). Null when no anchor was written yet.
 */
export async function checkAnchor(db: Kysely<Database>, key: Buffer, dataDir: string,
  report: (problem: ChainProblem) => void): Promise<AnchorCheck | null> {
  const dir = join(dataDir, ANCHOR_DIR);
  const name = (await anchorFiles(dir)).at(-1);
  if (!name) return null;
  const path = join(dir, name);
  const digest = createHash('sha256');
  const mac = anchorMac(key);
  let at = '';
  let documents = 0;
  let ok = true;
  let batch: Array<[number, number, string]> = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = await sql<{ b: number; s: number; hash: string | null; code: string | null; exists: boolean }>`
      select v.b, v.s, h.hash, d.code, d.id is not null as exists
      from unnest(${`{${batch.map((h) => h[0]).join(',')}}`}::integer[], ${`{${batch.map((h) => h[1]).join(',')}}`}::integer[]) as v(b, s)
      left join record_history h on h.buffer_id = v.b and h.seq = v.s left join buffers d on d.id = v.b`.execute(db);
    const anchored = new Map(batch.map(([b, s, hash]) => [`${b}:${s}`, hash]));
    for (const row of rows.rows) {
      if (!row.exists) {
        ok = false;
        report({ document: { id: row.b, code: null }, seq: row.s, problem: 'deleted' });
      } else if (row.hash !== anchored.get(`${row.b}:${row.s}`)) {
        ok = false;
        report({ document: { id: row.b, code: row.code }, seq: row.s, problem: 'anchor' });
      }
    }
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let index = 0;
  for await (const line of lines) {
    digest.update(`${line}\n`);
    mac.update(`${line}\n`);
    index += 1;
    if (index === 1) continue;
    if (line.startsWith('at ')) { at = line.slice(3); continue; }
    const [b, s, hash] = line.split(' ');
    if (!/^\d+$/.test(b) || !/^\d+$/.test(s ?? '') || !/^[0-9a-f]{64}$/.test(hash ?? '')) { ok = false; continue; }
    documents += 1;
    batch.push([Number(b), Number(s), hash]);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  const stored = (await readFile(`${path}.mac`, 'utf8').catch(() => '')).trim();
  if (stored !== mac.digest('hex')) {
    ok = false;
    report({ document: { id: 0, code: null }, seq: null, problem: 'anchor' });
  }
  return { file: name, at, documents, digest: digest.digest('hex'), ok };
}
