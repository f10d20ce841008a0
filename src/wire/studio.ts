/**
 * Wire shapes of the module studio API, written once: the server declares them as response
 * schemas (and so in /api/docs) and the server and the web app take their types from them.
 */
import { Type, type Static } from '@sinclair/typebox';

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

/** One module as the studio lists it (`GET /module-studio/modules`). */
export const StudioModule = Type.Object({
  code: Type.String(),
  kind: Type.Union([Type.Literal('module'), Type.Literal('subform')]),
  version: Type.Integer(),
  disabled: Type.Boolean(),
  title: Type.Record(Type.String(), Type.String()),
});
export type StudioModule = Static<typeof StudioModule>;
