import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
/** Tokens live 12 hours (docs/ARCHITECTURE.md "Auth"). */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a login token for a user (`sub` = user id). */
export async function signToken(userId: number, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(key(secret));
}

/** The verified claims we use, or null for any bad token (wrong algorithm, signature, expiry, subject). */
export async function verifyToken(token: string, secret: string): Promise<{ userId: number; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || typeof payload.iat !== 'number') return null;
    return { userId, issuedAt: payload.iat };
  } catch {
    return null;
  }
}
