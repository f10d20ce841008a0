import { readToken } from './token-store';

/**
 * The tab's copy of a draft saved as the page went away (spec 000 §4 "Shared form behaviour").
 * That save is a keepalive `fetch` that outlives the page but may still be on its way when the
 * reloaded page reads the draft, which would then open the draft saved before it. So the data
 * is also kept here, in the tab's `sessionStorage` (a reload keeps it; closing the tab drops it),
 * and the draft read prefers it. Any later save or delete from a form replaces the server's
 * draft, so it drops this copy. The copy belongs to the sign-in that wrote it (a digest of the
 * token): another sign-in in the same tab never reads it.
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

/** Keeps the data of a draft saved as the page goes away. */
export function keepUnsentDraft(moduleCode: string, filedFor: number | null, data: unknown): void {
  const owner = signIn();
  if (!owner) return;
  try {
    storage()?.setItem(keyOf(moduleCode, filedFor), JSON.stringify({ owner, data }));
  } catch {
    // Storage full or refused: the keepalive save still carries the draft.
  }
}

/** The data kept by `keepUnsentDraft` for this sign-in, or undefined. */
export function readUnsentDraft(moduleCode: string, filedFor: number | null): unknown {
  const raw = storage()?.getItem(keyOf(moduleCode, filedFor));
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as { owner?: unknown; data?: unknown };
    if (kept.owner === signIn() && kept.data !== undefined) return kept.data;
  } catch {
    // Not ours or damaged: dropped below.
  }
  dropUnsentDraft(moduleCode, filedFor);
  return undefined;
}

/** A later save or delete reached for the server's draft: the tab's copy is no longer the latest. */
export function dropUnsentDraft(moduleCode: string, filedFor: number | null): void {
  try {
    storage()?.removeItem(keyOf(moduleCode, filedFor));
  } catch {
    // Nothing stored that could be removed.
  }
}
