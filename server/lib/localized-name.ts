import { sql, type RawBuilder } from 'kysely';
import type { Lang } from '../../src/engine';

/**
 * The `name` of a master row in the request language: `name_ja`/`name_zh` when filled, else the
 * English `name`. `jaColumn` is `name_jp` for expense accounts (the spec's field name).
 */
export function localizedName(lang: Lang, table: string, jaColumn = 'name_ja'): RawBuilder<string> {
  const name = sql.ref(`${table}.name`);
  if (lang === 'en') return sql<string>`${name}`;
  const translated = sql.ref(`${table}.${lang === 'ja' ? jaColumn : 'name_zh'}`);
  return sql<string>`coalesce(nullif(${translated}, ''), ${name})`;
}
