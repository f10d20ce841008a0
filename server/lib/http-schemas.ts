import { Type, type TSchema } from '@sinclair/typebox';
import { collection } from '../../src/wire/common';
import { errorResponseSchema } from './errors';

/**
 * Thin helpers over the wire's building blocks for route declarations (the request and response
 * shapes themselves, and `IdParams`, `paging()`, `searchText()`, live in src/wire).
 */

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

/** An OpenAPI summary for a route's schema (FastifySchema does not declare the keyword). */
export const summary = (text: string) => ({ summary: text }) as object;
