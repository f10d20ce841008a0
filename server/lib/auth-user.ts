/** The signed-in user as the auth preHandler loads it (no password hash). */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  company_id: number | null;
  department_id: number | null;
  is_authorizer: boolean;
  is_company_authorizer: boolean;
  is_finance: boolean;
  is_treasury: boolean;
  is_legal: boolean;
  /** The user's company is a group company. */
  is_ringi_group_member: boolean;
}
