/**
 * Wire shapes of the organisation lookups (spec 000 §7, 001 §7; issue #20): companies with their
 * departments and locations, bank and expense accounts, positions, calendars and background
 * groups, written once: the server's response schemas (and /api/docs) and both sides' types come
 * from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { IdName, QueryFlag, collection, cursor, dbId, nullable, open, paging, searchText, stringEnum, type Paged } from './common';

/** A company of `/companies`, `/companies-external`, `/my-company` with the counts the lists show. */
export const Company = open({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  initial_name: Type.String(),
  is_group: Type.Boolean(),
  colleague_count: Type.Integer(),
  count_company_bank_accounts: Type.Integer(),
});
export type Company = Static<typeof Company>;

/** A department of a company. */
export const Department = open({ id: Type.Integer(), name: Type.String() });
export type Department = Static<typeof Department>;

/** `GET /departments/{id}`: the department with its company's id. */
export const DepartmentDetail = open({ ...Department.properties, company_id: Type.Integer() });
export type DepartmentDetail = Static<typeof DepartmentDetail>;

/** A location of a company. */
export const Location = open({ id: Type.Integer(), address: Type.String() });
export type Location = Static<typeof Location>;

/** `GET /companies/{id}`: the company with its departments and locations. */
export const CompanyDetail = open({
  ...Company.properties,
  /** `MM-DD`: the day the company's fiscal year starts (document numbering resets then; issue #36 item 1). */
  fiscal_year_start: Type.Optional(Type.String()),
  departments: Type.Array(Department), locations: Type.Array(Location),
});
export type CompanyDetail = Static<typeof CompanyDetail>;

/** A bank account of a company (the number masked unless finance or treasury of its company). */
export const BankAccount = open({
  id: Type.Integer(),
  company_id: Type.Integer(),
  bank_name: Type.String(),
  branch: Type.String(),
  number: Type.String(),
  type: Type.String(),
  company: open({ id: Type.Integer(), name: Type.String(), code: Type.String() }),
});
export type BankAccount = Static<typeof BankAccount>;

/**
 * An expense account as the spec names it: `name` (English), `name_jp`, `name_zh` — the
 * statistics form edits all three — plus `label`, the name in the request's language.
 */
export const ExpenseAccount = open({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  name_jp: Type.String(),
  name_zh: Type.String(),
  label: Type.String(),
  company_id: Type.Integer(),
  module_type: Type.String(),
  is_transportation: Type.Boolean(),
});
export type ExpenseAccount = Static<typeof ExpenseAccount>;

/**
 * The filters of `GET /expense_accounts` (paged) and `/expense_accounts_all`: `moduleCode` (the
 * route checks it names a module with `ui:module.expenseAccounts`, else 400), the company, and a
 * search text over the names and the code.
 */
