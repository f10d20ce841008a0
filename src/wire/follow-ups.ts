/**
 * Wire shapes of follow-up documents (関連書類, issue #36 item 5; docs/MODULES.md "Follow-up
 * documents"): a document's origin, follow-ups, offers and the difference of their amounts
 * (`GET /buffers/{id}/follow_ups`), the data a follow-up starts with
 * (`GET /buffers/{id}/follow_up_data?module=`) and the decided documents not yet followed up
 * (`GET /follow_ups/pending`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { anyObject, collection, nullable, open, paging, stringEnum, type Paged } from './common';
import { ProcessModuleCode } from './processes';

/** One linked document: the origin of a follow-up, or a follow-up of an origin. */
export const FollowUpLink = open({
  id: Type.Integer(),
  code: Type.String(),
  module_code: Type.String(),
  /** The module's title in the reader's language. */
  title: Type.String(),
  status: Type.Integer({ description: '0 on process, 2 completed, 3 rejected, 10 withdrawn' }),
  application_number: nullable(Type.String()),
  /** The reader may open it (a link); false: shown by its code only. */
  visible: Type.Boolean(),
});
export type FollowUpLink = Static<typeof FollowUpLink>;

/** "Create <module>": a follow-up the reader may start now from this document. */
export const FollowUpOffer = open({ module_code: Type.String(), title: Type.String() });
export type FollowUpOffer = Static<typeof FollowUpOffer>;

/** The follow-up's amount against its origin's (follow-up − origin), rounded by the currency's minor unit. */
export const FollowUpAmounts = open({
  origin: Type.Number(),
  follow_up: Type.Number(),
  difference: Type.Number(),
  currency_code: nullable(Type.String()),
});
export type FollowUpAmounts = Static<typeof FollowUpAmounts>;

/** `GET /buffers/{id}/follow_ups`. */
export const FollowUpsView = open({
  origin: nullable(FollowUpLink),
  difference: nullable(FollowUpAmounts),
  follow_ups: Type.Array(FollowUpLink),
  offers: Type.Array(FollowUpOffer),
});
export type FollowUpsView = Static<typeof FollowUpsView>;

/** `GET /buffers/{id}/follow_up_data?module=`: which follow-up to start. */
export const FollowUpDataQuery = Type.Object({ module: ProcessModuleCode }, { additionalProperties: false });
export type FollowUpDataQuery = Static<typeof FollowUpDataQuery>;

/** The form data a follow-up starts with: exactly the mapped fields and the link (file it with `follow_up_of` = `origin.id`). */
export const FollowUpStart = open({
  module_code: Type.String(),
  origin: open({ id: Type.Integer(), code: Type.String() }),
  data: anyObject(),
});
export type FollowUpStart = Static<typeof FollowUpStart>;

/** `GET /follow_ups/pending`: the reader's own (`mine`, default) or their company's (`company`: authorizer, finance, treasury). */
export const PendingFollowUpQuery = Type.Object({
  scope: Type.Optional(stringEnum(['mine', 'company'] as const, { default: 'mine' })),
  ...paging(10, 50),
}, { additionalProperties: false });
export type PendingFollowUpQuery = Paged<typeof PendingFollowUpQuery> & { scope: 'mine' | 'company' };

/** A decided document whose definition names a follow-up it does not have yet. */
export const PendingFollowUp = open({
  id: Type.Integer(),
  code: Type.String(),
  module_code: Type.String(),
  title: Type.String(),
  application_number: nullable(Type.String()),
  decision_number: nullable(Type.String()),
  requester: open({ id: Type.Integer(), name: Type.String() }),
  completed_at: nullable(Type.String({ format: 'date-time' })),
  amount: nullable(Type.Number()),
  currency_code: nullable(Type.String()),
  /** The follow-ups it still waits for. */
  missing: Type.Array(FollowUpOffer),
});
export type PendingFollowUp = Static<typeof PendingFollowUp>;
export const PendingFollowUpCollection = collection(PendingFollowUp);
