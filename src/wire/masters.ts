/**
 * Wire shapes of the read-only master data (server/routes/masters: currencies, setting types,
 * contract item types, the small code lists), written once: the routes' schemas (and /api/docs)
 * and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { open, paging, searchText } from './common';

/** A currency (`GET /currencies`, `/currencies/{id}`): its ISO code, name in the request's language and decimals. */
export const Currency = open({ id: Type.Integer(), code: Type.String(), name: Type.String(), decimals: Type.Integer() });
export type Currency = Static<typeof Currency>;

/**
 * An entry of a small code list (`/setting_types`, `/contract_frequencies`, `/corporate_seal_types`,
 * `/collection_sales_evidence_types` and one by id): its code and name in the request's language.
 */
export const CodeName = open({ id: Type.Integer(), code: Type.String(), name: Type.String() });
export type CodeName = Static<typeof CodeName>;

/** A contract item type (`/contract_item_types/module/{module}`, `/contract_item_types/{id}`): a code list entry of one module. */
export const ContractItemType = open({ ...CodeName.properties, module: Type.String() });
export type ContractItemType = Static<typeof ContractItemType>;

/** The path parameters of `GET /contract_item_types/module/{module}`: a module's code or its contract item types' alias (`supplier`, `customer`). */
export const ContractItemTypesParams = Type.Object({ module: Type.String({ maxLength: 50 }) });
export type ContractItemTypesParams = Static<typeof ContractItemTypesParams>;

/** The query of a small list (`/currencies`, `/setting_types`, `/contract_item_types/module/{module}`): the whole list unless a page is asked for. */
export const SmallListQuery = Type.Object(paging('all'));
export type SmallListQuery = Static<typeof SmallListQuery>;

/** The query of a small code list (`/contract_frequencies`, …): a small list searched by name (any language). */
export const CodeListQuery = Type.Object({ ...paging('all'), name: Type.Optional(searchText()) });
export type CodeListQuery = Static<typeof CodeListQuery>;
