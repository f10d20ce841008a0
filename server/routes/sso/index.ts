import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { passwordVersion, signToken } from '../../auth/jwt';
import { finishOidc, oidcRedirectUri, startOidc } from '../../auth/sso/oidc-sign-in';
import { finishSaml, spMetadata, startSaml } from '../../auth/sso/saml-sign-in';
import { emailDomain, signInSettings, ssoCompanyOfDomain, type SignInSettings } from '../../auth/sso/sign-in-settings';
import { linkAndSignIn, type IdpIdentity } from '../../auth/sso/sso-link';
import { SsoRefused } from '../../auth/sso/sso-refusal';
import { accessOrigin, recordAccess } from '../../auth/access-log';
import { takeTicket } from '../../auth/sso/sso-requests';
import { openSsoSecret } from '../../auth/sso/secret-seal';
import { spKeyPair } from '../../auth/sso/sp-keys';
import { errorResponseSchema, notFound, unauthorized } from '../../lib/errors';
import { doc } from '../route-schemas';
import { IdParams } from '../../../src/wire/common';
import { LoginReply } from '../../../src/wire/auth';
import { DiscoverBody, DiscoverReply, SsoExchangeBody } from '../../../src/wire/sign-in';

type Protocol = 'oidc' | 'saml';

const redirectDoc = (text: string) => ({ ...doc(text), response: { 302: Type.Null({ description: 'To the IdP, or back to the app with `sso_ticket` or `sso_error`' }) } });

/**
 * Single sign-on per company (issue #34 items 1–4; docs/IDENTITY.md "Single sign-on"): the
 * login page's e-mail step, the OIDC and SAML round trips, SP metadata,
 * and the ticket exchange that ends every SSO sign-in with Ringi's normal session token. The
 * round trips end in the app's address: `/?sso_ticket=` on success, `/?sso_error=<reason>` on a
 * refusal (the app shows the refusal page); the reason's detail goes to the server log and the
 * access log (`sign_in` with method, IdP, success or reason).
 */
