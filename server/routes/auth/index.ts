import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { login } from '../../auth/login';
import { MAX_PASSWORD_LENGTH, requestPasswordReset, resetPassword } from '../../auth/password-reset';
import { AppError, badRequest, errorResponseSchema, unauthorized } from '../../lib/errors';
import { findUserDetail, profileCounts } from '../../repositories/user-repository';
import { UserDetail } from '../../../src/wire/users';
import { doc } from '../../workflow/schemas';

/** A pragmatic e-mail check (what the UI also asks for); the mail server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const messageSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/**
 * Login, profile and password reset (spec 000 §2, §6, §8). Login and forget-password are rate
 * limited per client IP (`LOGIN_RATE_LIMIT` per minute).
 */
const auth: FastifyPluginAsync = async (app) => {
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: 60_000 };

  app.post<{ Body: { username: string; password: string } }>('/login_check', {
    config: { rateLimit },
    schema: {
      body: {
        type: 'object', required: ['username', 'password'],
        properties: { username: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH } },
      },
      response: {
        200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
        400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema,
      },
    },
  }, async (request) => {
    const token = await login(app.db, app.config.jwtSecret, request.t, request.body.username, request.body.password, app.config.loginLockMinutes, app.config.appUrl)
      .catch((error: unknown) => {
        // The failure that locks an account queued a reset mail: send it now.
        if (error instanceof AppError && error.code === 'ACCOUNT_LOCKED') app.mailer.kick();
        throw error;
      });
    // The language the user signs in with is the one their mails are written in (until they pick another).
    await app.db.updateTable('users').set({ language: request.lang }).where(sql`lower(email)`, '=', request.body.username.trim().toLowerCase()).execute();
    return { token };
  });

  app.put<{ Body: { language: 'en' | 'ja' | 'zh' } }>('/profile/language', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Stores the signed-in user\'s language (en, ja or zh): mails to the user (approval requests, outcomes) are written in it. Login stores the language it was sent with.'),
      body: { type: 'object', required: ['language'], additionalProperties: false, properties: { language: { type: 'string', enum: ['en', 'ja', 'zh'] } } },
      response: { 200: { type: 'object', required: ['language'], properties: { language: { type: 'string' } } }, 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request) => {
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

  app.post<{ Body: { email: string } }>('/forget_password', {
    config: { rateLimit },
    schema: {
      body: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 } } },
      response: { 200: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
    },
  }, async (request) => {
    if (!EMAIL.test(request.body.email.trim())) throw badRequest(request.t('server.auth.invalidEmail'));
    if (await requestPasswordReset(app.db, app.config.appUrl, request.t, request.body.email)) app.mailer.kick();
    return { message: request.t('server.auth.forgetPasswordSent') };
  });

  app.post<{ Body: { token: string; password: string } }>('/reset_password', {
    config: { rateLimit },
    schema: {
      body: {
        type: 'object', required: ['token', 'password'],
        properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH } },
      },
      response: { 200: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
    },
  }, async (request) => {
    await resetPassword(app.db, request.t, request.body.token, request.body.password);
    return { message: request.t('server.auth.passwordChanged') };
  });
};

export default auth;
