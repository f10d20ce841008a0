/**
 * Wire shapes of the related approvals' lookups (spec 001 §2 "Related approval picker", §3, §7;
 * server/routes/related), written once: the routes' response schemas (and /api/docs) and both
 * sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { anyObject, collection, cursor, nullable, open, paging, type Paged } from './common';

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

/** Matches the code, the stamp number and the fields the modules' `ui:module.relatedAs.search` name. */
const search = () => Type.Optional(Type.String({ maxLength: 100 }));

/** The query of `GET /distinct_contract_supplier_accounts`: a page, `search` matching the name, number, bank or branch. */
export const SupplierAccountQuery = Type.Object({ ...paging(), search: search() });
export type SupplierAccountQuery = Paged<typeof SupplierAccountQuery>;

/** The query of `GET /purchases/list`: a page (or the next by `cursor`) and a search text. */
export const RelatedPurchaseQuery = Type.Object({ ...paging(), search: search(), cursor: Type.Optional(cursor()) });
export type RelatedPurchaseQuery = Paged<typeof RelatedPurchaseQuery>;

/** The query of `GET /contracts/list`: that of purchases plus the module whose contracts are listed. */
export const RelatedContractQuery = Type.Object({
  ...paging(),
  search: search(),
  /** A module whose `ui:module.relatedAs.list` is `contracts`; all of them when omitted. */
  module: Type.Optional(Type.String({ maxLength: 64 })),
  cursor: Type.Optional(cursor()),
});
export type RelatedContractQuery = Paged<typeof RelatedContractQuery>;

/**
 * One line of a related approval's item list (a purchase's `purchase_goods`): `id`, the item's
 * 1-based `index`, and the item fields the source module's definition names in
 * `ui:module.relatedAs.items` — a number where the item sub-form's schema says number, else text
 * or null. The names are the definition's (data, not code), so they are not listed here.
 */
export const RelatedItemLine = Type.Unsafe<{ id: number } & Record<string, number | string | null>>(
  Type.Object({ id: Type.Integer() }, { additionalProperties: Type.Unsafe<number | string | null>({ type: ['number', 'string', 'null'] }) }),
);
export type RelatedItemLine = Static<typeof RelatedItemLine>;

/**
 * What every related approval carries: the document's id, code, stamp number and status, and for
 * the picker's row who it is with and how much — `counterparty` (the module's records counterparty,
 * else vendor, fields: the supplier's name, the contract's name; null when it names none) and
 * `amount` (its records amount, else statistics amount, field; null when it names none).
 */
const relatedDocument = {
  id: Type.Integer(), code: Type.String(), stamp_no: nullable(Type.String()), status: Type.Integer(),
  counterparty: Type.Optional(nullable(Type.String())), amount: Type.Optional(nullable(Type.Number())),
};

/**
 * A purchase as a related approval (`GET /purchases/list` member): its currency (the module's
 * `currencyField`) and the members `relatedAs.fields` maps, `total_estimated` and the goods.
 */
export const RelatedPurchase = open({
  ...relatedDocument,
  currency_code: nullable(Type.String()),
  currency_id: nullable(Type.Integer()),
  total_estimated: Type.Number(),
  purchase_goods: Type.Array(RelatedItemLine),
});
export type RelatedPurchase = Static<typeof RelatedPurchase>;

/** `GET /purchases/{id}`: the purchase with its stored form data. */
export const RelatedPurchaseDetail = open({ ...RelatedPurchase.properties, data: anyObject() });
export type RelatedPurchaseDetail = Static<typeof RelatedPurchaseDetail>;

/**
 * The supplier account a contract stores (its `ui:module.relatedAs.accounts` field), with the
 * spec's stored names `bank_name`/`branch_name` — not the `bankName`/`branchName` of the distinct
 * accounts lookup (SupplierAccount), which the spec names differently.
 */
export const ContractSupplierAccount = open({
  name: nullable(Type.String()),
  no: nullable(Type.String()),
  bank_name: nullable(Type.String()),
  branch_name: nullable(Type.String()),
  /** The supplier's qualified-invoice registration number, kept so a payment takes it over. */
  registration_no: nullable(Type.String()),
});
export type ContractSupplierAccount = Static<typeof ContractSupplierAccount>;

/**
 * A contract as a related approval (`GET /contracts/list` member and `GET /contracts/{id}`): its
 * currency code and id, stored data, module, contract item type (`relatedAs.itemType`; `type` is
 * its code), the names `relatedAs.fields` maps and the account `relatedAs.accounts` names.
 */
export const RelatedContract = open({
  ...relatedDocument,
  /** The currency's code. */
  currency: nullable(Type.String()),
  currency_id: nullable(Type.Integer()),
  data: anyObject(),
  module: Type.String(),
  type: nullable(Type.String()),
  contract_name: nullable(Type.String()),
  contract_full_name: nullable(Type.String()),
  supplier_full_name: nullable(Type.String()),
  supplier_account: nullable(ContractSupplierAccount),
  contract_item_type: nullable(open({ code: Type.String(), name: Type.String() })),
});
export type RelatedContract = Static<typeof RelatedContract>;

/** `GET /purchases/list`: a page of purchases; `nextCursor` when the page was full. */
export const RelatedPurchaseCollection = collection(RelatedPurchase, { nextCursor: Type.Optional(Type.String()) });
export type RelatedPurchaseCollection = Static<typeof RelatedPurchaseCollection>;

/** `GET /contracts/list`: a page of contracts; `nextCursor` when the page was full. */
export const RelatedContractCollection = collection(RelatedContract, { nextCursor: Type.Optional(Type.String()) });
export type RelatedContractCollection = Static<typeof RelatedContractCollection>;
