/**
 * Sign-in settings per company (issue #34 item 1) as organisation data: a company authorizer
 * requests them, the final approval applies them and ends the company's sessions; the client
 * secret never appears in the document or in GET; an SSO-required company refuses its users'
 * passwords except the break-glass admin's.
 */
import { describe, expect, it } from 'vitest';
import { openSsoSecret, sealPlainSsoSecrets } from '../../server/auth/sso/secret-seal';
import { approveEveryStep, wrapperFor } from './admin-fixtures';
import { type WorkflowSuite, workflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

/** The module filing `sign-in` changes, from the definitions in force. */
function moduleOf(kind: string): string {
  const codes = Object.values(s.t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === kind).map((m) => m.code);
  expect(codes).toHaveLength(1);
  return codes[0];
}

const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const SECRET = 'super-secret-client-value-7Kq2';

async function request(company: number, over: Record<string, unknown> = {}) {
  return {
    ...(await wrapperFor(s.t.db, moduleOf('sign-in'), s.users)),
    company_id: company, method: 'oidc', email_domains: 'example.com', sso_required: true, break_glass_email: 'admin@example.com', jit: false,
    oidc_issuer: 'https://login.example.test/tenant/v2.0', oidc_client_id: 'ringi', oidc_client_secret: SECRET, ...over,
  };
}

describe('sign-in settings through approval', () => {
  it('refuses bad settings with a message per field and files nothing', async () => {
    const code = moduleOf('sign-in');
    const rh = await companyId('RH');
    const bad = await s.post('admin', `/api/buffer/${code}/${rh}/edit`, await request(rh, {
      email_domains: 'not a domain!', break_glass_email: 'client@example.com', oidc_issuer: 'nope', oidc_client_secret: null,
    }));
    expect(bad.statusCode, bad.body).toBe(422);
    const paths = bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['email_domains', 'break_glass_email', 'oidc_issuer', 'oidc_client_secret']));
    // Another company's authorizer may not request it (spec 000 §6).
    expect((await s.post('ap.authorizer', `/api/buffer/${code}/${rh}/edit`, await request(rh))).statusCode).toBe(403);
  });

  it('applies on approval, keeps the secret out of the document and GET, and ends the company\'s sessions', async () => {
    const code = moduleOf('sign-in');
    const rh = await companyId('RH');
    const employee = await s.t.login('employee@example.com', 'ringi-demo');
    const filed = await s.post('admin', `/api/buffer/${code}/${rh}/edit`, await request(rh));
    expect(filed.statusCode, filed.body).toBe(201);
    const stored = await s.t.db.selectFrom('buffers').select('data').where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.data)).not.toContain(SECRET);
    // Not even its last four characters: the document says only that one was typed.
    const documentBody = (await s.get('admin', `/api/buffer/${filed.json().id}`)).body;
    expect(documentBody).not.toContain(SECRET.slice(-4));
    expect(JSON.stringify(stored.data)).not.toContain(SECRET.slice(-4));
    // Pending, the secret waits sealed (AES-256-GCM under the key derived from the records key), not in plain text.
    const pending = await s.t.db.selectFrom('sso_secrets').select('secret').where('company_id', '=', rh).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0].secret).not.toContain(SECRET);
    expect(pending[0].secret).toMatch(/^v1\./);
    expect(openSsoSecret(s.t.app.ssoSecretsKey, pending[0].secret)).toBe(SECRET);
    // Pending: nothing changed yet.
    expect((await s.get('admin', `/api/companies/${rh}/sign_in`)).json()).toMatchObject({ method: 'password', sso_required: false });
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const view = await s.get('admin', `/api/companies/${rh}/sign_in`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      method: 'oidc', sso_required: true, email_domains: ['example.com'], oidc_client_id: 'ringi', oidc_client_secret_set: true,
      break_glass: { email: 'admin@example.com' }, oidc_redirect_uri: `http://ringi.test/api/sso/${rh}/oidc/callback`,
    });
    expect(view.body).not.toContain(SECRET.slice(-4));
    // In force, it stays sealed: the pending row moved as it was, and no GET answers any of it.
    const inForce = (await s.t.db.selectFrom('company_sign_in').select('oidc_client_secret').where('company_id', '=', rh).executeTakeFirstOrThrow()).oidc_client_secret!;
    expect(inForce).not.toContain(SECRET);
    expect(openSsoSecret(s.t.app.ssoSecretsKey, inForce)).toBe(SECRET);
    expect(await s.t.db.selectFrom('sso_secrets').select('id').where('company_id', '=', rh).execute()).toHaveLength(0);
    // The employee's session (signed in before the change) has ended.
    const profile = await s.t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${employee}` } });
    expect(profile.statusCode).toBe(401);
    // Another company's authorizer cannot read it.
    expect((await s.get('ap.authorizer', `/api/companies/${rh}/sign_in`)).statusCode).toBe(403);

    // SSO required: the password route refuses the company's users with a clear message, the break-glass admin passes.
    const refused = await s.t.app.inject({ method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'en' }, payload: { username: 'employee@example.com', password: 'ringi-demo' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ data: { sso_required: true } });
    expect(refused.json().message).toMatch(/identity provider/);
    const wrong = await s.t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'employee@example.com', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    const admin = await s.t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin@example.com', password: 'ringi-demo' } });
    expect(admin.statusCode, admin.body).toBe(200);
    // Another company's users (same domain here, other company) still use their password.
    expect((await s.t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'client@example.com', password: 'ringi-demo' } })).statusCode).toBe(200);

    // An edit that leaves the secret empty keeps it; back to password turns SSO off.
    const back = await s.post('admin', `/api/buffer/${code}/${rh}/edit`, await request(rh, { method: 'password', oidc_client_secret: null }));
    expect(back.statusCode, back.body).toBe(201);
    // The next request's record of the settings as they were shows no part of the secret either.
    expect((await s.get('admin', `/api/buffer/${back.json().id}`)).body).not.toContain(SECRET.slice(-4));
    await approveEveryStep(s.t.db, s.post, back.json().id);
    expect((await s.get('admin', `/api/companies/${rh}/sign_in`)).json()).toMatchObject({ method: 'password', sso_required: false });
    expect((await s.t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'employee@example.com', password: 'ringi-demo' } })).statusCode).toBe(200);
  }, 120_000);

  it('seals a client secret stored in plain text by an older version, once', async () => {
    const rt = await companyId('RT');
    await s.t.db.insertInto('company_sign_in').values({ company_id: rt, method: 'oidc', email_domains: JSON.stringify(['rt-plain.test']), oidc_client_secret: 'plain-old-secret' })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ oidc_client_secret: 'plain-old-secret' })).execute();
    expect(await sealPlainSsoSecrets(s.t.db, s.t.app.ssoSecretsKey)).toBe(1);
    const row = await s.t.db.selectFrom('company_sign_in').select('oidc_client_secret').where('company_id', '=', rt).executeTakeFirstOrThrow();
    expect(row.oidc_client_secret).not.toContain('plain-old-secret');
    expect(openSsoSecret(s.t.app.ssoSecretsKey, row.oidc_client_secret!)).toBe('plain-old-secret');
    expect(await sealPlainSsoSecrets(s.t.db, s.t.app.ssoSecretsKey)).toBe(0);
    expect((await s.get('admin', `/api/companies/${rt}/sign_in`)).json()).toMatchObject({ oidc_client_secret_set: true });
    await s.t.db.deleteFrom('company_sign_in').where('company_id', '=', rt).execute();
  });

  it('a domain belongs to one company only', async () => {
    const code = moduleOf('sign-in');
    const rh = await companyId('RH');
    const rt = await companyId('RT');
    await s.t.db.insertInto('company_sign_in').values({ company_id: rt, method: 'oidc', email_domains: JSON.stringify(['trading.test']) }).execute();
    const taken = await s.post('admin', `/api/buffer/${code}/${rh}/edit`, await request(rh, { email_domains: 'holdings.test\ntrading.test' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().violations[0]).toMatchObject({ propertyPath: 'email_domains', message: expect.stringContaining('trading.test') });
  });
});
