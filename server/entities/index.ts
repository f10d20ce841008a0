import { registerEntityHandler } from '../workflow/entity-changes/entity-handler';
import { backgroundEntity } from './background-entity';
import { bankAccountEntity } from './bank-account-entity';
import { budgetEntity } from './budget-entity';
import { calendarEntity } from './calendar-entity';
import { companyEntity } from './company-entity';
import { expenseAccountEntity } from './expense-account-entity';
import { journalMappingEntity } from './journal-mapping-entity';
import { positionEntity } from './position-entity';
import { signInEntity } from './sign-in-entity';
import { userEntity } from './user-entity';

/**
 * Registers the organisation entity handlers (user, company, background, company bank account,
 * expense account, position, company calendar, sign-in settings, journal mapping, budget) once per process.
 * Other areas register their own kinds the same way; import this before serving.
 */
let registered = false;
export function registerAdminEntities(): void {
  if (registered) return;
  registered = true;
  for (const handler of [userEntity, companyEntity, backgroundEntity, bankAccountEntity, expenseAccountEntity, positionEntity, calendarEntity, signInEntity, journalMappingEntity, budgetEntity]) registerEntityHandler(handler);
}