const sso: FastifyPluginAsync = async (app) => {
  const { appUrl } = app.config;
  const allowPrivate = app.config.ssoAllowPrivate === true;
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: 60_000 };
  // The IdP posts SAMLResponse as a form (HTTP-POST binding); only this area reads forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const origin = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  /**
   * Every SSO sign-in attempt goes to the access log (issue #34 item 8): the protocol actually
   * used (the route's: OIDC callback, SAML ACS; for a start, the company's method), the company
   * the address names (when it exists, whether or not its settings could be loaded), its IdP when
   * the company signs in with that protocol, and success or the reason.
   */
  const recordAttempt = async (request: FastifyRequest, protocol: Protocol | null, companyId: number, settings: SignInSettings | null, outcome: { userId?: number; refusal?: SsoRefused }) => {
    const method = protocol ?? (settings?.method === 'oidc' || settings?.method === 'saml' ? settings.method : null);
    const idp = settings && settings.method === method
      ? (method === 'saml' ? settings.saml_entity_id ?? settings.saml_metadata_url : settings.oidc_issuer) : null;
    const origin = accessOrigin(request);
    try {
      const company = settings ? settings.company_id
        : (await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())?.id ?? null;
      await recordAccess(app.db, {
        event: 'sign_in', userId: outcome.userId ?? null, companyId: company, method, idp,
        success: !outcome.refusal, reason: outcome.refusal?.reason ?? null, ip: origin.ip, userAgent: origin.userAgent,
        detail: outcome.refusal ? { detail: outcome.refusal.detail.slice(0, 300), company_id: companyId } : {},
      });
    } catch (error) {
      request.log.error({ err: error }, 'access log entry of an SSO sign-in not recorded');
    }
  };
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: unknown, protocol: Protocol | null, companyId: number, settings: SignInSettings | null) => {
    const refusal = error instanceof SsoRefused ? error : new SsoRefused('failed', (error as Error)?.message ?? String(error));
    request.log.warn({ reason: refusal.reason, detail: refusal.detail }, 'SSO sign-in refused');
    await recordAttempt(request, protocol, companyId, settings, { refusal });
    return reply.redirect(`/?sso_error=${refusal.reason}`, 302);
  };
  const ssoSettings = async (companyId: number): Promise<SignInSettings> => {
    const company = await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
    const settings = company ? await signInSettings(app.db, companyId) : null;
    if (!settings || settings.method === 'password') throw new SsoRefused('not_configured', `company ${companyId} has no SSO`);
    // The client secret is sealed at rest; opened here, for this sign-in only.
    if (settings.oidc_client_secret) {
      try {
        settings.oidc_client_secret = openSsoSecret(app.ssoSecretsKey, settings.oidc_client_secret);
      } catch (error) {
        throw new SsoRefused('not_configured', (error as Error).message);
      }
    }
    return settings;
  };
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, protocol: Protocol, settings: SignInSettings, identity: IdpIdentity) => {
    const { ticket, userId } = await linkAndSignIn(app.db, settings, identity, origin(request));
    await recordAttempt(request, protocol, settings.company_id, settings, { userId });
    return reply.redirect(`/?sso_ticket=${ticket}`, 302);
  };

  app.post<{ Body: DiscoverBody }>('/sign_in/discover', {
    config: { rateLimit },
    schema: {
      ...doc('The login page\'s e-mail step: `sso` with the address to send the browser to when the address\'s domain belongs to a company signing in through its IdP, else `password`. Decided by the domain alone, so it tells nothing about whether an account exists.'),
      body: DiscoverBody,
      response: { 200: DiscoverReply, 400: errorResponseSchema, 429: errorResponseSchema },
    },
  }, async (request): Promise<DiscoverReply> => {
    const email = request.body.email.trim().toLowerCase();
    const domain = emailDomain(email);
    const settings = domain ? await ssoCompanyOfDomain(app.db, domain) : null;
    if (!settings) return { method: 'password' };
    return { method: 'sso', sso_url: `/api/sso/${settings.company_id}/start?login_hint=${encodeURIComponent(email)}`, sso_required: settings.sso_required };
  });

  app.get<{ Params: IdParams; Querystring: { login_hint?: string } }>('/sso/:id/start', {
    config: { rateLimit },
    schema: {
      ...redirectDoc('Starts an SSO sign-in for the company: a redirect to its IdP (OIDC authorization code with PKCE, or a SAML AuthnRequest by HTTP-Redirect, signed with the company\'s SP key: `SigAlg` RSA-SHA256 and `Signature`).'),
      params: IdParams,
      querystring: Type.Object({ login_hint: Type.Optional(Type.String({ maxLength: 254 })) }),
    },
  }, async (request, reply) => {
    let settings: SignInSettings | null = null;
    try {
      settings = await ssoSettings(request.params.id);
      const url = settings.method === 'oidc'
        ? await startOidc(app.db, settings, appUrl, allowPrivate, request.query.login_hint)
        : await startSaml(app.db, settings, appUrl, allowPrivate, await spKeyPair(app.db, app.ssoSecretsKey, settings.company_id));
      return reply.redirect(url, 302);
    } catch (error) {
      return refuse(request, reply, error, null, request.params.id, settings);
    }
  });

  app.get<{ Params: IdParams }>('/sso/:id/oidc/callback', {
    config: { rateLimit },
    schema: {
      ...redirectDoc('The OIDC redirect URI of the company: checks state, code (PKCE), ID token (signature by JWKS, issuer, audience, times ±2 min, nonce), links the user and answers the app\'s address with a one-time ticket, or the refusal\'s reason.'),
      params: IdParams,
      querystring: Type.Object({}, { additionalProperties: true }),
    },
  }, async (request, reply) => {
    let settings: SignInSettings | null = null;
    try {
      settings = await ssoSettings(request.params.id);
      if (settings.method !== 'oidc') throw new SsoRefused('not_configured', 'not an OIDC company');
      const url = new URL(request.url, oidcRedirectUri(appUrl, settings.company_id));
      const callback = new URL(oidcRedirectUri(appUrl, settings.company_id));
      callback.search = url.search;
      return await signedIn(request, reply, 'oidc', settings, await finishOidc(app.db, settings, callback, allowPrivate));
    } catch (error) {
      return refuse(request, reply, error, 'oidc', request.params.id, settings);
    }
  });

  app.post<{ Params: IdParams; Body: { SAMLResponse?: string; RelayState?: string } }>('/sso/:id/saml/acs', {
    config: { rateLimit },
    schema: {
      ...redirectDoc('The SAML assertion consumer service of the company (HTTP-POST, SP- or IdP-initiated): a signed assertion is required; issuer, audience, recipient, NotOnOrAfter and InResponseTo are checked and the assertion ID is remembered until it expires (a replay is refused on every instance).'),
      params: IdParams,
      body: Type.Object({ SAMLResponse: Type.Optional(Type.String({ maxLength: 1_000_000 })), RelayState: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
    },
  }, async (request, reply) => {
    let settings: SignInSettings | null = null;
    try {
      settings = await ssoSettings(request.params.id);
      if (settings.method !== 'saml') throw new SsoRefused('not_configured', 'not a SAML company');
      if (!request.body?.SAMLResponse) throw new SsoRefused('failed', 'no SAMLResponse');
      return await signedIn(request, reply, 'saml', settings, await finishSaml(app.db, settings, appUrl, allowPrivate, request.body.SAMLResponse));
    } catch (error) {
      return refuse(request, reply, error, 'saml', request.params.id, settings);
    }
  });

  app.get<{ Params: IdParams }>('/sso/:id/saml/metadata', {
    schema: {
      ...doc('Ringi\'s SAML SP metadata for the company (entity ID, ACS, NameID format, and the certificate of the company\'s SP signing key with `AuthnRequestsSigned="true"`: AuthnRequests are signed, RSA-SHA256): what the IdP\'s administrator uploads. 404 for an unknown company.'),
      params: IdParams,
      response: { 200: Type.String({ description: 'SAML 2.0 EntityDescriptor (application/samlmetadata+xml)' }), 404: errorResponseSchema },
    },
  }, async (request, reply) => {
    if (!(await app.db.selectFrom('companies').select('id').where('id', '=', request.params.id).executeTakeFirst())) {
      throw notFound(request.t('server.errors.notFound', { what: request.t('server.entities.company') }));
    }
    const xml = await spMetadata(await signInSettings(app.db, request.params.id), appUrl, await spKeyPair(app.db, app.ssoSecretsKey, request.params.id));
    return reply.type('application/samlmetadata+xml').send(xml);
  });

  app.post<{ Body: SsoExchangeBody }>('/sso/exchange', {
    config: { rateLimit },
    schema: {
      ...doc('Exchanges the one-time ticket of an SSO callback (`/?sso_ticket=`, valid 60 s, once) for the session token, exactly what `/login_check` answers. 401 for an unknown, used or expired ticket or a user deactivated since.'),
      body: SsoExchangeBody,
      response: { 200: LoginReply, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
    },
  }, async (request): Promise<LoginReply> => {
    const ticket = await takeTicket(app.db, request.body.ticket);
    const user = ticket ? await app.db.updateTable('users').set({ language: sql<'en' | 'ja' | 'zh'>`coalesce(language, ${request.lang})` })
      .where('id', '=', ticket.user_id).where('disabled', '=', false)
      .returning(['id', 'language', passwordVersion.as('password_version')]).executeTakeFirst() : undefined;
    if (!ticket || !user) throw unauthorized(request.t('server.signIn.errors.ticket'));
    const token = await signToken(user.id, user.password_version, app.config.jwtSecret, ticket.session_id);
    return user.language ? { token, language: user.language } : { token };
  });
};

export default sso;
