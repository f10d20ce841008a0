import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema, notFound, validationFailed } from '../../lib/errors';
import { allowedPushEndpoint } from '../../push/push-origins';
import { doc } from '../route-schemas';
import { IdParams } from '../../../src/wire/common';
import { PushDevice, PushDeviceList, PushPublicKey, PushSubscriptionBody } from '../../../src/wire/push';

/** Devices one user may subscribe (a phone, a laptop, a tablet … and browsers left behind). */
const MAX_DEVICES = 20;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));

function device(row: { id: number; endpoint: string; user_agent: string | null; created_at: Date; last_sent_at: Date | null }): PushDevice {
  return { id: row.id, service: new URL(row.endpoint).host, user_agent: row.user_agent, created_at: row.created_at.toISOString(), last_sent_at: row.last_sent_at?.toISOString() ?? null };
}

/**
 * Web Push subscriptions of the signed-in user (issue 33 item 2; server/push/README.md): the VAPID
 * public key, the user's devices, subscribe (only endpoints on the known push services — the
 * server will call that URL), unsubscribe.
 */
const push: FastifyPluginAsync = async (app) => {
  app.get('/push/public_key', {
    onRequest: app.authenticate,
    schema: { ...doc('The VAPID public key (base64url): the `applicationServerKey` of `pushManager.subscribe`.'), response: { 200: PushPublicKey, ...errors(401) } },
  }, async () => ({ key: (await app.push.keys()).publicKey }));

  app.get('/push/subscriptions', {
    onRequest: app.authenticate,
    schema: { ...doc('The devices the current user subscribed to push, newest first (push service host, browser, since, last push).'), response: { 200: PushDeviceList, ...errors(401) } },
  }, async (request) => {
    const rows = await app.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'user_agent', 'created_at', 'last_sent_at'])
      .where('user_id', '=', request.user.id).orderBy('id', 'desc').execute();
    return { items: rows.map(device) };
  });

  app.post<{ Body: PushSubscriptionBody }>('/push/subscriptions', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Subscribes this device: the body is `PushSubscription.toJSON()`. The endpoint must be on a known push service '
        + '(`PUSH_ALLOWED_ORIGINS`), else 422. The same endpoint again (also after another user signed in on the device) is this user\'s device, once.'),
      body: PushSubscriptionBody,
      response: { 201: PushDevice, ...errors(400, 401, 422) },
    },
  }, async (request, reply) => {
    const { endpoint, keys } = request.body;
    const t = request.t;
    if (!allowedPushEndpoint(endpoint, app.push.allowedOrigins)) throw validationFailed([{ propertyPath: 'endpoint', message: t('server.push.endpointNotAllowed') }]);
    if (Buffer.from(keys.p256dh, 'base64url').length !== 65 || Buffer.from(keys.auth, 'base64url').length !== 16) {
      throw validationFailed([{ propertyPath: 'keys', message: t('server.push.badKeys') }]);
    }
    const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300) || null;
    const row = await app.db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', request.user.id).where('endpoint', '<>', endpoint).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_DEVICES) throw validationFailed([{ propertyPath: 'endpoint', message: t('server.push.tooMany', { max: MAX_DEVICES }) }]);
      return trx.insertInto('push_subscriptions')
        .values({ user_id: request.user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, user_agent: userAgent })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: request.user.id, p256dh: keys.p256dh, auth: keys.auth, user_agent: userAgent }))
        .returning(['id', 'endpoint', 'user_agent', 'created_at', 'last_sent_at']).executeTakeFirstOrThrow();
    });
    return reply.status(201).send(device(row));
  });

  app.delete<{ Params: IdParams }>('/push/subscriptions/:id', {
    onRequest: app.authenticate,
    schema: { ...doc('Unsubscribes one of the current user\'s devices (its queued pushes go with it). Another user\'s device: 404.'), params: IdParams, response: { 204: { type: 'null' }, ...errors(400, 401, 404) } },
  }, async (request, reply) => {
    const gone = await app.db.deleteFrom('push_subscriptions').where('id', '=', request.params.id).where('user_id', '=', request.user.id).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound(request.t('server.errors.notFound', { what: request.t('server.push.entity') }));
    return reply.status(204).send();
  });
};

export default push;
