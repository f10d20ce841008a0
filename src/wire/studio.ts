/**
 * Wire shapes of the module studio API, written once: the server declares them as response
 * schemas (and so in /api/docs) and the server and the web app take their types from them.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

import type { Lang, ModuleSource } from '../engine';
import { collection, nullable, stringEnum } from './common';
import { Violation } from './errors';

/** A module code the studio takes: lower-case words joined by hyphens. */
export const StudioModuleCode = Type.String({ minLength: 2, maxLength: 50, pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' });

/** The studio's calls on one module (`/module-definitions/{code}/…`). */
export const StudioCodeParams = Type.Object({ code: StudioModuleCode });
export type StudioCodeParams = Static<typeof StudioCodeParams>;

/** A part of a module's source (a JSON Schema, a UI schema, rules, a locale file…): any JSON object. */
const sourcePart = () => Type.Record(Type.String(), Type.Unknown());

/**
 * The fields of a source, one per field of the engine's `ModuleSource` (`satisfies`: a field added
 * there fails the build until it is listed here).
 */
const sourceFields = {
  code: StudioModuleCode,
  schema: sourcePart(),
  uiSchema: sourcePart(),
  rules: sourcePart(),
  locales: Type.Object({ en: sourcePart(), ja: sourcePart(), zh: sourcePart() } satisfies Record<Lang, TSchema>, { additionalProperties: false }),
  process: nullable(sourcePart()),
  attachments: nullable(sourcePart()),
} satisfies Record<keyof ModuleSource, TSchema>;

/**
 * A module's source, `{ code, schema, uiSchema, rules, locales, process, attachments }`: what
 * `GET /module-definitions/{code}/source` answers and publishing and checking take. The schema
 * lists the fields and leaves each part an open object: a part is a JSON Schema, a UI schema,
 * json-logic… — data the definition checker judges against the engine's meta-schemas (with every
 * problem as part + JSON pointer, 422), which a second TypeBox copy here could only drift from.
 * So its type is the engine's `ModuleSource` (the studio's builder edits that type), not one
 * inferred from these open parts.
 */
export const StudioSource = Type.Unsafe<ModuleSource>(Type.Object(sourceFields, { additionalProperties: false }));
export type StudioSource = Static<typeof StudioSource>;

/** `?version=n` of `GET /module-definitions/{code}/source`: an older published version (for diffs). */
export const StudioSourceQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })) });
export type StudioSourceQuery = Static<typeof StudioSourceQuery>;

/** `POST /module-definitions/check-set`: a draft module first, then new item sub-forms it uses. */
export const StudioCheckSetBody = Type.Object({ sources: Type.Array(StudioSource, { minItems: 1, maxItems: 10 }) }, { additionalProperties: false });
export type StudioCheckSetBody = Static<typeof StudioCheckSetBody>;

/** `POST /module-definitions/judge`: a draft source, a submission body to judge with it, the language of `message`. */
export const StudioJudgeBody = Type.Object({
  source: StudioSource,
  body: Type.Unknown(),
  lang: Type.Optional(stringEnum(['en', 'ja', 'zh'] as const satisfies readonly Lang[])),
}, { additionalProperties: false });
export type StudioJudgeBody = Static<typeof StudioJudgeBody>;

/** What disabling or re-enabling a module answers (`POST /module-definitions/{code}/disable`, `/enable`). */
export const StudioModuleState = Type.Object({ code: Type.String(), disabled: Type.Boolean() });
export type StudioModuleState = Static<typeof StudioModuleState>;

/** The answer of a publish (`POST /module-definitions`, `PUT /module-definitions/{code}`). */
export const Published = Type.Object({
  code: Type.String(),
  /** The module's version number (1, 2, …); unchanged content keeps the latest number. */
  version: Type.Integer({ description: 'Version number of the module (1, 2, …)' }),
  /** The compiled definition's content hash (what a document filed now records). */
  definitionVersion: Type.String({ description: 'Content hash a document filed now records' }),
  /** False when the content equals the latest version (nothing new was stored). */
  created: Type.Boolean({ description: 'False when the body equals the latest version (nothing stored)' }),
  /** Documents of this module still in progress under an older compiled version. */
  inFlightOlder: Type.Integer({ description: 'Documents in progress filed under an older version' }),
  /** Of those, the documents whose filed route (approval steps) differs from the new one: they keep it. */
  inFlightOldRoute: Type.Integer({ description: 'Documents in progress that keep an approval route other than the new one (their filed steps are pinned)' }),
});
export type Published = Static<typeof Published>;

/** One published version (`GET /module-definitions/{code}/versions`). */
export const PublishedVersion = Type.Object({
  version: Type.Integer(),
  content_hash: Type.String(),
  origin: Type.Union([Type.Literal('files'), Type.Literal('studio')]),
  published_by: Type.Optional(Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()])),
  created_at: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
});
export type PublishedVersion = Static<typeof PublishedVersion>;

/** `GET /module-definitions/{code}/versions`, newest first. */
export const PublishedVersionCollection = collection(PublishedVersion);
export type PublishedVersionCollection = Static<typeof PublishedVersionCollection>;

/** One module as the studio lists it (`GET /module-studio/modules`). */
export const StudioModule = Type.Object({
  code: Type.String(),
  kind: Type.Union([Type.Literal('module'), Type.Literal('subform')]),
  version: Type.Integer(),
  disabled: Type.Boolean(),
  title: Type.Record(Type.String(), Type.String()),
});
export type StudioModule = Static<typeof StudioModule>;

/** `GET /module-studio/modules`. */
export const StudioModuleCollection = collection(StudioModule);
export type StudioModuleCollection = Static<typeof StudioModuleCollection>;

/**
 * A checker problem as the studio API reports it: the part and JSON pointer in the source
 * (`/schema/properties/x`), a sentence in the reader's language naming the field by its label and
 * where to fix it (`message`), and the checker's technical text (`detail`: RE2's or Ajv's words).
 */
export const StudioViolation = Type.Object({
  ...Violation.properties,
  detail: Type.Optional(Type.String({ description: 'The checker\'s technical text (JSON pointer, RE2 or meta-schema message): the studio shows it folded below the sentence' })),
});
export type StudioViolation = Static<typeof StudioViolation>;

/** What the checker says of a draft (`POST /module-definitions/check`, `/check-set`): problems (refuse publishing), warnings, documents in progress. */
export const StudioCheck = Type.Object({
  violations: Type.Array(StudioViolation),
  warnings: Type.Array(StudioViolation),
  inFlight: Type.Integer({ description: 'Documents of the module in progress: they keep the version they were filed under' }),
  /** Of those, the documents that keep an approval route other than the draft's. */
  inFlightOldRoute: Type.Integer({ description: 'Of those, the documents whose filed route (approval steps) differs from the draft\'s: they keep it' }),
});
export type StudioCheck = Static<typeof StudioCheck>;

/** `POST /module-definitions/judge`: the ordered violations of a body (with the message in every language), or the definition's problems. */
export const StudioJudgement = Type.Object({
  valid: Type.Boolean(),
  violations: Type.Array(Type.Object({ ...StudioViolation.properties, messages: Type.Record(Type.String(), Type.String()) })),
  definitionProblems: Type.Array(StudioViolation),
});
export type StudioJudgement = Static<typeof StudioJudgement>;
