/**
 * Wire shapes of the module studio API, written once: the server declares them as response
 * schemas (and so in /api/docs) and the server and the web app take their types from them.
 */
import { Type, type Static } from '@sinclair/typebox';

import { Violation } from './errors';

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

/** A checker problem as the studio API reports it: the part and JSON pointer in the source (`/schema/properties/x`), the message. */
export const StudioViolation = Violation;
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
