import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { privateDir } from './security/private-dir';
import { PROJECT_ROOT } from './lib/project-root';

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… → a pg Pool; undefined → PGlite in `<dataDir>/pgdata`. */
  databaseUrl?: string;
  jwtSecret: string;
  /** smtp(s)://… → nodemailer SMTP; undefined → `.eml` files in `<dataDir>/outbox`. */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  appUrl: string;
  /** Folder of the built web app (`vite build` output). */
  staticDir: string;
  /** Login and forget-password attempts allowed per client IP per minute. */
  loginRateLimit: number;
  /** Minutes a login lock (5 failed attempts) lasts before it lifts by itself; a reset lifts it at once. Default 15. */
  loginLockMinutes?: number;
  /** How often the mail dispatcher looks for pending mail, in ms (0 = only after commits). */
  mailIntervalMs: number;
  /**
   * How often this instance looks for export jobs to resume — queued, or left running by an
   * instance that stopped (lease run out) — in ms (`EXPORT_INTERVAL_MS`, default 30000; 0 = only
   * at start and after a request). Absent = `mailIntervalMs`.
   */
  exportIntervalMs?: number;
  /**
   * How often this instance scans for steps waiting longer than their reminder or escalation
   * time, in ms (`REMINDER_INTERVAL_MS`, default 300000; 0 = never by itself). One instance at a
   * time runs a scan (a lease in `job_leases`). Absent = 0.
   */
  reminderIntervalMs?: number;
  /**
   * How often each instance tries the access log's retention purge, in ms
   * (`ACCESS_LOG_PURGE_INTERVAL_MS`, default 21600000 = 6 h; 0 = never by itself). One instance at a
   * time purges (a lease in `job_leases`). Absent = 0.
   */
  accessLogPurgeIntervalMs?: number;
  /**
   * Live lists (`GET /api/events`, server/live/README.md): the comment line each open stream gets
   * when nothing else was sent, so proxies keep it open, in ms (`LIVE_HEARTBEAT_MS`, default
   * 25000). Absent = 25000.
   */
  liveHeartbeatMs?: number;
  /** Open event streams one user may hold on one instance (`LIVE_STREAMS_PER_USER`, default 5; the oldest is closed). Absent = 5. */
  liveStreamsPerUser?: number;
  /**
   * Years a file taken off a filed document is kept (electronic records, 電子帳簿保存法: 7 by
   * default, `RECORDS_RETENTION_YEARS`, 1–100). Absent = 7.
   */
  recordsRetentionYears?: number;
  /**
   * The key of the electronic records' HMAC seals (`RECORDS_KEY`, at least 32 characters), or a
   * key generated once and kept in `<dataDir>/records-key` (mode 600). The database never holds
   * it, so an entry written without the application fails `GET /records/verify`. Every instance
   * on one database needs the same key. Absent = the data folder's file.
   */
  recordsKey?: string;
  /**
   * Hours between two anchors of the records store (a digest of every document's chain head,
   * written to `<dataDir>/records-anchors/` and mailed to the records contact;
   * `RECORDS_ANCHOR_HOURS`, default 24, 0 = never). Absent = 0.
   */
  recordsAnchorHours?: number;
  /** Who receives the anchor mail (`RECORDS_CONTACT`, comma-separated addresses); absent = the group admins. */
  recordsContact?: string[];
  /** Behind a reverse proxy: take the client IP (rate limits, logs) from X-Forwarded-For. */
  trustProxy: boolean;
  /** Connections in this instance's PostgreSQL pool (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number;
  /** Statements seen again run as prepared statements of each PostgreSQL connection (`DATABASE_PREPARE`, default on; off behind a pooler that does not keep sessions). */
  databasePrepare: boolean;
  /** redis(s)://… → rate limits live in Redis, shared by every instance; undefined → in process. */
  redisUrl?: string;
  /** Prefix of every Redis key this app writes (several apps or tests may share one Redis). */
  redisKeyPrefix: string;
  /** Password hashes computed at once per instance, and how many more may wait (then 503). */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /**
   * One font for every PDF export instead of the shipped ones (`EXPORT_FONT`, a .ttf/.otf/.ttc
   * path, used alone: it must hold every glyph printed); absent = Noto Sans JP and SC from the npm
   * packages @embedpdf/fonts-jp and -sc, chosen by the reader's language (export-files.ts).
   */
  exportFont?: string;
  /**
   * How long (ms) an instance trusts its last read of the definitions revision before reading it
   * again (`DEFINITIONS_CHECK_MS`, default 1000; 0 = before every API request). A publish on
   * this instance takes effect at once; one on another instance within this bound.
   */
  definitionsCheckMs?: number;
  /**
   * Whether seeding an empty database also files the demo's working month of documents
   * (`DEMO_DOCUMENTS`, default true; `0`/`false` seeds the organisation only, as tests need).
   */
  demoDocuments?: boolean;
  /**
   * Uploads at once per instance (`UPLOAD_CONCURRENCY`, default 4), waiting beyond those
   * (`UPLOAD_QUEUE`, default 16; then 503) and running or waiting per user (`UPLOADS_PER_USER`,
   * default 3, held below `UPLOAD_CONCURRENCY`; then 429). See server/files/upload-gate.ts.
   */
  uploadConcurrency?: number;
  uploadQueue?: number;
  uploadsPerUser?: number;
  /**
   * While an upload's body is read: aborted (408, its slot and the user's count released) after
   * `UPLOAD_IDLE_TIMEOUT_MS` without a byte (default 10000), or when fewer than
   * `UPLOAD_MIN_BYTES_PER_SECOND` arrived on average over the last three such periods (default
   * 4096; 0 = no minimum). See server/files/upload-watch.ts.
   */
  uploadIdleTimeoutMs?: number;
  uploadMinBytesPerSecond?: number;
  /**
   * Webhooks may go to http URLs and to private, loopback and link-local addresses
   * (`WEBHOOK_ALLOW_PRIVATE=1`: tests and on-premises set-ups). Absent = false: https on public
   * addresses only, checked at save and after DNS resolution at every send.
   */
  webhookAllowPrivate?: boolean;
  /**
   * Single sign-on may reach IdPs (OIDC discovery, JWKS, token endpoint; SAML metadata URLs) over
   * http and on private, loopback and link-local addresses (`SSO_ALLOW_PRIVATE=1`: tests, the demo
   * IdP, on-premises IdPs). Absent = false: https on public addresses only, checked after DNS
   * resolution on every call (docs/IDENTITY.md).
   */
  ssoAllowPrivate?: boolean;
  /**
   * The local demo IdP's issuer (`DEMO_IDP_URL`, e.g. http://127.0.0.1:8090 from `npm run idp:demo`):
   * at start the demo company Sora Cloud signs in through it (server/demo/demo-sso.ts). Absent: no SSO demo.
   */
  demoIdpUrl?: string;
  /** How often an instance looks for due webhook messages, ms (`WEBHOOK_INTERVAL_MS`, default 10000; 0 = only after write requests). Absent = `mailIntervalMs`. */
  webhookIntervalMs?: number;
  /** Time limit of one webhook attempt, ms (`WEBHOOK_TIMEOUT_MS`, default 10000). */
  webhookTimeoutMs?: number;
  /** Seconds before each retry of a failed webhook (`WEBHOOK_RETRY_SECONDS`, comma-separated; default 30,120,600,3600,21600,86400); then dead-lettered. */
  webhookRetrySeconds?: number[];
  /** Origins of the push services a device's subscription may point at (`PUSH_ALLOWED_ORIGINS`, comma-separated; `https://*.domain` for subdomains). */
  pushAllowedOrigins?: string[];
  /** The VAPID contact (`VAPID_SUBJECT`, `mailto:` or `https:`; default `mailto:` + MAIL_FROM's address). */
  vapidSubject?: string;
  /** A VAPID key pair from the environment (`VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY`); absent = made once and kept in the database. */
  vapidKeys?: { publicKey: string; privateKey: string };
}

