import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file link works: long enough to open it, short enough that a leaked link dies. */
export const FILE_TOKEN_SECONDS = 10 * 60;

const keyOf = (secret: string) => createHmac('sha256', secret).update('ringi:file-url').digest();

function signature(secret: string, fileId: number, userId: number, issued: number): string {
  return createHmac('sha256', keyOf(secret)).update(`${fileId}.${userId}.${issued}`).digest('base64url');
}

/**
 * A token for `GET /api/files/{id}?token=` (images and new windows cannot send the bearer
 * header): `<userId>.<issued ms>.<hmac>`, valid `FILE_TOKEN_SECONDS` from issue, bound to one user and one file, derived from the JWT
 * secret under its own label so it can never pass as a login token.
 */
export function signFileToken(secret: string, fileId: number, userId: number, nowMs = Date.now()): string {
  const issued = Math.floor(nowMs);
  return `${userId}.${issued}.${signature(secret, fileId, userId, issued)}`;
}

/**
 * The user a token was issued to and when (ms), or null when it is malformed, for another file,
 * tampered or expired. The caller must still check the user (enabled, unlocked, and the link
 * issued since the password was last set: `file-link-reader.ts`).
 */
export function verifyFileToken(secret: string, fileId: number, token: string, nowMs = Date.now()): { userId: number; issuedAt: number } | null {
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const issuedAt = Number(match[2]);
  const expected = Buffer.from(signature(secret, fileId, userId, issuedAt));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (issuedAt + FILE_TOKEN_SECONDS * 1000 <= nowMs || issuedAt > nowMs + 60_000) return null;
  return { userId, issuedAt };
}
