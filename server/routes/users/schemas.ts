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

/** Response schema of a user's detail (/profile adds the two counts). */
export const userDetailSchema = objectOf({
  ...userSummarySchema.properties,
  user_id: int, is_group_admin: bool,
  roles: objectOf({ 'hydra:member': { type: 'array', items: str }, 'hydra:totalItems': int }),
  user_settings: {
    type: 'array',
    items: objectOf({
      id: int, setting_type_id: int, approver_id: { type: ['integer', 'null'] },
      setting_type: objectOf({ id: int, name: str }), approver: objectOf({ id: int, name: str, initial_name: str }, true),
    }),
  },
  manager: objectOf({ id: int, name: str }, true),
  posts: {
    type: 'array',
    items: objectOf({
      id: int, company_id: int, department_id: int, position_code: nullableStr, effective_from: nullableStr, effective_to: nullableStr,
      company_name: str, department_name: str, position_name: nullableStr,
    }),
  },
  my_organization_count: int, external_company_count: int,
});
