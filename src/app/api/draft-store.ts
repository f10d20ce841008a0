import { deepEqual } from '../../engine/rules/deep-equal';
import { readToken } from './token-store';

/**
 * The tab's copy of a draft saved as the page went away (spec 000 §4 "Shared form behaviour").
 * That save is a keepalive `fetch` that outlives the page but may still be on its way when the
 * reloaded page reads the draft, which would then open the draft saved before it. So the data
 * is also kept here, in the tab's `sessionStorage` (a reload keeps it; closing the tab drops it),
 * with the version of the server's draft the save replaces (`base`, its `updated_at` as this page
 * last knew it). The draft read compares (`copyIsLatest`): the copy wins only while the server
 * still holds that version — a draft saved since on another device (or the copy's own save,
 * landed) is the server's and wins. A copy that wins is sent to the server again by that read (a
 * browser can lose a request made as its page goes away) and dropped once answered. Any later save
 * or delete from a form replaces the server's draft, so it drops this copy. The copy belongs to
 * the sign-in that wrote it (a digest of the token): another sign-in in the same tab never reads it.
 */
const PREFIX = 'ringi.unsent-draft:';

const keyOf = (moduleCode: string, filedFor: number | null) => `${PREFIX}${moduleCode}:${filedFor ?? ''}`;

/** FNV-1a of the token: names the sign-in without keeping the token a second time. */
function signIn(): string | null {
  const token = readToken();
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The tab's copy: the data, and the server draft's version it replaces (absent: not known when kept). */
export interface UnsentDraft {
  data: unknown;
  base?: string | null;
}

/**
 * The version (`updated_at`, null: no draft) of the server's draft as this page last saw it, per
 * draft; absent while unknown — before the first read, and while a write of this page is on its way.
 */
const serverVersions = new Map<string, string | null>();

/** The server's draft is at `version` (read, or answered by a save; null: none). */
export function noteServerDraft(moduleCode: string, filedFor: number | null, version: string | null): void {
  serverVersions.set(keyOf(moduleCode, filedFor), version);
}

/** A write is on its way: the server draft's version is not known until it is answered. */
export function forgetServerDraft(moduleCode: string, filedFor: number | null): void {
  serverVersions.delete(keyOf(moduleCode, filedFor));
}

/** The server draft's version this page knows (undefined: unknown). */
export function serverDraftVersion(moduleCode: string, filedFor: number | null): string | null | undefined {
  return serverVersions.get(keyOf(moduleCode, filedFor));
}

/** Keeps the data of a draft saved as the page goes away, with the server draft's version it replaces. */
export function keepUnsentDraft(moduleCode: string, filedFor: number | null, data: unknown, base?: string | null): void {
  const owner = signIn();
  if (!owner) return;
  try {
    storage()?.setItem(keyOf(moduleCode, filedFor), JSON.stringify({ owner, data, ...(base === undefined ? {} : { base }) }));
  } catch {
    // Storage full or refused: the keepalive save still carries the draft.
  }
}

/** The copy kept by `keepUnsentDraft` for this sign-in, or undefined. */
export function readUnsentDraft(moduleCode: string, filedFor: number | null): UnsentDraft | undefined {
  const raw = storage()?.getItem(keyOf(moduleCode, filedFor));
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as { owner?: unknown; data?: unknown; base?: unknown };
    if (kept.owner === signIn() && kept.data !== undefined) {
      return typeof kept.base === 'string' || kept.base === null ? { data: kept.data, base: kept.base } : { data: kept.data };
    }
  } catch {
    // Not ours or damaged: dropped below.
  }
  dropUnsentDraft(moduleCode, filedFor);
  return undefined;
}

/**
 * Whether the tab's copy is still the latest draft against the server's as just read (null:
 * none): not when the server holds the same data (its save landed), nor when the server's draft
 * changed since the version the copy replaces (saved since, on another device or tab); yes while
 * the server still holds that version (the copy's save is still on its way). A copy kept with no
 * version known wins, as it did before versions were kept.
 */
export function copyIsLatest(copy: UnsentDraft, server: { data: unknown; updated_at: string } | null): boolean {
  if (server && deepEqual(server.data, copy.data)) return false;
  if (copy.base === undefined) return true;
  return (server?.updated_at ?? null) === copy.base;
}

/** A later save or delete reached for the server's draft: the tab's copy is no longer the latest. */
export function dropUnsentDraft(moduleCode: string, filedFor: number | null): void {
  try {
    storage()?.removeItem(keyOf(moduleCode, filedFor));
  } catch {
    // Nothing stored that could be removed.
  }
}
