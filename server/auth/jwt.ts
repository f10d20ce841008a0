import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';

const ALGORITHM = 'HS256';
/** Tokens live 12 hours (docs/ARCHITECTURE.md "Auth"). */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs a login token for a user (`sub` = user id). `pv` is the user's password version (when
 * the password was last set, in ms): a password reset changes it and so ends older sessions.
 * `sid` is the sign-in's row in `user_sessions` (a signed-in device the user sees and may end);
 * tokens the server's own tools sign without one (demo data, benchmarks) are no listed session.
 */
export async function signToken(userId: number, passwordVersion: number, secret: string, sessionId?: string): Promise<string> {
  return new SignJWT({ pv: passwordVersion, ...(sessionId ? { sid: sessionId } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(key(secret));
}

/** Verified tokens per secret (LRU by insertion), so a session's next requests skip the HMAC job. */
const verified = new Map<string, Map<string, { userId: number; passwordVersion: number; sessionId: string | null; exp: number }>>();
const VERIFIED_MAX = 5000;

/**
 * The verified claims we use, or null for any bad token (wrong algorithm, signature, expiry, subject).
 * A token that verified once is remembered (up to 5,000 per secret) with its expiry, which is
 * still checked on every use: the answer for a (secret, token) pair cannot change otherwise, and
 * what can (password changed, user disabled or locked) is checked against the user row per request.
 */
export async function verifyToken(token: string, secret: string): Promise<{ userId: number; passwordVersion: number; sessionId: string | null } | null> {
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return { userId: hit.userId, passwordVersion: hit.passwordVersion, sessionId: hit.sessionId };
    known!.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || typeof payload.pv !== 'number') return null;
    if (payload.sid !== undefined && (typeof payload.sid !== 'string' || payload.sid.length < 16 || payload.sid.length > 64)) return null;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    if (!known) verified.set(secret, (known = new Map()));
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, { userId, passwordVersion: payload.pv, sessionId, exp: payload.exp! });
    return { userId, passwordVersion: payload.pv, sessionId };
  } catch {
    return null;
  }
}

/** The password version of `users` rows as the tokens carry it (ms since the epoch). */
export const passwordVersion = sql<number>`floor(extract(epoch from users.password_changed_at) * 1000)::float8`;
