/** A user as the admin lists show it (`/my-organization`, `/users/pic`, `/users/{id}`). */
export interface AdminUser {
  id: number;
  name: string;
  email: string;
  initial_name?: string;
  join_date?: string | null;
  is_authorizer: boolean;
  is_finance: boolean;
  is_treasury: boolean;
  is_legal: boolean;
  company?: { id: number; name: string } | null;
  department?: { id: number; name: string } | null;
  location?: { id: number; address: string } | null;
  user_settings?: Array<{ setting_type_id: number; approver_id: number | null; setting_type: { name: string }; approver: { id: number; name: string; is_authorizer?: boolean } | null }>;
  manager?: { id: number; name: string } | null;
  /** Posts (concurrent posts with positions, dated). */
  posts?: Array<{
    id: number; company_id: number; department_id: number; position_code: string | null; effective_from: string | null; effective_to: string | null;
    company_name: string; department_name: string; position_name: string | null;
  }>;
}

/** A company row of `/companies-external` and `/companies/{id}`. */
export interface AdminCompany {
  id: number;
  name: string;
  colleague_count: number;
  departments?: Array<{ id: number; name: string }>;
  locations?: Array<{ id: number; address: string }>;
}

/** A background group of `/backgrounds`. */
export interface AdminBackground {
  id: number;
  name: string;
  companies: Array<{ id: number; name: string }>;
  background_pics: Array<{ pic_type_id: number; pic_id: number; pic_type: { name: string }; pic: { name: string } }>;
}

/** A company's position as `GET /companies/{id}/positions` lists it (issue #20: positions as data). */
export interface AdminPosition {
  id: number;
  company_id: number;
  code: string;
  /** In the request language. */
  name: string;
  name_en: string;
  name_ja: string | null;
  name_zh: string | null;
  effective_from: string | null;
  retired_on: string | null;
  state: 'active' | 'scheduled' | 'retired';
  /** Posts holding it today or later. */
  holders: number;
}

/** A company's calendar of one year as `GET /companies/{id}/calendar?year=` answers it. */
export interface AdminCalendar {
  company_id: number;
  weekend_days: number[];
  time_zone: string;
  holidays: Array<{ date: string; name: string; working: boolean; name_en: string; name_ja: string | null; name_zh: string | null }>;
}
