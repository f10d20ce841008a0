/** The admin screens' shapes: the wire's (src/wire/users.ts, src/wire/organisation.ts), types only. */
import type { UserDetail, UserSummary } from '../../../wire/users';
import type { Background, Company, CompanyCalendar, CompanyDetail, Position } from '../../../wire/organisation';

/**
 * A user as the admin lists show it (`/my-organization`, `/users/pic`: the summary) and the user page
 * (`/users/{id}`: the detail, with saved approvers, manager and posts); the wire shapes, src/wire/users.ts.
 */
export type AdminUser = UserSummary & Partial<Pick<UserDetail, 'user_settings' | 'manager' | 'posts'>>;

/** A company row of `/companies-external` and `/companies/{id}` (with departments and locations there). */
export type AdminCompany = Company & Partial<Pick<CompanyDetail, 'departments' | 'locations'>>;

/** A background group of `/backgrounds`. */
export type AdminBackground = Background;

/** A company's position as `GET /companies/{id}/positions` lists it (issue #20: positions as data). */
export type AdminPosition = Position;

/** A company's calendar of one year as `GET /companies/{id}/calendar?year=` answers it. */
export type AdminCalendar = CompanyCalendar;
