/**
 * Wire shapes of the qualified-invoice registration number check (`GET /invoice_registrations/{number}`,
 * docs/COMPLIANCE.md), written once: the route's params and response schemas (and /api/docs) and
 * both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { nullable } from './common';

/** The path parameters: the number as typed (its form is the answer, not a 400; only its length is bounded). */
export const RegistrationParams = Type.Object({ number: Type.String({ maxLength: 40 }) });
export type RegistrationParams = Static<typeof RegistrationParams>;

/**
 * Whether the number is well formed (`T` + 13 digits with the check digit): `reason` is null when
 * it is, else the message in the request's language; `problem` is `format` or `checkDigit`.
 */
export const RegistrationCheck = Type.Object({
  valid: Type.Boolean(),
  reason: nullable(Type.String()),
  problem: nullable(Type.String({ description: '`format` or `checkDigit`; null when valid' })),
  checked_on: nullable(Type.String({ description: 'The day the check was made and recorded (`YYYY-MM-DD`); null when the number is not even of the form (not recorded)' })),
});
export type RegistrationCheck = Static<typeof RegistrationCheck>;
