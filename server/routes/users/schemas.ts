import { bool, int, nullableStr, objectOf, str } from '../../lib/http-schemas';

/** Response schema of a user in lists (approver pickers, my organization, saved approvers). */
export const userSummarySchema = objectOf({
  id: int, name: str, email: str, initial_name: str, join_date: nullableStr,
  is_authorizer: bool, is_company_authorizer: bool, is_finance: bool, is_treasury: bool, is_legal: bool,
  is_notified: bool, is_ringi_group_member: bool,
  company: objectOf({ id: int, name: str, code: str, initial_name: str, is_group: bool }, true),
  department: objectOf({ id: int, name: str }, true),
  location: objectOf({ id: int, address: str }, true),
});
