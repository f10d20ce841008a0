import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { login } from '../../auth/login';
import { requestPasswordReset, resetPassword } from '../../auth/password-reset';
import { AppError, badRequest, errorResponseSchema, unauthorized } from '../../lib/errors';
import { findUserDetail, profileCounts } from '../../repositories/user-repository';
import { UserDetail } from '../../../src/wire/users';
import { ForgetPasswordBody, LanguageBody, LanguageReply, LoginBody, LoginReply, MessageReply, ResetPasswordBody } from '../../../src/wire/auth';
import { doc } from '../route-schemas';

/** A pragmatic e-mail check (what the UI also asks for); the mail server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login, profile and password reset (spec 000 §2, §6, §8). Login and forget-password are rate
 * limited per client IP (`LOGIN_RATE_LIMIT` per minute).
 */
const auth: FastifyPluginAsync = async (app) => {
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: 60_000 };

  app.post<{ Body: LoginBody }>('/login_check', {
    config: { rateLimit },
    schema: {
      ...doc('Signs in with the e-mail (`username`) and password: the session token, and the user\'s stored language, which the app switches to (the stored choice wins; a user with none stored gets the language the request was sent with, stored now). 403 with `data.sso_required` for a user of a company that requires single sign-on (its break-glass admin excepted).'),
      body: LoginBody,
      response: {
        200: LoginReply,
        400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema,
      },
    },
  }, async (request): Promise<LoginReply> => {
    const token = await login(app.db, app.config.jwtSecret, request.t, request.body.username, request.body.password, app.config.loginLockMinutes, app.config.appUrl,
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? null })
      .catch((error: unknown) => {
        // The failure that locks an account queued a reset mail: send it now.
        if (error instanceof AppError && error.code === 'ACCOUNT_LOCKED') app.mailer.kick();
        throw error;
      });
    // The stored choice wins (issue #31): the app switches to it. A user who never chose one keeps
    // the language they first signed in with (their mails are written in it until they pick another).
    const stored = await app.db.updateTable('users').set({ language: sql<'en' | 'ja' | 'zh'>`coalesce(language, ${request.lang})` })
      .where(sql`lower(email)`, '=', request.body.username.trim().toLowerCase())
      .returning('language').executeTakeFirst();
    return stored?.language ? { token, language: stored.language } : { token };
  });

  app.put<{ Body: LanguageBody }>('/profile/language', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Stores the signed-in user\'s language (en, ja or zh): mails to the user (approval requests, outcomes) are written in it, and the app switches to it at sign-in. Login stores the language it was sent with only while none is stored.'),
      body: LanguageBody,
      response: { 200: LanguageReply, 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request): Promise<LanguageReply> => {
    await app.db.updateTable('users').set({ language: request.body.language }).where('id', '=', request.user.id).execute();
    return { language: request.body.language };
  });

  app.get('/profile', {
    onRequest: app.authenticate,
    schema: { response: { 200: UserDetail, 401: errorResponseSchema } },
  }, async (request) => {
    const user = await findUserDetail(app.db, request.user.id, request.lang);
    if (!user) throw unauthorized(request.t('server.auth.jwtInvalid'));
    return { ...user, ...(await profileCounts(app.db, request.user.company_id)) };
  });

  app.post<{ Body: ForgetPasswordBody }>('/forget_password', {
    config: { rateLimit },
    schema: {
      body: ForgetPasswordBody,
      response: { 200: MessageReply, 400: errorResponseSchema, 429: errorResponseSchema },
    },
  }, async (request): Promise<MessageReply> => {
    if (!EMAIL.test(request.body.email.trim())) throw badRequest(request.t('server.auth.invalidEmail'));
    await requestPasswordReset(app.db, app.config.appUrl, request.t, request.body.email);
    return { message: request.t('server.auth.forgetPasswordSent') };
  });

  app.post<{ Body: ResetPasswordBody }>('/reset_password', {
    config: { rateLimit },
    schema: {
      body: ResetPasswordBody,
      response: { 200: MessageReply, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
    },
  }, async (request): Promise<MessageReply> => {
    await resetPassword(app.db, request.t, request.body.token, request.body.password);
    return { message: request.t('server.auth.passwordChanged') };
  });
};

export default auth;
