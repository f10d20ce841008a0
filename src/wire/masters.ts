/**
 * Wire shapes of the read-only master data (`/currencies`, server/routes/masters), written once:
 * the routes' response schemas (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { open } from './common';

/** A currency (`GET /currencies`, `/currencies/{id}`): its ISO code, name in the request's language and decimals. */
export const Currency = open({ id: Type.Integer(), code: Type.String(), name: Type.String(), decimals: Type.Integer() });
export type Currency = Static<typeof Currency>;
