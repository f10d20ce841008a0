import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database';
import type { TestApp } from './helpers';
import { moduleSteps, purchaseRefs, type Users } from './workflow-fixtures';

/** A demo user with what the eligibility oracle needs. */
export interface MatrixUser {
  id: number;
  email: string;
  company_id: number | null;
  is_group: boolean;
  flags: Record<string, boolean>;
}

/** A module's step with its role and requester flag, read from the database (the definition data). */
export interface MatrixStep {
  id: number;
  module_code: string;
  code: string;
  optional: boolean;
  approver_roles: string[];
  any_of: boolean;
  allow_requester: boolean;
}

/** Every enabled demo user with company membership and role flags. */
export async function matrixUsers(db: Kysely<Database>): Promise<MatrixUser[]> {
  const rows = await db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.email', 'users.company_id', 'companies.is_group', 'users.is_authorizer', 'users.is_finance', 'users.is_treasury', 'users.is_legal'])
    .where('users.disabled', '=', false).orderBy('users.id').execute();
  return rows.map(({ id, email, company_id, is_group, ...flags }) => ({ id, email, company_id, is_group: is_group === true, flags }));
}

/** Every step of every module that has steps, from master_processes (never a hard-coded module list). */
export async function matrixSteps(db: Kysely<Database>): Promise<MatrixStep[]> {
  return db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.module_code', 'processes.code', 'master_processes.optional', 'processes.approver_roles',
      'master_processes.any_of', 'master_processes.allow_requester'])
    .where('master_processes.retired_at', 'is', null)
    .orderBy('master_processes.module_code').orderBy('master_processes.position').execute();
}

/**
 * The eligibility rule written out independently of the server (the test oracle): never the
 * requester unless the step allows it; a role-bound step needs one of its flags and a group company; any
 * other step a group member or a user of the document's company.
 */
export function oracle(step: Pick<MatrixStep, 'approver_roles' | 'allow_requester'>, user: MatrixUser, requester: MatrixUser, companyId: number | null): boolean {
  if (user.id === requester.id && !step.allow_requester) return false;
  if (step.approver_roles.length) return step.approver_roles.some((role) => user.flags[`is_${role}`] === true) && user.is_group;
  return user.is_group || (companyId !== null && user.company_id === companyId);
}

/** A valid payment body (RH, CNY) with an eligible approver per step and the given overrides of the transaction. */
export async function paymentBody(db: Kysely<Database>, users: Users, transaction: Record<string, unknown> = {}) {
  const refs = await purchaseRefs(db);
  const expense = await db.selectFrom('expense_accounts').select('id').where('company_id', '=', refs.company)
    .where('module_type', '=', 'payment').where('is_transportation', '=', false).orderBy('id').executeTakeFirstOrThrow();
  const approverOf: Record<string, number> = { 'p-manager': users.approver.id, 'p-finance': users.finance.id, 'p-authorizer': users.authorizer.id, 'p-treasury': users.treasury.id };
  const steps = await moduleSteps(db, 'payment');
  return {
    bypass: false, send_notification_first_approval: true, save_approvers: false,
    approvals: steps.filter((s) => approverOf[s.code]).map((s) => ({ approver_id: approverOf[s.code], master_process_id: s.id })),
    transaction: {
      currency_id: refs.currency, company_id: refs.company, department_id: refs.department, estimated_payment_date: '2026-11-30',
      related_approval_id: null, total: 5000, e_invoices: [], application_papers: [], invoice_amount: null, invoice_note: null, note: null, user_finances: [],
      transaction_items: [{
        index: 1, total: 5000, company_id: refs.company, department_id: refs.department, related_approval_id: null, estimated_payment_date: '2026-11-30',
        page_number: 1, payment_information: { month: 11, estimated_payment_date: '2026-11-30' }, is_drawdown: false,
        payment_recipient_account: { name: 'Shibuya Office Rentals', no: '1234567', bank_name: 'Mizuho', branch_name: 'Shibuya' },
        related_supplier_account: null, related_items: [], item_e_invoices: [], item_application_papers: [],
        contents: [{ content_type_id: expense.id, is_transportation: false, company_id: refs.company, amount: 5000, date: null, destination: null, note: 'Rent' }],
      }],
      ...transaction,
    },
  };
}

/** Number of filed documents. */
export async function documentCount(t: TestApp): Promise<number> {
  return (await t.db.selectFrom('buffers').select('id').execute()).length;
}
