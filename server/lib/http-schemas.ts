import { Type, type TSchema } from '@sinclair/typebox';
import { collection } from '../../src/wire/common';
import { errorResponseSchema } from './errors';

/** JSON-schema building blocks shared by the route declarations (request, response, OpenAPI). */

const MAX_INT4 = 2147483647;

export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_INT4 } as const;
export const nullableId = { type: ['integer', 'null'] } as const;
export const str = { type: 'string' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const int = { type: 'integer' } as const;

/** `{ id }` path parameters. */
export const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** An object schema that lists its fields but lets further fields through unchanged. */
export function objectOf(properties: Record<string, unknown>, nullable = false) {
  return { type: nullable ? ['object', 'null'] : 'object', properties, additionalProperties: true } as const;
}

/** Query schema of a paged collection plus its own parameters. */
export function pagedQuery(extra: Record<string, unknown> = {}, maxItemsPerPage = 100) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
      itemsPerPage: { type: 'integer', minimum: 1, maximum: maxItemsPerPage, default: 10 },
      ...extra,
    },
  } as const;
}

/** Query schema of a small list: the whole list unless `page`/`itemsPerPage` ask for one page. */
export function smallListQuery(extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1000000 },
      itemsPerPage: { type: 'integer', minimum: 1, maximum: 100 },
      ...extra,
    },
  } as const;
}

/** A search text (`name`, `bankName`, …): at most 100 characters (the UI sends at most 20). */
export const searchText = { type: 'string', maxLength: 100 } as const;

/** Response schema of a `hydra:member` collection of `item`: the wire's `collection` (src/wire/common.ts). */
export function collectionSchema(item: unknown) {
  return collection(item as TSchema);
}

/** A collection whose pages may also be walked by keyset: `nextCursor` when the page was full. */
export function pagedCollectionSchema(item: unknown) {
  return collection(item as TSchema, { nextCursor: Type.Optional(Type.String()) });
}

/** The error replies every authenticated lookup may give. */
export const lookupErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } as const;
