/**
 * Wire shapes of the compiled module definitions the web app renders from (`GET /module-definitions`,
 * `/module-definitions/{code}`, `/module-definitions/meta-schemas/{part}`), written once: the
 * routes' params, query and response schemas (and /api/docs), the handlers' types and the types the
 * app's definition queries read come from here.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

import type { CompiledModule } from '../engine';
import { collection, stringEnum } from './common';

/**
 * What a compiled module is served as: the engine's `CompiledModule` without its attachment kinds.
 * Those stay on the server (the upload route checks files by them; the app does not read them), as
 * the served JSON has always left them out. A sub-form inside `subForms` is served whole.
 */
type ServedFields = Omit<CompiledModule, 'attachments'>;

/** A part of a definition (a JSON Schema, a UI schema, rules, translations…): any JSON object. */
const part = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

/**
 * The top-level fields of a served module, one per field of `ServedFields` (`satisfies`: a field
 * added to the engine's type fails the build until it is listed here, or deliberately left out above).
 */
const servedFields = {
  code: Type.String(),
  kind: stringEnum(['module', 'subform'] as const),
  version: Type.String({ description: 'Content hash of the compiled definition; a document filed under it records it' }),
  schema: part('JSON Schema of the form data (sub-form schemas inlined, wrapper fields added)'),
  uiSchema: part('UI schema (widgets, order, layout, detail-card layout)'),
  rules: part('json-logic rules: validations, visibility, effects, computed fields'),
  meta: part('What the engine derived: submit path, code prefix, sub-forms, launcher, lists…'),
  subForms: part('Compiled sub-forms by code, each a compiled module'),
  translations: part('This module\'s texts by language (en, ja, zh)'),
  // The route's steps (conditions, approver rules): the process card asks for the route again only when a field they read changes.
  process: Type.Optional(Type.Array(part('One approval step'))),
} satisfies Record<keyof ServedFields, TSchema>;

/**
 * The response schema of a compiled module. It lists the top-level fields and leaves each part an
 * open object: a part is itself a JSON Schema, a UI schema, json-logic… — data checked by the
 * engine's meta-schemas when a definition is published (`GET /module-definitions/meta-schemas/{part}`
 * serves them), which a second TypeBox copy here could only drift from. So its type is the
 * engine's (`ServedFields`), not one inferred from these open parts. No other top-level field is
 * sent (`additionalProperties: false`: the serializer drops it).
 */
export const ServedModule = Type.Unsafe<ServedFields>(Type.Object(servedFields, {
  additionalProperties: false,
  description: 'A compiled module definition (its parts are open: definitions are data)',
}));
export type ServedModule = Static<typeof ServedModule>;

/** `GET /module-definitions`: every module that takes new documents. */
export const ServedModuleCollection = collection(ServedModule);
export type ServedModuleCollection = Static<typeof ServedModuleCollection>;

/** `GET /module-definitions/{code}`: a module or a sub-form by its code. */
export const DefinitionParams = Type.Object({ code: Type.String({ maxLength: 64 }) });
export type DefinitionParams = Static<typeof DefinitionParams>;

/** `?version=`: an older stored version (the content hash a document was filed under). */
export const DefinitionQuery = Type.Object({ version: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,64}$' })) });
export type DefinitionQuery = Static<typeof DefinitionQuery>;

/** The parts of a module definition that have a meta-schema. */
export const META_SCHEMA_PARTS = ['schema', 'uiSchema', 'rules', 'process', 'attachments'] as const;
export type MetaSchemaPart = (typeof META_SCHEMA_PARTS)[number];

/** `GET /module-definitions/meta-schemas/{part}`. */
export const MetaSchemaParams = Type.Object({ part: stringEnum(META_SCHEMA_PARTS) });
export type MetaSchemaParams = Static<typeof MetaSchemaParams>;

/** A part's meta-schema: a JSON Schema document, served as it is (not described again here). */
export const MetaSchema = Type.Record(Type.String(), Type.Unknown(), { description: 'A JSON Schema (the meta-schema of one part of a module definition)' });
export type MetaSchema = Static<typeof MetaSchema>;
