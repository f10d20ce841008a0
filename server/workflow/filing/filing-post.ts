import type { ExpressionBuilder, Kysely } from 'kysely';
import { toApiDate, type Lang, type Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { validationFailed } from '../../lib/errors';
import { localizedName } from '../../lib/localized-name';

/**
 * Filing as one of my posts (兼務, issue #36 item 6; docs/MODULES.md "Filing as one of my posts").
 * A user's posts are their main department (`users.department_id`) and the departments of their
 * concurrent posts in effect on the day (`user_posts`, any position or none) — one post per
 * department. A filing names the post it is filed as (`filed_as_department_id`): the route resolves
 * from that department (a relative position such as the head is looked up from it, colleagues are
 * its members) and a form without a company of its own files for that department's company.
 */

/** The wire field of a filing body and of the route preview naming the post. */
export const FILED_AS_FIELD = 'filed_as_department_id';

/** The post a document is filed as: a department of the requester's and its company. */
export interface FilingPost {
  department_id: number;
  company_id: number;
  /**
   * Named by the filing (or stored with the document): the route resolves from this department
   * alone. Not named (the only or the main post): the route starts from the form's department
   * when it is one of the requester's own, else the main one, as before posts were chosen.
   */
  chosen: boolean;
}

/** One of a user's posts as the form's picker shows it. */
export interface UserPost extends Omit<FilingPost, 'chosen'> {
  department_name: string;
  company_name: string;
  /** The position names held there, in the reader's language (none for a plain concurrent post). */
  positions: string[];
  /** The user's main department. */
  main: boolean;
}

/** A concurrent post in effect on `day` (YYYY-MM-DD): open-ended dates count as always. */
function postInEffect(day: string) {
  return (eb: ExpressionBuilder<Database, 'user_posts'>) => eb.and([
    eb.or([eb('user_posts.effective_from', 'is', null), eb('user_posts.effective_from', '<=', day)]),
    eb.or([eb('user_posts.effective_to', 'is', null), eb('user_posts.effective_to', '>=', day)]),
  ]);
}

/**
 * The posts of `userId` on `day` (default today): the main department first, then the concurrent
 * posts' departments by company and name; names in `lang`.
 */
export async function userPosts(db: Kysely<Database>, userId: number, lang: Lang = 'en', day = toApiDate(new Date())!): Promise<UserPost[]> {
  const me = await db.selectFrom('users').select('department_id').where('id', '=', userId).executeTakeFirst();
  if (!me) return [];
  const concurrent = await db.selectFrom('user_posts').select(['department_id', 'position_code']).where('user_id', '=', userId)
    .where(postInEffect(day)).execute();
  const ids = [...new Set([...(me.department_id === null ? [] : [me.department_id]), ...concurrent.map((p) => p.department_id)])];
  if (!ids.length) return [];
  const departments = await db.selectFrom('departments').innerJoin('companies', 'companies.id', 'departments.company_id')
    .select(['departments.id', 'departments.company_id', localizedName(lang, 'departments').as('department_name'), localizedName(lang, 'companies').as('company_name')])
    .where('departments.id', 'in', ids).execute();
  const codes = [...new Set(concurrent.map((p) => p.position_code).filter((c): c is string => c !== null))];
  const positions = codes.length ? await db.selectFrom('positions').select(['company_id', 'code', localizedName(lang, 'positions').as('name')])
    .where('code', 'in', codes).execute() : [];
  const posts = departments.map((d) => ({
    department_id: d.id, company_id: d.company_id, department_name: d.department_name, company_name: d.company_name, main: d.id === me.department_id,
    positions: [...new Set(concurrent.filter((p) => p.department_id === d.id && p.position_code !== null)
      .map((p) => positions.find((x) => x.company_id === d.company_id && x.code === p.position_code)?.name ?? p.position_code!))],
  }));
  return posts.sort((a, b) => Number(b.main) - Number(a.main) || a.company_name.localeCompare(b.company_name)
    || a.department_name.localeCompare(b.department_name) || a.department_id - b.department_id);
}

/**
 * The departments of `userId`'s posts on `day` (their main department and those of their concurrent
 * posts in effect), with each one's company — what filing needs of `userPosts`, in one statement.
 */
async function postDepartments(db: Kysely<Database>, userId: number, day = toApiDate(new Date())!): Promise<Array<Omit<FilingPost, 'chosen'> & { main: boolean }>> {
  const rows = await db.selectFrom('users').innerJoin('departments', (join) => join.on((eb) => eb.or([
    eb('departments.id', '=', eb.ref('users.department_id')),
    eb('departments.id', 'in', eb.selectFrom('user_posts').select('user_posts.department_id').whereRef('user_posts.user_id', '=', 'users.id')
      .where(postInEffect(day))),
  ])))
    .select(['departments.id', 'departments.company_id', 'users.department_id as main_id']).where('users.id', '=', userId).execute();
  return rows.map((r) => ({ department_id: r.id, company_id: r.company_id, main: r.id === r.main_id }));
}

/**
 * The post a filing of `userId` is filed as: the one `filedAs` names (a department id), which must
 * be one of the user's posts today — else 422 at `filed_as_department_id` with what to do; absent
 * (or null): the user's only post, or their main department when they hold several (a caller
 * that does not choose files as before). Null for a user without any post.
 */
export async function filingPost(db: Kysely<Database>, userId: number, filedAs: unknown, t: Translate): Promise<FilingPost | null> {
  const posts = await postDepartments(db, userId);
  if (filedAs === undefined || filedAs === null) {
    const post = posts.length === 1 ? posts[0] : posts.find((p) => p.main);
    return post ? { department_id: post.department_id, company_id: post.company_id, chosen: false } : null;
  }
  const post = Number.isInteger(filedAs) ? posts.find((p) => p.department_id === filedAs) : undefined;
  if (!post) throw validationFailed([{ propertyPath: FILED_AS_FIELD, message: t('server.posts.notYours') }]);
  return { department_id: post.department_id, company_id: post.company_id, chosen: true };
}

/** The `filed_as_department_id` of a filing body (absent when the body is not an object). */
export function filedAsOf(payload: unknown): unknown {
  return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>)[FILED_AS_FIELD] : undefined;
}

/** The post a filed document was filed as (its stored department and that department's company), or null. */
export async function storedPost(db: Kysely<Database>, departmentId: number | null): Promise<FilingPost | null> {
  if (departmentId === null) return null;
  const row = await db.selectFrom('departments').select(['id', 'company_id']).where('id', '=', departmentId).executeTakeFirst();
  return row ? { department_id: row.id, company_id: row.company_id, chosen: true } : null;
}
