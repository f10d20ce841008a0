import type { BankAccount, Company, ExpenseAccount } from '../../../../wire/organisation';

/**
 * The entity kinds these screens file (`ui:module.entity.kind`): the module of each kind is found
 * among the served definitions (spec 001 §7: `POST /buffer/company-bank-account`,
 * `/buffer/expense-account` and their `/{id}/edit`, `/{id}/delete`), so no module code is named here.
 */
export const BANK_ACCOUNT_KIND = 'company-bank-account';
export const EXPENSE_ACCOUNT_KIND = 'expense-account';

/** Spec 001 §8: the bank form's toast shows 1.5 s, the expense form's 2 s. */
export const BANK_TOAST_MS = 1500;
export const EXPENSE_TOAST_MS = 2000;

/** Spec 001 §9 page sizes: bank and company lists 10, expense accounts 100. */
export const BANK_PAGE_SIZE = 10;
export const COMPANY_PAGE_SIZE = 10;
export const EXPENSE_PAGE_SIZE = 100;

/** A company of `/companies` with the counts the company list shows (the wire shape, src/wire/organisation.ts). */
export type AccountCompany = Company;

/** A bank account of `/company_bank_accounts_list/{id}` (number masked unless finance/treasury of its company). */
export type BankAccountRow = BankAccount;

/** An expense account of `/expense_accounts`. */
export type ExpenseAccountRow = ExpenseAccount;
