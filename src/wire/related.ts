/**
 * Wire shapes of the related approvals' lookups (spec 001 §2 "Related approval picker", §3, §7;
 * server/routes/related), written once: the routes' response schemas (and /api/docs) and both
 * sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { nullable, open } from './common';

/**
 * A distinct supplier account of earlier supplier contracts (`GET /distinct_contract_supplier_accounts`),
 * with the supplier's qualified-invoice registration number when a contract kept one.
 */
export const SupplierAccount = open({
  name: nullable(Type.String()),
  no: nullable(Type.String()),
  bankName: nullable(Type.String()),
  branchName: nullable(Type.String()),
  registration_no: nullable(Type.String()),
});
export type SupplierAccount = Static<typeof SupplierAccount>;
