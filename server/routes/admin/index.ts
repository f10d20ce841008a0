import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { lockedSettings } from '../../entities/background-locks';
import { isGroupAdmin } from '../../entities/permissions';
import { found } from '../../lib/found';
import { errorResponseSchema, forbidden } from '../../lib/errors';
import { collectionSchema, lookupErrors } from '../../lib/http-schemas';
import { localizedName } from '../../lib/localized-name';
import { collectionOf, likePattern, paginate, type Collection } from '../../lib/paging';
import { backgroundColumns, backgroundsQuery } from '../../repositories/background-repository';
import { selectUserSummary, usersByName } from '../../repositories/user-repository';
import { IdParams } from '../../../src/wire/common';
import { PicUserQuery, UserSummary } from '../../../src/wire/users';
import { Background, BackgroundQuery, CompanyBackground, LockedSetting, PicType, PicTypeQuery } from '../../../src/wire/organisation';

const withForbidden = { ...lookupErrors, 403: errorResponseSchema } as const;

/** OpenAPI summary (FastifySchema does not declare the keyword). */
const summary = (text: string) => ({ summary: text }) as object;

/**
 * The admin area's lookups (spec 000 §7): background groups (group admins only), the settings a
 * company's background groups lock, pic types, persons-in-charge candidates (also the user
 * multi-select's list) and companies with their background group.
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

  app.get<{ Querystring: PicUserQuery }>('/users/pic', {
    schema: {
      ...summary('Users to choose as person in charge or in a user multi-select (search by name or e-mail)'),
      querystring: PicUserQuery, response: { 200: collectionSchema(UserSummary), ...lookupErrors },
    },
  }, async (request) => {
    let query = usersByName(app.db, request.query.name);
    if (request.query.companyId) query = query.where('users.company_id', '=', request.query.companyId);
    return paginate(query, (q) => selectUserSummary(q, request.lang).orderBy('users.name').orderBy('users.id'), request.query);
  });

  app.get<{ Querystring: BackgroundQuery }>('/companies/background', {
    schema: {
      ...summary('Companies with the background group each belongs to (the group form\'s company picker)'),
      querystring: BackgroundQuery,
      response: { 200: collectionSchema(CompanyBackground), ...lookupErrors },
    },
  }, async (request): Promise<Collection<CompanyBackground>> => {
    let query = app.db.selectFrom('companies');
    if (request.query.name) {
      const pattern = likePattern(request.query.name);
      query = query.where((eb) => eb.or([eb('companies.name', 'ilike', pattern), eb('companies.name_ja', 'ilike', pattern), eb('companies.name_zh', 'ilike', pattern)]));
    }
    return paginate(query, (q) => q.select([
      'companies.id', 'companies.code', localizedName(request.lang, 'companies').as('name'),
      sql<{ id: number; name: string } | null>`(select json_build_object('id', b.id, 'name', b.name) from background_companies bc
        join backgrounds b on b.id = bc.background_id where bc.company_id = companies.id order by b.id limit 1)`.as('background'),
    ]).orderBy('companies.id'), request.query);
  });
};

export default admin;
