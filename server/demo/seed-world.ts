import type { Kysely } from 'kysely';
import type { BusinessCalendar, CompiledModule } from '../../src/engine';
import type { ApproverRole, Database } from '../db/database';
import type { SampleRefs } from './sample-body';

/** One approval step of a module's chain, with the role its approvers need. */
export interface SeedStep {
  id: number;
  position: number;
  optional: boolean;
  code: string;
  role: ApproverRole | null;
}

/** Everything in the database the generator draws from. */
export interface SeedWorld {
  /** Modules that have approval steps, by code order, with their steps. */
  modules: Array<{ module: CompiledModule; steps: SeedStep[] }>;
  /** Every module's steps by module code (organisation modules included). */
  allSteps: Map<string, SeedStep[]>;
  /** Enabled users who belong to a company. */
  requesters: Array<{ id: number; companyId: number }>;
  /** `${user}:${masterProcessId}` → the user's saved approvers of that step. */
  savedApprovers: Map<string, number[]>;
  /** Enabled users holding each step role (null: any enabled user of a group company). */
  roleUsers: Map<ApproverRole | null, number[]>;
  refs: SampleRefs;
  /** Each company's code and working calendar (weekend, holidays, worked weekend days, time zone). */
  companies: Map<number, { code: string; calendar: BusinessCalendar }>;
}

const ROLE_FLAG = { authorizer: 'is_authorizer', finance: 'is_finance', treasury: 'is_treasury', legal: 'is_legal' } as const;

const groupBy = <T>(rows: T[], key: (row: T) => number, value: (row: T) => number) => {
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), value(row)]);
  return map;
};

/** Reads the users, steps and master data the generated documents point at. */
export async function loadSeedWorld(db: Kysely<Database>, compiled: Record<string, CompiledModule>): Promise<SeedWorld> {
  const steps = await db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.module_code', 'master_processes.position', 'master_processes.optional', 'processes.code', 'processes.approver_role'])
    .orderBy('master_processes.position').execute();
  const modules = Object.values(compiled)
    // Entity modules (organisation changes) are left out: a generated "completed" request would
    // claim a change to users or companies that never happened.
    .filter((m) => m.kind === 'module' && !m.meta.entity)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((module) => ({
      module,
      steps: steps.filter((s) => s.module_code === module.code)
        .map((s) => ({ id: s.id, position: s.position, optional: s.optional, code: s.code, role: s.approver_role })),
    }))
    .filter((m) => m.steps.some((s) => !s.optional));
  const users = await db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.company_id', 'users.is_authorizer', 'users.is_finance', 'users.is_treasury', 'users.is_legal', 'companies.is_group'])
    .where('users.disabled', '=', false).orderBy('users.id').execute();
  const roleUsers = new Map<ApproverRole | null, number[]>([[null, users.filter((u) => u.is_group).map((u) => u.id)]]);
  for (const [role, flag] of Object.entries(ROLE_FLAG)) roleUsers.set(role as ApproverRole, users.filter((u) => u[flag]).map((u) => u.id));
  const saved = await db.selectFrom('saved_approvers').select(['user_id', 'master_process_id', 'approver_id']).orderBy('id').execute();
  const savedApprovers = new Map<string, number[]>();
  for (const row of saved) {
    const key = `${row.user_id}:${row.master_process_id}`;
    savedApprovers.set(key, [...(savedApprovers.get(key) ?? []), row.approver_id]);
  }
  const ids = async (table: 'contract_frequencies' | 'corporate_seal_types' | 'collection_sales_evidence_types') =>
    (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
  const departments = await db.selectFrom('departments').select(['id', 'company_id']).orderBy('id').execute();
  const bankAccounts = await db.selectFrom('company_bank_accounts').select(['id', 'company_id']).orderBy('id').execute();
  const expenseAccounts = await db.selectFrom('expense_accounts').select(['id', 'company_id']).orderBy('id').execute();
  const allSteps = new Map<string, SeedStep[]>();
  for (const s of steps) {
    allSteps.set(s.module_code, [...(allSteps.get(s.module_code) ?? []), { id: s.id, position: s.position, optional: s.optional, code: s.code, role: s.approver_role }]);
  }
  const calendars = await db.selectFrom('companies').leftJoin('company_calendars', 'company_calendars.company_id', 'companies.id')
    .select(['companies.id', 'companies.code', 'company_calendars.weekend_days', 'company_calendars.time_zone']).orderBy('companies.id').execute();
  const holidays = await db.selectFrom('holidays').select(['company_id', 'date', 'working']).execute();
  const day = (date: unknown) => (date instanceof Date ? date.toISOString() : String(date)).slice(0, 10);
  const companies = new Map(calendars.map((c) => {
    const own = holidays.filter((h) => h.company_id === c.id);
    const weekend = typeof c.weekend_days === 'string' ? JSON.parse(c.weekend_days) : c.weekend_days;
    return [c.id, {
      code: c.code,
      calendar: {
        weekendDays: Array.isArray(weekend) ? (weekend as number[]) : [0, 6],
        holidays: new Set(own.filter((h) => !h.working).map((h) => day(h.date))),
        workdays: new Set(own.filter((h) => h.working).map((h) => day(h.date))),
        timeZone: c.time_zone ?? 'UTC',
      },
    }] as const;
  }));
  return {
    companies,
    modules,
    allSteps,
    requesters: users.map((u) => ({ id: u.id, companyId: u.company_id! })),
    savedApprovers,
    roleUsers,
    refs: {
      currencies: (await db.selectFrom('currencies').select('id').orderBy('id').execute()).map((r) => r.id),
      departments: groupBy(departments, (r) => r.company_id, (r) => r.id),
      bankAccounts: groupBy(bankAccounts, (r) => r.company_id, (r) => r.id),
      expenseAccounts: groupBy(expenseAccounts, (r) => r.company_id, (r) => r.id),
      financeUsers: groupBy(users.filter((u) => u.is_finance), (u) => u.company_id!, (u) => u.id),
      codeLists: {
        contract_frequencies: await ids('contract_frequencies'),
        corporate_seal_types: await ids('corporate_seal_types'),
        collection_sales_evidence_types: await ids('collection_sales_evidence_types'),
      },
      contractItemTypes: (await db.selectFrom('contract_item_types').select('id').orderBy('id').execute()).map((r) => r.id),
      contractTypes: await db.selectFrom('contract_item_types').select(['id', 'code', 'module']).orderBy('id').execute(),
    },
  };
}