/** Thrown for an unusable environment; main.ts prints the message and exits non-zero. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const projectRoot = PROJECT_ROOT;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

/** Reads JWT_SECRET, or a secret generated once and kept in `<dataDir>/jwt-secret` (mode 600). */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters long');
    return given;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The records' seal key: `RECORDS_KEY`, or a key generated once and kept in
 * `<dataDir>/records-key` (mode 600) — never in the database.
 */
export function recordsKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = env.RECORDS_KEY;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('RECORDS_KEY must be at least 32 characters long');
    return given;
  }
  const file = join(dataDir, 'records-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDir(dataDir);
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

function secondsList(env: NodeJS.ProcessEnv, name: string): number[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 0 || n > 604800)) {
    throw new ConfigError(`${name} must be comma-separated whole seconds (0 … 604800), got "${raw}"`);
  }
  return list;
}

function addresses(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const list = raw.split(',').map((a) => a.trim()).filter(Boolean);
  const bad = list.find((a) => !/^[^@\s]+@[^@\s]+$/.test(a));
  if (bad) throw new ConfigError(`${name} must be comma-separated e-mail addresses, got "${bad}"`);
  return list;
}

/** Builds the configuration from the environment (defaults: port 8080, PGlite in ./data). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080, 1, 65535);
  const dataDir = resolve(env.DATA_DIR || './data');
  const logLevel = (env.RINGI_LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`RINGI_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const mailFrom = env.MAIL_FROM || 'Ringi <no-reply@ringi.local>';
  if (!/@/.test(mailFrom)) throw new ConfigError('MAIL_FROM must contain an e-mail address');
  const appUrl = url(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret: jwtSecret(env, dataDir),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    logLevel,
    appUrl: appUrl.replace(/\/+$/, ''),
    staticDir: resolve(env.STATIC_DIR || join(projectRoot, 'dist')),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 20, 1, 100000),
    loginLockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 525600),
    mailIntervalMs: integer(env, 'MAIL_INTERVAL_MS', 30000, 0, 86400000),
    exportIntervalMs: integer(env, 'EXPORT_INTERVAL_MS', 30000, 0, 86400000),
    reminderIntervalMs: integer(env, 'REMINDER_INTERVAL_MS', 300000, 0, 86400000),
    accessLogPurgeIntervalMs: integer(env, 'ACCESS_LOG_PURGE_INTERVAL_MS', 21600000, 0, 604800000),
    liveHeartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 25000, 1000, 3600000),
    liveStreamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', 5, 1, 100),
    recordsRetentionYears: integer(env, 'RECORDS_RETENTION_YEARS', 7, 1, 100),
    recordsKey: recordsKey(env, dataDir),
    recordsAnchorHours: integer(env, 'RECORDS_ANCHOR_HOURS', 24, 0, 8760),
    ...(addresses(env, 'RECORDS_CONTACT') ? { recordsContact: addresses(env, 'RECORDS_CONTACT') } : {}),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databasePrepare: onOff(env, 'DATABASE_PREPARE', true),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'ringi:',
    passwordHashConcurrency: integer(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    passwordHashQueue: integer(env, 'PASSWORD_HASH_QUEUE', 32, 0, 10000),
    definitionsCheckMs: integer(env, 'DEFINITIONS_CHECK_MS', 1000, 0, 60000),
    demoDocuments: !['0', 'false'].includes(env.DEMO_DOCUMENTS ?? ''),
    uploadConcurrency: integer(env, 'UPLOAD_CONCURRENCY', 4, 1, 256),
    uploadQueue: integer(env, 'UPLOAD_QUEUE', 16, 0, 10000),
    uploadsPerUser: integer(env, 'UPLOADS_PER_USER', 3, 1, 1000),
    uploadIdleTimeoutMs: integer(env, 'UPLOAD_IDLE_TIMEOUT_MS', 10000, 100, 600000),
    uploadMinBytesPerSecond: integer(env, 'UPLOAD_MIN_BYTES_PER_SECOND', 4096, 0, 104857600),
    ...(env.EXPORT_FONT ? { exportFont: resolve(env.EXPORT_FONT) } : {}),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    ssoAllowPrivate: env.SSO_ALLOW_PRIVATE === '1' || env.SSO_ALLOW_PRIVATE === 'true',
    ...(url(env, 'DEMO_IDP_URL', ['http:', 'https:']) ? { demoIdpUrl: url(env, 'DEMO_IDP_URL', ['http:', 'https:'])!.replace(/\/+$/, '') } : {}),
    webhookIntervalMs: integer(env, 'WEBHOOK_INTERVAL_MS', 10000, 0, 86400000),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10000, 100, 120000),
    ...(secondsList(env, 'WEBHOOK_RETRY_SECONDS') ? { webhookRetrySeconds: secondsList(env, 'WEBHOOK_RETRY_SECONDS') } : {}),
    ...(pushOrigins(env) ? { pushAllowedOrigins: pushOrigins(env) } : {}),
    ...(env.VAPID_SUBJECT ? { vapidSubject: vapidSubject(env.VAPID_SUBJECT) } : {}),
    ...vapidPair(env),
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

function pushOrigins(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.PUSH_ALLOWED_ORIGINS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const list = raw.split(',').map((o) => o.trim()).filter(Boolean);
  const bad = list.find((o) => !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(o));
  if (bad) throw new ConfigError(`PUSH_ALLOWED_ORIGINS must be comma-separated origins like https://fcm.googleapis.com or https://*.push.apple.com, got "${bad}"`);
  return list;
}

function vapidSubject(raw: string): string {
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(raw)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${raw}"`);
  return raw;
}

function vapidPair(env: NodeJS.ProcessEnv): { vapidKeys?: { publicKey: string; privateKey: string } } {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return {};
  // P-256: a 65-byte uncompressed public point and a 32-byte private scalar, base64url.
  if (!publicKey || !privateKey || Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: a P-256 key pair in base64url (npx web-push generate-vapid-keys)');
  }
  return { vapidKeys: { publicKey, privateKey } };
}
