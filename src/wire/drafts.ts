/**
 * Wire shapes of drafts (spec 000 §4 "Shared form behaviour", `GET/POST/DELETE /buffer_temporaries`),
 * written once: the routes' query, body and response schemas (and /api/docs), the handlers' types
 * and the types the web app's draft query and saves use come from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { anyObject } from './common';

/** The module a draft belongs to (the route answers 404 for one that is not a filable module). */
const DraftModuleCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]{0,63}$' });

/** A form's data: any JSON object (its size is checked by the route, its content on submit). */
const DraftData = anyObject();

/** 代理申請 (issue #36): the draft of a filing for this principal, kept apart from the user's own (absent or null: their own). */
const DraftFiledFor = Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()], {
  description: 'The principal a draft of a filing for someone is for (absent: the user\'s own draft)',
}));

/** `GET` and `DELETE /buffer_temporaries?module_code=&filed_for=`: which module's draft, and whose filing. */
export const DraftQuery = Type.Object({ module_code: DraftModuleCode, filed_for: DraftFiledFor }, { additionalProperties: false });
export type DraftQuery = Static<typeof DraftQuery>;

/** `POST /buffer_temporaries`: the module and the form's data, replacing the user's draft of it. */
export const DraftBody = Type.Object({ module_code: DraftModuleCode, data: DraftData, filed_for: DraftFiledFor }, { additionalProperties: false });
export type DraftBody = Static<typeof DraftBody>;

/** The user's draft of a module, as read and as saved: the data and when it was last saved (ISO 8601). */
export const Draft = Type.Object({ module_code: Type.String(), data: DraftData, updated_at: Type.String() });
export type Draft = Static<typeof Draft>;
