import { sql, type Kysely } from 'kysely';
import { invoiceRegistrationProblem } from '../../src/engine';
import type { Database } from '../db/database';

/** One check's result as recorded (issue 35 item 3). */
export interface RegistrationCheckResult {
  valid: boolean;
  problem: string | null;
  /** The day the registration took effect, when the register says (null: not known, taken as always). */
  registeredFrom: string | null;
  /** The day the check was made (`YYYY-MM-DD`). */
  checkedOn: string;
}

/**
 * Where a qualified-invoice registration number is checked. The one implementation today checks
 * the number's form and check digit (`invoiceRegistrationProblem`; no call leaves the server); a
 * live lookup of the national register (国税庁 適格請求書発行事業者公表サイト) can be added later
 * behind the same interface, answering `registeredFrom` too.
 */
export interface RegistrationRegister {
  source: string;
  lookup(number: string): Promise<Omit<RegistrationCheckResult, 'checkedOn'>>;
}

export const formRegister: RegistrationRegister = {
  source: 'format',
  async lookup(number) {
    const problem = invoiceRegistrationProblem(number);
    return { valid: problem === null, problem, registeredFrom: null };
  },
};

/** Checks a number with the register and records the result with the day it was made. */
export async function checkRegistration(db: Kysely<Database>, number: string, register: RegistrationRegister = formRegister): Promise<RegistrationCheckResult> {
  const result = await register.lookup(number);
  const row = await db.insertInto('invoice_registration_checks')
    .values({ number, valid: result.valid, problem: result.problem, registered_from: result.registeredFrom, source: register.source })
    .returning(sql<string>`to_char(checked_on, 'YYYY-MM-DD')`.as('checked_on')).executeTakeFirstOrThrow();
  return { ...result, checkedOn: row.checked_on };
}

/**
 * The latest recorded check of each number; a number never checked is checked now (and recorded)
 * when `record`, else judged by its form alone. A number was valid on a day when its latest check
 * says valid and the registration had taken effect by then (`registeredFrom`).
 */
export async function registrationsOf(db: Kysely<Database>, numbers: string[], record: boolean): Promise<Map<string, RegistrationCheckResult>> {
  const unique = [...new Set(numbers.filter(Boolean))];
  const out = new Map<string, RegistrationCheckResult>();
  if (!unique.length) return out;
  const rows = await db.selectFrom('invoice_registration_checks')
    .select(['number', 'valid', 'problem', sql<string | null>`to_char(registered_from, 'YYYY-MM-DD')`.as('registered_from'), sql<string>`to_char(checked_on, 'YYYY-MM-DD')`.as('checked_on')])
    .distinctOn('number').where('number', 'in', unique).orderBy('number').orderBy('checked_on', 'desc').orderBy('id', 'desc').execute();
  for (const r of rows) out.set(r.number, { valid: r.valid, problem: r.problem, registeredFrom: r.registered_from, checkedOn: r.checked_on });
  for (const number of unique) {
    if (out.has(number)) continue;
    if (record) out.set(number, await checkRegistration(db, number));
    else {
      const looked = await formRegister.lookup(number);
      out.set(number, { ...looked, checkedOn: new Date().toISOString().slice(0, 10) });
    }
  }
  return out;
}

/** Whether a recorded check makes the number valid on `date`. */
export function validOn(check: RegistrationCheckResult | undefined, date: string): boolean {
  return Boolean(check?.valid) && (check!.registeredFrom === null || check!.registeredFrom <= date);
}
