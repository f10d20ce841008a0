import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file link works: long enough to open it, short enough that a leaked link dies. */
export const FILE_TOKEN_SECONDS = 10 * 60;

const keyOf = (secret: string) => createHmac('sha256', secret).update('ringi:file-url').digest();

function signature(secret: string, fileId: number, userId: number, expires: number): string {
  return createHmac('sha256', keyOf(secret)).update(`${fileId}.${userId}.${expires}`).digest('base64url');
}

/**
 * A token for `GET /api/files/{id}?token=` (images and new windows cannot send the bearer
 * header): `<userId>.<expires>.<hmac>`, bound to one user and one file, derived from the JWT
 * secret under its own label so it can never pass as a login token.
 */
export function signFileToken(secret: string, fileId: number, userId: number, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + FILE_TOKEN_SECONDS;
  return `${userId}.${expires}.${signature(secret, fileId, userId, expires)}`;
}

/** The user a token was issued to, or null when it is malformed, for another file, tampered or expired. */
export function verifyFileToken(secret: string, fileId: number, token: string, nowMs = Date.now()): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(signature(secret, fileId, userId, expires));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 <= nowMs) return null;
  return userId;
}
