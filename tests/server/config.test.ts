import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ringi-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

describe('loadConfig', () => {
  test('defaults: port 8080, all interfaces, PGlite, files for mail, APP_URL from the port', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, smtpUrl: undefined, logLevel: 'info', appUrl: 'http://localhost:8080', loginRateLimit: 20 });
  });

  test('without JWT_SECRET a secret is generated once, kept with mode 600 and reused', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  test('reads the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(), PORT: '9000', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db:5432/ringi', JWT_SECRET: 'a-long-enough-secret',
      SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'Ringi <ringi@example.com>', RINGI_LOG_LEVEL: 'warn', APP_URL: 'https://ringi.example.com/',
    });
    expect(config).toMatchObject({
      port: 9000, host: '127.0.0.1', databaseUrl: 'postgres://u@db:5432/ringi', jwtSecret: 'a-long-enough-secret',
      smtpUrl: 'smtp://mail:25', logLevel: 'warn', appUrl: 'https://ringi.example.com',
    });
  });

  test('statements are prepared per PostgreSQL connection unless DATABASE_PREPARE is off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePrepare).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_PREPARE: 'off' }).databasePrepare).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_PREPARE: ' ON ' }).databasePrepare).toBe(true);
  });

  test('webhooks: public https only, 10 s attempts, the default retry schedule — unless the environment says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ webhookAllowPrivate: false, webhookTimeoutMs: 10000, webhookIntervalMs: 10000 });
    expect(loadConfig({ DATA_DIR: dataDir() }).webhookRetrySeconds).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SECONDS: '5, 60', WEBHOOK_TIMEOUT_MS: '2000' }))
      .toMatchObject({ webhookAllowPrivate: true, webhookRetrySeconds: [5, 60], webhookTimeoutMs: 2000 });
  });

  test('push: the browsers\' push services unless PUSH_ALLOWED_ORIGINS names others; VAPID keys made unless given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).not.toHaveProperty('pushAllowedOrigins');
    expect(loadConfig({ DATA_DIR: dataDir() })).not.toHaveProperty('vapidKeys');
    expect(loadConfig({ DATA_DIR: dataDir(), PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com, https://*.push.example.jp' }).pushAllowedOrigins)
      .toEqual(['https://fcm.googleapis.com', 'https://*.push.example.jp']);
    const pair = { publicKey: Buffer.alloc(65, 4).toString('base64url'), privateKey: Buffer.alloc(32, 7).toString('base64url') };
    expect(loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:it@example.jp' }))
      .toMatchObject({ vapidKeys: pair, vapidSubject: 'mailto:it@example.jp' });
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer between 1 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 16 characters/],
    [{ RINGI_LOG_LEVEL: 'loud' }, /RINGI_LOG_LEVEL must be one of/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp:\/\//],
    [{ LOGIN_RATE_LIMIT: '0' }, /LOGIN_RATE_LIMIT/],
    [{ WEBHOOK_RETRY_SECONDS: '30,soon' }, /WEBHOOK_RETRY_SECONDS must be comma-separated whole seconds/],
    [{ WEBHOOK_TIMEOUT_MS: '0' }, /WEBHOOK_TIMEOUT_MS must be an integer between 100 and 120000/],
    [{ PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com/path' }, /PUSH_ALLOWED_ORIGINS must be comma-separated origins/],
    [{ VAPID_SUBJECT: 'admin' }, /VAPID_SUBJECT must be a mailto: address or an https: URL/],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'short' }, /a P-256 key pair in base64url/],
    [{ DATABASE_PREPARE: 'sometimes' }, /DATABASE_PREPARE must be on or off, got "sometimes"/],
  ])('a bad value is refused with a clear message: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
