import { sql, type Kysely } from 'kysely';
import { isFiscalYearStart, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { forbidden, notFound, validationFailed, type Violation } from '../lib/errors';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { initialsOf } from './initials-of';

type Row<K extends string> = { id?: number | null } & Record<K, string>;

/** The company form's data (spec 000 §3 "Company"): name, locations (address), departments (name). */
interface CompanyData {
  name: string;
  /** `MM-DD`: the day its fiscal year starts (numbering resets then; issue #36 item 1). */
  fiscal_year_start?: string | null;
  locations?: Array<Row<'address'>>;
  departments?: Array<Row<'name'>>;
}

const rowsOf = <K extends string>(value: unknown) => (Array.isArray(value) ? value : []) as Array<Row<K>>;

/** Ids of the company's departments or locations that the data leaves out but users or documents still use. */
async function removedInUse(db: Kysely<Database>, companyId: number, data: CompanyData) {
  const kept = (rows: Array<{ id?: number | null }>) => rows.map((r) => r.id).filter((id): id is number => Number.isInteger(id));
  const keptDepartments = kept(rowsOf(data.departments));
  const keptLocations = kept(rowsOf(data.locations));
  const departments = await db.selectFrom('departments').select('id').where('company_id', '=', companyId)
    .$if(keptDepartments.length > 0, (q) => q.where('id', 'not in', keptDepartments))
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.department_id', '=', 'departments.id').where('users.disabled', '=', false)),
      eb.exists(eb.selectFrom('buffers').select('buffers.id').whereRef('buffers.department_id', '=', 'departments.id')),
    ])).execute();
  const locations = await db.selectFrom('locations').select('id').where('company_id', '=', companyId)
    .$if(keptLocations.length > 0, (q) => q.where('id', 'not in', keptLocations))
    .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.location_id', '=', 'locations.id').where('users.disabled', '=', false)))
    .execute();
  return { departments: departments.length, locations: locations.length };
}

async function dataViolations(db: Kysely<Database>, companyId: number | null, data: CompanyData, t: Translate): Promise<Violation[]> {
  const out: Violation[] = [];
  // The form's rule says so too (`valid_month_day`); an entity change may come without the form.
  if (data.fiscal_year_start !== undefined && data.fiscal_year_start !== null && !isFiscalYearStart(data.fiscal_year_start)) {
    out.push({ propertyPath: 'fiscal_year_start', message: t('server.admin.errors.fiscalYearStart') });
  }
  for (const [field, table] of [['locations', 'locations'], ['departments', 'departments']] as const) {
    const own = companyId === null ? new Set<number>()
      : new Set((await db.selectFrom(table).select('id').where('company_id', '=', companyId).execute()).map((r) => r.id));
    rowsOf(data[field]).forEach((row, i) => {
      if (row.id !== null && row.id !== undefined && !own.has(row.id)) out.push({ propertyPath: `${field}[${i}].id`, message: t('server.admin.errors.notOfCompany') });
    });
  }
  if (companyId !== null) {
    const inUse = await removedInUse(db, companyId, data);
    if (inUse.departments) out.push({ propertyPath: 'departments', message: t('server.admin.errors.departmentInUse') });
    if (inUse.locations) out.push({ propertyPath: 'locations', message: t('server.admin.errors.locationInUse') });
  }
  return out;
}

/** The fiscal year start the form gives (absent or empty: as it is, `01-01` for a new company). */
const fiscalStart = (data: CompanyData) => (isFiscalYearStart(data.fiscal_year_start) ? { fiscal_year_start: data.fiscal_year_start } : {});

/** Makes the company's rows of `table` the form's rows: updates kept ids, inserts new ones, deletes the rest. */
async function syncRows(trx: Kysely<Database>, table: 'locations' | 'departments', companyId: number, rows: Array<Row<string>>, column: 'address' | 'name') {
  const kept = rows.map((r) => r.id).filter((id): id is number => Number.isInteger(id));
  await trx.deleteFrom(table).where('company_id', '=', companyId).$if(kept.length > 0, (q) => q.where('id', 'not in', kept)).execute();
  for (const row of rows) {
    const value = String(row[column]).trim();
    // A renamed department drops its translated names, so the new name shows in every language.
    const values = column === 'name' ? { name: value, name_ja: null, name_zh: null } : { address: value };
    if (Number.isInteger(row.id)) {
      await trx.updateTable(table).set(values as never).where('id', '=', row.id!).where('company_id', '=', companyId)
        .where(sql.ref(column), '<>', value).execute();
    } else {
      await trx.insertInto(table).values({ company_id: companyId, ...values } as never).execute();
    }
  }
}

/**
 * Companies (spec 000 §2 company form). Group members create companies (they are external
 * companies: not in the provider group); clients (non-members) edit only their own company.
 */
export const companyEntity: EntityHandler = {
  kind: 'company',

  async load(db, id) {
    const company = await db.selectFrom('companies').select(['name', 'fiscal_year_start']).where('id', '=', id).executeTakeFirst();
    if (!company) return null;
    const locations = await db.selectFrom('locations').select(['id', 'address']).where('company_id', '=', id).orderBy('id').execute();
    const departments = await db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', id).orderBy('id').execute();
    return { name: company.name, fiscal_year_start: company.fiscal_year_start, locations, departments };
  },

  async authorize(db, request, user, t) {
    if (request.operation === 'create' && !user.is_ringi_group_member) throw forbidden(t('server.admin.errors.groupMembersCreateCompanies'));
    if (request.targetId !== null) {
      if (!(await db.selectFrom('companies').select('id').where('id', '=', request.targetId).executeTakeFirst())) {
        throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
      }
      if (!user.is_ringi_group_member && request.targetId !== user.company_id) throw forbidden(t('server.admin.errors.ownCompanyEdit'));
    }
    const violations = await dataViolations(db, request.targetId, request.data as unknown as CompanyData, t);
    if (violations.length) throw validationFailed(violations);
  },

  async apply(trx, change, ctx) {
    const data = change.data as unknown as CompanyData;
    let id = change.targetId;
    if (id === null) {
      const initials = initialsOf(data.name);
      const created = await trx.insertInto('companies')
        .values({ code: `tmp-${change.documentId}`, name: data.name.trim(), initial_name: initials, is_group: false, ...fiscalStart(data) })
        .returning('id').executeTakeFirstOrThrow();
      id = created.id;
      await trx.updateTable('companies').set({ code: `C${String(id).padStart(4, '0')}` }).where('id', '=', id).execute();
    } else {
      const current = await trx.selectFrom('companies').select('name').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
      const inUse = await removedInUse(trx, id, data);
      if (inUse.departments || inUse.locations) throw illegalTransition(ctx.t('server.admin.errors.removedNowInUse'));
      if (isFiscalYearStart(data.fiscal_year_start)) await trx.updateTable('companies').set(fiscalStart(data)).where('id', '=', id).execute();
      if (current.name !== data.name.trim()) {
        await trx.updateTable('companies').set({ name: data.name.trim(), name_ja: null, name_zh: null }).where('id', '=', id).execute();
      }
    }
    await syncRows(trx, 'locations', id, rowsOf(data.locations), 'address');
    await syncRows(trx, 'departments', id, rowsOf(data.departments), 'name');
    return id;
  },
};
