import { randomBytes, X509Certificate } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database, SignInMethod } from '../db/database';
import { notFound, validationFailed, type Violation } from '../lib/errors';
import { certificateBody, parseIdpMetadata } from '../auth/sso/saml-metadata';
import { sealSsoSecret } from '../auth/sso/secret-seal';
import { domainClaimedElsewhere, SECRET_SET_MASK, signInSettings } from '../auth/sso/sign-in-settings';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertOrganisationScope } from './organisation-scope';

/** The sign-in request form's data (module with entity kind `sign-in`). */
interface SignInData {
  company_id: number;
  method: SignInMethod;
  email_domains?: string | null;
  sso_required?: boolean;
  break_glass_email?: string | null;
  jit?: boolean;
  oidc_issuer?: string | null;
  oidc_client_id?: string | null;
  oidc_client_secret?: string | null;
  oidc_client_secret_ref?: string | null;
  saml_metadata_url?: string | null;
  saml_metadata_xml?: string | null;
  saml_entity_id?: string | null;
  saml_sso_url?: string | null;
  saml_certificate?: string | null;
  saml_certificate_next?: string | null;
  saml_email_attribute?: string | null;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const text = (value: string | null | undefined) => (value ?? '').trim();

/** The domains of the form's text (one per line, or separated by spaces or commas), lower case, once each. */
export function domainsOf(value: string | null | undefined): string[] {
  return [...new Set(text(value).toLowerCase().split(/[\s,;、，]+/).map((d) => d.replace(/^@/, '')).filter(Boolean))];
}

const isHttpUrl = (value: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A mask the document shows instead of a typed client secret (the secret itself is sealed in `sso_secrets`); older documents kept its last four characters. */
const isMask = (value: string) => value.startsWith('••••');

/** The IdP certificates of a SAML request: the two fields, else the metadata XML's. */
function samlCertificates(data: SignInData): string[] {
  const typed = [certificateBody(data.saml_certificate), certificateBody(data.saml_certificate_next)].filter((c): c is string => c !== null);
  return typed.length ? typed : data.saml_metadata_xml ? parseIdpMetadata(data.saml_metadata_xml).certificates : [];
}

async function violationsOf(db: Kysely<Database>, companyId: number, data: SignInData, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  const v = (propertyPath: string, key: string, params?: Record<string, unknown>) => out.push({ propertyPath, message: t(`server.signIn.errors.${key}`, params) });
  if (data.company_id !== companyId) out.push({ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') });
  if (data.method === 'password') return out;
  const domains = domainsOf(data.email_domains);
  if (!domains.length) v('email_domains', 'domains');
  for (const domain of domains) {
    if (!DOMAIN.test(domain)) v('email_domains', 'domain', { domain });
    else if (await domainClaimedElsewhere(db, domain, companyId)) v('email_domains', 'domainTaken', { domain });
  }
  if (data.sso_required) {
    const email = text(data.break_glass_email).toLowerCase();
    const user = email ? await db.selectFrom('users').select(['id']).where(sql`lower(email)`, '=', email)
      .where('company_id', '=', companyId).where('disabled', '=', false).executeTakeFirst() : undefined;
    if (!user) v('break_glass_email', 'breakGlass');
  }
  if (data.method === 'oidc') {
    if (!isHttpUrl(text(data.oidc_issuer))) v('oidc_issuer', 'issuer');
    if (!text(data.oidc_client_id)) v('oidc_client_id', 'clientId');
    const typed = text(data.oidc_client_secret);
    const current = (await signInSettings(db, companyId)).oidc_client_secret;
    if ((!typed || isMask(typed)) && !current) v('oidc_client_secret', 'clientSecret');
  }
  if (data.method === 'saml') {
    const metadata = data.saml_metadata_xml ? parseIdpMetadata(data.saml_metadata_xml) : null;
    if (data.saml_metadata_xml && !metadata?.entityId) v('saml_metadata_xml', 'metadataXml');
    const url = text(data.saml_metadata_url);
    if (url && !isHttpUrl(url)) v('saml_metadata_url', 'metadataUrl');
    if (!url) {
      if (!text(data.saml_entity_id) && !metadata?.entityId) v('saml_entity_id', 'entityId');
      if (!isHttpUrl(text(data.saml_sso_url) || metadata?.ssoUrl || '')) v('saml_sso_url', 'ssoUrl');
      const certs = samlCertificates(data);
      if (!certs.length) v('saml_certificate', 'certificate');
      certs.forEach((body, i) => {
        const field = i === 0 ? 'saml_certificate' : 'saml_certificate_next';
        let certificate: X509Certificate;
        try {
          certificate = new X509Certificate(Buffer.from(body, 'base64'));
        } catch {
          v(field, 'certificateBad');
          return;
        }
        // An expired certificate would refuse every sign-in signed with its key: said now, not at the first sign-in.
        if (Date.parse(certificate.validTo) <= Date.now()) v(field, 'certificateExpired', { date: new Date(certificate.validTo).toISOString().slice(0, 10) });
      });
      if (certs.length > 2) v('saml_certificate', 'certificateCount');
    }
  }
  return out;
}

/**
 * A company's sign-in settings (issue #34 item 1; `company_sign_in`, migration 1200) changed
 * through approval like the rest of the organisation data: the entity is the company (edit only).
 * Requested by a group admin (any company) or the company's authorizer. A typed OIDC client
 * secret never enters the document: `complete` seals it (server/auth/sso/secret-seal.ts) into
 * `sso_secrets` and leaves a mask without any of its characters and the row's id; `apply` moves
 * the sealed value into `company_sign_in` as it is (never opened on the way). On the final approval the settings are replaced and every live session of the
 * company's people ends (`end_reason` `sign_in`), so each signs in again the new way.
 */
export const signInEntity: EntityHandler = {
  kind: 'sign-in',

  companyScope(user, companyId, t) {
    assertOrganisationScope(user, companyId, t);
  },

  async load(db, id) {
    if (!(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst())) return null;
    const s = await signInSettings(db, id);
    const breakGlass = s.break_glass_user_id
      ? (await db.selectFrom('users').select('email').where('id', '=', s.break_glass_user_id).executeTakeFirst())?.email ?? null : null;
    return {
      company_id: id, method: s.method, email_domains: s.email_domains.join('\n') || null, sso_required: s.sso_required,
      break_glass_email: breakGlass, jit: s.jit, oidc_issuer: s.oidc_issuer, oidc_client_id: s.oidc_client_id,
      oidc_client_secret: null, oidc_client_secret_ref: null,
      saml_metadata_url: s.saml_metadata_url, saml_metadata_xml: null, saml_entity_id: s.saml_entity_id, saml_sso_url: s.saml_sso_url,
      saml_certificate: s.saml_certificates[0] ?? null, saml_certificate_next: s.saml_certificates[1] ?? null, saml_email_attribute: s.saml_email_attribute,
    };
  },

  async authorize(db, request, user, t) {
    const companyId = request.targetId!;
    if (!(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
      throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
    }
    assertOrganisationScope(user, companyId, t);
    const violations = await violationsOf(db, companyId, request.data as unknown as SignInData, t);
    if (violations.length) throw validationFailed(violations);
  },

  async complete(db, formData, ctx) {
    const data = formData as unknown as SignInData;
    const typed = text(data.oidc_client_secret);
    // The reference is the server's alone: a client-sent one is never honoured; a typed mask means "keep".
    if (data.method !== 'oidc' || !typed || isMask(typed)) return { oidc_client_secret: null, oidc_client_secret_ref: null };
    if (!ctx.secretsKey) throw new Error('a sign-in request was filed without the secrets key');
    const id = randomBytes(16).toString('base64url');
    await db.insertInto('sso_secrets').values({ id, company_id: data.company_id, secret: sealSsoSecret(ctx.secretsKey, typed) }).execute();
    return { oidc_client_secret: SECRET_SET_MASK, oidc_client_secret_ref: id };
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as SignInData;
    const companyId = change.targetId!;
    const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!company) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    const current = await signInSettings(trx, companyId);
    let secret = current.oidc_client_secret;
    if (data.oidc_client_secret_ref) {
      const row = await trx.deleteFrom('sso_secrets').where('id', '=', data.oidc_client_secret_ref).where('company_id', '=', companyId)
        .returning('secret').executeTakeFirst();
      if (!row) throw illegalTransition(ctx.t('server.signIn.errors.secretGone'));
      secret = row.secret;
    }
    const sso = data.method !== 'password';
    const breakGlass = sso && data.sso_required
      ? await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', text(data.break_glass_email).toLowerCase())
        .where('company_id', '=', companyId).where('disabled', '=', false).executeTakeFirst()
      : undefined;
    if (sso && data.sso_required && !breakGlass) throw illegalTransition(ctx.t('server.signIn.errors.breakGlass'));
    const metadata = data.saml_metadata_xml ? parseIdpMetadata(data.saml_metadata_xml) : null;
    const values = {
      method: data.method,
      sso_required: sso && data.sso_required === true,
      break_glass_user_id: breakGlass?.id ?? null,
      email_domains: JSON.stringify(domainsOf(data.email_domains)),
      jit: sso && data.jit === true,
      oidc_issuer: data.method === 'oidc' ? text(data.oidc_issuer) : null,
      oidc_client_id: data.method === 'oidc' ? text(data.oidc_client_id) : null,
      oidc_client_secret: data.method === 'oidc' ? secret : null,
      saml_metadata_url: data.method === 'saml' ? text(data.saml_metadata_url) || null : null,
      saml_entity_id: data.method === 'saml' ? text(data.saml_entity_id) || metadata?.entityId || null : null,
      saml_sso_url: data.method === 'saml' ? text(data.saml_sso_url) || metadata?.ssoUrl || null : null,
      saml_certificates: JSON.stringify(data.method === 'saml' ? samlCertificates(data).slice(0, 2) : []),
      saml_email_attribute: data.method === 'saml' ? text(data.saml_email_attribute) || null : null,
      updated_at: new Date(),
    };
    await trx.insertInto('company_sign_in').values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values)).execute();
    // A sign-in setting change ends the company's sessions (issue #34 item 7).
    await trx.updateTable('user_sessions').set({ ended_at: new Date(), end_reason: 'sign_in', ended_by: change.requesterId })
      .where('ended_at', 'is', null)
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.company_id', '=', companyId))
      .execute();
    return companyId;
  },
};
