import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';
import { likePattern } from '../lib/paging';

/** Background groups whose name contains the search text (all without one). */
export function backgroundsQuery(db: Kysely<Database>, name?: string) {
  const query = db.selectFrom('backgrounds');
  return name ? query.where('backgrounds.name', 'ilike', likePattern(name)) : query;
}

/**
 * A background group's columns (spec 000 §3): name, companies `[{id, name}]` (also as
 * `background_companies`), and `background_pics` `[{pic_type_id, pic_id, pic_type{id,name}, pic{id,name}}]`.
 */
export function backgroundColumns<Q extends ReturnType<typeof backgroundsQuery>>(query: Q, lang: Lang) {
  return query.select([
    'backgrounds.id', 'backgrounds.name', 'backgrounds.created_at', 'backgrounds.updated_at',
    sql<Array<{ id: number; name: string }>>`coalesce((select json_agg(json_build_object('id', companies.id, 'name', ${localizedName(lang, 'companies')}) order by companies.id)
      from background_companies join companies on companies.id = background_companies.company_id
      where background_companies.background_id = backgrounds.id), '[]'::json)`.as('companies'),
    sql<Array<Record<string, unknown>>>`coalesce((select json_agg(json_build_object('pic_type_id', pic_types.id, 'pic_id', users.id,
        'pic_type', json_build_object('id', pic_types.id, 'name', ${localizedName(lang, 'pic_types')}),
        'pic', json_build_object('id', users.id, 'name', users.name, 'initial_name', users.initial_name)) order by pic_types.id)
      from background_pics join pic_types on pic_types.id = background_pics.pic_type_id join users on users.id = background_pics.pic_id
      where background_pics.background_id = backgrounds.id), '[]'::json)`.as('background_pics'),
  ]);
}