export const ExpenseAccountFilters = Type.Object({
  moduleCode: Type.Optional(Type.String({ maxLength: 64 })),
  companyId: Type.Optional(dbId()),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ExpenseAccountFilters = Static<typeof ExpenseAccountFilters>;

/** The query of `GET /expense_accounts`: a page of the filtered accounts. */
export const ExpenseAccountQuery = Type.Object({ ...paging(), ...ExpenseAccountFilters.properties });
export type ExpenseAccountQuery = Paged<typeof ExpenseAccountQuery>;

const name = () => Type.Optional(searchText());
const next = () => Type.Optional(cursor());

/** `GET /companies`: by name, the group's companies only with `byGroup`; pages of up to 99999 (spec 000 §9), or by cursor. */
export const CompanyQuery = Type.Object({ ...paging(10, 99999), name: name(), byGroup: Type.Optional(QueryFlag), cursor: next() });
export type CompanyQuery = Paged<typeof CompanyQuery>;

/** `GET /companies-external`: by name; pages of up to 99999 (spec 000 §9), or by cursor. */
export const ExternalCompanyQuery = Type.Object({ ...paging(10, 99999), name: name(), cursor: next() });
export type ExternalCompanyQuery = Paged<typeof ExternalCompanyQuery>;

/** `GET /companies/bank_accounts`: by bank name, of one company. */
export const BankAccountQuery = Type.Object({ ...paging(), bankName: name(), companyId: Type.Optional(dbId()), cursor: next() });
export type BankAccountQuery = Paged<typeof BankAccountQuery>;

/** `GET /company_bank_accounts_list/{id}`: the company's accounts by bank name. */
export const CompanyBankAccountQuery = Type.Object({ ...paging(), bankName: name(), cursor: next() });
export type CompanyBankAccountQuery = Paged<typeof CompanyBankAccountQuery>;

/** A page of a list searched by name, or the next by cursor: `GET /companies/{id}/departments`, `/my-organization`. */
export const NamePageQuery = Type.Object({ ...paging(), name: name(), cursor: next() });
export type NamePageQuery = Paged<typeof NamePageQuery>;

/** `GET /companies/{id}/locations`: a page, or the next by cursor. */
export const LocationQuery = Type.Object({ ...paging(), cursor: next() });
export type LocationQuery = Paged<typeof LocationQuery>;

/** `GET /backgrounds` and `/companies/background`: by name; pages of up to 99999 (spec 000 §9). */
export const BackgroundQuery = Type.Object({ ...paging(10, 99999), name: name() });
export type BackgroundQuery = Paged<typeof BackgroundQuery>;

/** `GET /pic_types`: a page. */
export const PicTypeQuery = Type.Object(paging());
export type PicTypeQuery = Paged<typeof PicTypeQuery>;

/** The state of a position today: in effect, starting later, or retired. */
export const POSITION_STATES = ['active', 'scheduled', 'retired'] as const;

/** A company's position (`GET /companies/{id}/positions`): the name in the request language and in each, its dates and state, how many posts hold it. */
export const Position = open({
  id: Type.Integer(),
  company_id: Type.Integer(),
  code: Type.String(),
  /** In the request language. */
  name: Type.String(),
  name_en: Type.String(),
  name_ja: nullable(Type.String()),
  name_zh: nullable(Type.String()),
  effective_from: nullable(Type.String()),
  retired_on: nullable(Type.String()),
  state: stringEnum(POSITION_STATES),
  /** Posts holding it today or later. */
  holders: Type.Integer(),
});
export type Position = Static<typeof Position>;

/** `GET /companies/{id}/positions`. */
export const PositionCollection = open(collection(Position).properties);
export type PositionCollection = Static<typeof PositionCollection>;

/** The query of `GET /companies/{id}/positions`: retired positions too when `includeRetired` is yes. */
export const PositionsQuery = Type.Object({ includeRetired: Type.Optional(QueryFlag) }, { additionalProperties: false });
export type PositionsQuery = Static<typeof PositionsQuery>;

/** A company's calendar (`GET /companies/{id}/calendar?year=`): weekend days, time zone, holidays (`working`: a weekend date that is worked). */
export const CompanyCalendar = open({
  company_id: Type.Integer(),
  weekend_days: Type.Array(Type.Integer()),
  time_zone: Type.String(),
  holidays: Type.Array(open({
    date: Type.String(), name: Type.String(), working: Type.Boolean(),
    name_en: Type.String(), name_ja: nullable(Type.String()), name_zh: nullable(Type.String()),
  })),
});
export type CompanyCalendar = Static<typeof CompanyCalendar>;

/** The query of `GET /companies/{id}/calendar`: the holidays of one `year` (without it, every stored one). */
export const CompanyCalendarQuery = Type.Object({ year: Type.Optional(Type.Integer({ minimum: 1970, maximum: 9999 })) }, { additionalProperties: false });
export type CompanyCalendarQuery = Static<typeof CompanyCalendarQuery>;

/** A background group (`/backgrounds`): its companies and the persons in charge it sets. */
export const Background = open({
  id: Type.Integer(),
  name: Type.String(),
  companies: Type.Array(IdName),
  background_pics: Type.Array(open({ pic_type_id: Type.Integer(), pic_id: Type.Integer(), pic_type: IdName, pic: IdName })),
});
export type Background = Static<typeof Background>;

/** A person-in-charge type (`/pic_types`): a background group sets one person per type; one that names a setting type decides that approver. */
export const PicType = open({ id: Type.Integer(), code: Type.String(), name: Type.String(), setting_type_id: nullable(Type.Integer()) });
export type PicType = Static<typeof PicType>;

/**
 * A user setting decided by a background group (`GET /backgrounds/setting/{companyId}`): the
 * approver of the setting type is the group's person in charge; the user form shows it locked.
 */
export const LockedSetting = open({ setting_type_id: Type.Integer(), approver_id: Type.Integer(), background: IdName });
export type LockedSetting = Static<typeof LockedSetting>;

/** A company with the background group it belongs to, if any (`GET /companies/background`: the group form's company picker). */
export const CompanyBackground = open({ id: Type.Integer(), name: Type.String(), code: Type.String(), background: nullable(IdName) });
export type CompanyBackground = Static<typeof CompanyBackground>;
