/**
 * Building blocks of the wire schemas (src/wire/*): TypeBox only, no server or React imports.
 */
import { Type, type Static, type TNull, type TProperties, type TSchema, type TUnion, type TUnsafe } from '@sinclair/typebox';

/** An object that lists its fields and lets further fields through (as the API always has). */
export const open = <T extends TProperties>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
/**
 * The schema or null. A schema of one JSON type is written `type: [its type, 'null']` (the
 * serializer then writes it directly; `anyOf` would make it validate each value to choose);
 * others become `anyOf` with null.
 */
export const nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> | TUnion<[T, TNull]> =>
  typeof schema.type === 'string'
    ? Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] })
    : Type.Union([schema, Type.Null()]);

/**
 * Any JSON object (stored form data), typed `Record<string, unknown>`. Written
 * `additionalProperties: true`, so the serializer writes every key as it is: `Type.Record`'s
 * `patternProperties: {'^(.*)$'}` would drop a key with a line break in it.
 */
export const anyObject = (options: { description?: string; maxProperties?: number } = {}) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...options });

/**
 * An object whose every value is `value` (keys: data field paths), typed `Record<string, T>`.
 * Written `additionalProperties: value`, so every key is written, as `anyObject` does.
 */
export const recordOf = <T extends TSchema>(value: T, options: { description?: string } = {}) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value, ...options });

/** One of the strings (`{ type: 'string', enum }`, as JSON Schema writes it), typed as their union. */
export const stringEnum = <T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `{ id, name }` of a user or company. */
export const IdName = open({ id: Type.Integer(), name: Type.String() });

/** A database id in a query or body. */
export const dbId = () => Type.Integer({ minimum: 1, maximum: 2147483647 });
/** `{ id }` path parameters: a database id. */
export const IdParams = Type.Object({ id: dbId() });
export type IdParams = Static<typeof IdParams>;
/** A search text in a query (`name`, `bankName`, `search`, …): at most 100 characters (the UI sends at most 20). */
export const searchText = () => Type.String({ maxLength: 100 });
/** A day, `YYYY-MM-DD`. */
export const day = () => Type.String({ format: 'date' });
/** An amount filter. */
export const amount = () => Type.Number({ minimum: -1e15, maximum: 1e15 });
/**
 * The page number and size of a paged list (page 1, `perPage` a page unless asked, at most
 * `maxPerPage`). Optional on the wire (a caller may leave them out, and /api/docs says so); the
 * route's Ajv (`useDefaults`) fills in a missing one before the handler runs, so the handler's
 * type is `Paged<typeof Query>`. `perPage` 'all': no defaults, a small list answers whole unless
 * a page is asked for (the handler's type is then the query's `Static`).
 */
export const paging = (perPage: number | 'all' = 10, maxPerPage = 100) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000, ...(perPage === 'all' ? {} : { default: 1 }) })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPerPage, ...(perPage === 'all' ? {} : { default: perPage }) })),
});
/** A query with `paging()` as its handler reads it: `page` and `itemsPerPage` always there (their defaults filled in). */
export type Paged<T extends TSchema> = Static<T> & { page: number; itemsPerPage: number };
/** A keyset cursor: the previous page's `nextCursor` (at most `maxLength` characters). */
export const cursor = (maxLength = 1200) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]+$' });
/** A sort direction (`sort[field]=asc|desc`). */
export const SortOrder = stringEnum(['asc', 'desc'] as const);
export type SortOrder = Static<typeof SortOrder>;
/** A yes/no query parameter (`isDone`, `unread`, `byGroup`, `includeRetired`): `1`/`true` is yes. */
export const queryFlag = (description?: string) => stringEnum(['0', '1', 'true', 'false'] as const, description ? { description } : {});
export const QueryFlag = queryFlag();
export type QueryFlag = Static<typeof QueryFlag>;

/** A hydra collection of `item`. */
export const collection = <T extends TSchema, P extends TProperties = {}>(item: T, extra?: P) =>
  Type.Object({ 'hydra:member': Type.Array(item), 'hydra:totalItems': Type.Integer(), ...(extra ?? {} as P) });

/**
 * What `collection(item)` describes, for any member type: the envelope of every list the API
 * answers (keyset-paged lists add `nextCursor` when the page was full). The server builds it, the
 * web app and the renderer read it.
 */
export interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
  nextCursor?: string;
}

/** A background export job (status, progress 0–100, row count, the failure's message) with its own fields. */
export const exportJob = <P extends TProperties>(extra: P) => open({
  id: Type.Integer(),
  status: stringEnum(['queued', 'running', 'done', 'failed'] as const),
  progress: Type.Integer(),
  ...extra,
  row_count: nullable(Type.Integer()),
  error: nullable(Type.String()),
  created_at: Type.String(),
  finished_at: nullable(Type.String()),
});
