import type { Kysely } from 'kysely';
import type { Database, SignInMethod } from '../../db/database';

/** A company's sign-in settings as the server uses them (company_sign_in, migration 1200). */
export interface SignInSettings {
  company_id: number;
  method: SignInMethod;
  sso_required: boolean;
  break_glass_user_id: number | null;
  email_domains: string[];
  jit: boolean;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Sealed (server/auth/sso/secret-seal.ts): open it with the SSO secrets key where it is used. */
  oidc_client_secret: string | null;
  saml_metadata_url: string | null;
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificates: string[];
  saml_email_attribute: string | null;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? JSON.parse(value) as string[] : []);

/** The settings of a company: its row, or the default (password, nothing else). */
export async function signInSettings(db: Kysely<Database>, companyId: number): Promise<SignInSettings> {
  const row = await db.selectFrom('company_sign_in').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!row) {
    return {
      company_id: companyId, method: 'password', sso_required: false, break_glass_user_id: null, email_domains: [], jit: false,
      oidc_issuer: null, oidc_client_id: null, oidc_client_secret: null, saml_metadata_url: null, saml_entity_id: null, saml_sso_url: null,
      saml_certificates: [], saml_email_attribute: null,
    };
  }
  const { updated_at: _updated, ...rest } = row;
  return { ...rest, email_domains: asList(row.email_domains), saml_certificates: asList(row.saml_certificates) };
}

/** The domain of an e-mail address, lower case; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  return at > 0 ? email.trim().toLowerCase().slice(at + 1) || null : null;
}

/** The SSO company an e-mail domain belongs to (a company whose method is not password), or null. */
export async function ssoCompanyOfDomain(db: Kysely<Database>, domain: string): Promise<SignInSettings | null> {
  const rows = await db.selectFrom('company_sign_in').select('company_id').where('method', '<>', 'password').execute();
  for (const { company_id } of rows) {
    const settings = await signInSettings(db, company_id);
    if (settings.email_domains.includes(domain)) return settings;
  }
  return null;
}

/** The companies (other than `companyId`) whose settings claim `domain`. */
export async function domainClaimedElsewhere(db: Kysely<Database>, domain: string, companyId: number): Promise<boolean> {
  const rows = await db.selectFrom('company_sign_in').select(['company_id', 'email_domains']).where('company_id', '<>', companyId).execute();
  return rows.some((row) => asList(row.email_domains).includes(domain));
}

/** What a sign-in request's document shows for a newly typed client secret: dots only, none of its characters. */
export const SECRET_SET_MASK = '••••••••';
