import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { WorkLimiter } from '../lib/work-limiter';

/** OWASP's scrypt parameters (N=2^17, r=8, p=1): ~128 MiB and a few hundred ms per hash. */
const DEFAULTS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * Every scrypt of this process goes through here: each costs ~128 MiB and a core for a few
 * hundred ms, so a login storm runs two at a time and queues 32 more; beyond that the server
 * answers 503 with Retry-After instead of growing. `buildApp` applies the configured limits.
 */
export const passwordLimiter = new WorkLimiter('password hashing', { concurrency: 2, maxQueue: 32, retryAfterSeconds: 2 });

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }, limiter: WorkLimiter | null = passwordLimiter): Promise<Buffer> {
  // maxmem must exceed 128·N·r or node refuses the parameters.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  const work = () => new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      (error ? reject(error) : resolve(key)));
  });
  return limiter ? limiter.run(work) : work();
}

/**
 * Hashes a password into a self-describing string `scrypt$N$r$p$salt$hash` (base64url), so the
 * parameters can be raised later without breaking stored hashes. `limiter: null` is for work
 * outside requests (the demo seed before the server listens).
 */
export async function hashPassword(password: string, limiter: WorkLimiter | null = passwordLimiter): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULTS, limiter);
  return ['scrypt', DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check for a login whose account does not exist, so response
 * times do not reveal which e-mail addresses have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('ringi-dummy-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
