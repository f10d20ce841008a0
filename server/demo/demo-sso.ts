import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { sealSsoSecret } from '../auth/sso/secret-seal';
import type { Database } from '../db/database';
import { DEMO_PASSWORD } from './seed-data';

/** The demo IdP's defaults (`npm run idp:demo`, scripts/idp-demo.ts): its client and the people it knows. */
export const DEMO_SSO = {
  code: 'SC',
  names: ['Sora Cloud', 'ソラ・クラウド', '天空云'] as const,
  domain: 'sora.example',
  clientId: 'ringi-demo',
  clientSecret: 'ringi-demo-idp-secret',
  /** Hana (company authorizer) is the break-glass admin. Everyone has the demo password, so the demo shows the password route refusing Ken and Mio (SSO required) even with the right one. */
  users: [
    { email: 'hana@sora.example', name: 'Hana Aoki', initials: 'HA', authorizer: true },
    { email: 'ken@sora.example', name: 'Ken Ueda', initials: 'KU', authorizer: false },
    { email: 'mio@sora.example', name: 'Mio Kondo', initials: 'MK', authorizer: false },
  ],
} as const;

/**
 * The demo company whose people sign in through the local demo IdP (`DEMO_IDP_URL`, e.g.
 * http://127.0.0.1:8090 from `npm run idp:demo`): Sora Cloud with its department and three
 * people at sora.example, OIDC against that issuer, SSO required, Hana Aoki (authorizer) the
 * break-glass admin with the demo password; the client secret sealed like any (`secretsKey`). Made once, at start, only when DEMO_IDP_URL is set;
 * the other demo companies and their password logins stay as they are. Answers the company id.
 */
export async function ensureSsoDemo(db: Kysely<Database>, issuer: string, secretsKey: Buffer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('companies').select('id').where('code', '=', DEMO_SSO.code).executeTakeFirst();
    const companyId = existing?.id ?? (await trx.insertInto('companies')
      .values({ code: DEMO_SSO.code, name: DEMO_SSO.names[0], name_ja: DEMO_SSO.names[1], name_zh: DEMO_SSO.names[2], initial_name: DEMO_SSO.code, is_group: false })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (!existing) {
      const department = await trx.insertInto('departments').values({ company_id: companyId, name: 'Operations', name_ja: '業務部', name_zh: '运营部' }).returning('id').executeTakeFirstOrThrow();
      const location = await trx.insertInto('locations').values({ company_id: companyId, address: '4-4 Minato Mirai, Nishi-ku, Yokohama' }).returning('id').executeTakeFirstOrThrow();
      for (const user of DEMO_SSO.users) {
        await trx.insertInto('users').values({
          email: user.email, name: user.name, initial_name: user.initials, company_id: companyId, department_id: department.id, location_id: location.id,
          is_authorizer: user.authorizer, password_hash: await hashPassword(DEMO_PASSWORD, null),
        }).execute();
      }
    }
    const breakGlass = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', DEMO_SSO.users[0].email).executeTakeFirstOrThrow();
    const values = {
      method: 'oidc' as const, sso_required: true, break_glass_user_id: breakGlass.id, email_domains: JSON.stringify([DEMO_SSO.domain]), jit: false,
      oidc_issuer: issuer, oidc_client_id: DEMO_SSO.clientId, oidc_client_secret: sealSsoSecret(secretsKey, DEMO_SSO.clientSecret), updated_at: new Date(),
    };
    await trx.insertInto('company_sign_in').values({ company_id: companyId, ...values }).onConflict((oc) => oc.column('company_id').doUpdateSet(values)).execute();
    return companyId;
  });
}
