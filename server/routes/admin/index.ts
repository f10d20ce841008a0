import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { lockedSettings } from '../../entities/background-locks';
import { isGroupAdmin } from '../../entities/permissions';
import { found } from '../../lib/found';
import { errorResponseSchema, forbidden } from '../../lib/errors';
import { collectionSchema, lookupErrors, summary } from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { collectionOf, paginate, type Collection } from '../../lib/paging';
import { backgroundColumns, backgroundsQuery } from '../../repositories/background-repository';
import { IdParams } from '../../../src/wire/common';
import { Background, BackgroundQuery, LockedSetting, PicType, PicTypeQuery } from '../../../src/wire/organisation';

const withForbidden = { ...lookupErrors, 403: errorResponseSchema } as const;

/**
 * The admin area's lookups (spec 000 §7): background groups (group admins only), the settings a
 * company's background groups lock and pic types. (Persons-in-charge candidates are
 * `GET /users/pic` in routes/users; companies with their background group
 * `GET /companies/background` in routes/companies: one folder per URL prefix.)
 */
const admin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const groupAdminsOnly = async (request: FastifyRequest) => {
    if (!isGroupAdmin(request.user)) throw forbidden(request.t('server.admin.errors.groupAdminsOnly'));
  };

  app.get<{ Querystring: BackgroundQuery }>('/backgrounds', {
    preHandler: groupAdminsOnly,
    schema: { ...summary('Background groups'), querystring: BackgroundQuery, response: { 200: collectionSchema(Background), ...withForbidden } },
  }, async (request) => paginate(backgroundsQuery(app.db, request.query.name), (q) => backgroundColumns(q, request.lang).orderBy('backgrounds.name').orderBy('backgrounds.id'), request.query));

  app.get<{ Params: IdParams }>('/backgrounds/:id', {
    preHandler: groupAdminsOnly,
    schema: { ...summary('One background group'), params: IdParams, response: { 200: Background, ...withForbidden } },
  }, async (request) => found(
    await backgroundColumns(backgroundsQuery(app.db).where('backgrounds.id', '=', request.params.id), request.lang).executeTakeFirst(),
    request.t, 'background',
  ));

  app.get<{ Params: IdParams }>('/backgrounds/setting/:id', {
    schema: {
      ...summary('Settings locked by background groups for the users of company {id}'),
      params: IdParams, response: { 200: collectionSchema(LockedSetting), ...lookupErrors },
    },
  }, async (request): Promise<Collection<LockedSetting>> => {
    found(await app.db.selectFrom('companies').select('id').where('id', '=', request.params.id).executeTakeFirst(), request.t, 'company');
    return collectionOf(await lockedSettings(app.db, request.params.id));
  });

  app.get<{ Querystring: PicTypeQuery }>('/pic_types', {
    schema: { ...summary('Person-in-charge types'), querystring: PicTypeQuery, response: { 200: collectionSchema(PicType), ...lookupErrors } },
  }, async (request): Promise<Collection<PicType>> => paginate(app.db.selectFrom('pic_types'),
    (q) => q.select(['id', 'code', 'setting_type_id', localizedName(request.lang, 'pic_types').as('name')]).orderBy('id'), request.query));

  app.get<{ Params: IdParams }>('/pic_types/:id', {
    schema: { ...summary('One person-in-charge type'), params: IdParams, response: { 200: PicType, ...lookupErrors } },
  }, async (request): Promise<PicType> => found(
    await app.db.selectFrom('pic_types').select(['id', 'code', 'setting_type_id', localizedName(request.lang, 'pic_types').as('name')])
      .where('id', '=', request.params.id).executeTakeFirst(),
    request.t, 'picType',
  ));
};

export default admin;
