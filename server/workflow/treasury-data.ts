import type { Kysely } from 'kysely';
import { isValidDate, type DefinitionSet, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { canReadFile } from '../files/file-access';
import { fileFieldNames } from '../files/file-field-names';
import type { Violation } from '../lib/errors';

/** What the treasury step stores and merges into the document data (spec 001 §3 transaction). */
export interface TreasuryData {
  account_id: number;
  payment_date: string;
  deal_slips: number[];
}

/**
 * Checks the treasury form, in the form's order: a live (not retired) bank account of the
 * document's company (`companyId`; null = none qualifies), a valid payment date (YYYY-MM-DD), exactly one deal slip
 * that the acting user may read (`canReadFile`: their own upload, or a file of a document they
 * see). Returns the clean value, or every violation in order.
 */
export async function readTreasuryData(
  db: Kysely<Database>, definitions: DefinitionSet, data: unknown, t: Translate, scope: { companyId: number | null; userId: number },
): Promise<{ value: TreasuryData } | { violations: Violation[] }> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { violations: [{ propertyPath: 'data', message: t('server.workflow.treasury.required') }] };
  }
  const input = data as Record<string, unknown>;
  const violations: Violation[] = [];
  const accountId = input.account_id;
  const account = Number.isInteger(accountId) && (accountId as number) > 0 && (accountId as number) <= 2147483647
    ? await db.selectFrom('company_bank_accounts').select(['id', 'company_id', 'retired_at']).where('id', '=', accountId as number).executeTakeFirst()
    : undefined;
  if (!account) violations.push({ propertyPath: 'data.account_id', message: t('server.workflow.treasury.account') });
  // Deleted through the bank-account module (migration 0610): documents keep it, new payments may not use it.
  else if (account.retired_at !== null) violations.push({ propertyPath: 'data.account_id', message: t('server.integrity.treasuryAccountRetired') });
  else if (account.company_id !== scope.companyId) violations.push({ propertyPath: 'data.account_id', message: t('server.integrity.treasuryAccountCompany') });
  if (!isValidDate(input.payment_date)) violations.push({ propertyPath: 'data.payment_date', message: t('server.workflow.treasury.paymentDate') });
  const slips = input.deal_slips;
  const slipId = Array.isArray(slips) && slips.length === 1 && Number.isInteger(slips[0]) && slips[0] > 0 && slips[0] <= 2147483647 ? (slips[0] as number) : null;
  const file = slipId !== null ? await db.selectFrom('files').select('id').where('id', '=', slipId).executeTakeFirst() : undefined;
  if (!file) violations.push({ propertyPath: 'data.deal_slips', message: t('server.workflow.treasury.dealSlips') });
  else if (!(await canReadFile(db, file.id, scope.userId, fileFieldNames(definitions.modules)))) {
    violations.push({ propertyPath: 'data.deal_slips', message: t('server.integrity.treasuryDealSlipAccess') });
  }
  if (violations.length) return { violations };
  return { value: { account_id: accountId as number, payment_date: input.payment_date as string, deal_slips: [slipId as number] } };
}
