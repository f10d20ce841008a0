import type { StepRole } from '../types';

/** A department and the one above it (null at the top of its company). */
export interface OrgDepartment {
  id: number;
  company_id: number;
  parent_id: number | null;
}

/** A post in effect: `user_id` holds `position` in `department_id` (a user may hold several: 兼務). */
export interface OrgPost {
  user_id: number;
  department_id: number;
  position: string;
}

/** What a route needs to know of a user (enabled users only). */
export interface OrgUser {
  id: number;
  email: string;
  company_id: number | null;
  /** The user's main department. */
  department_id: number | null;
  /** Role flags held (`is_<role>`). */
  roles: StepRole[];
}

/**
 * The part of the organisation a route resolves from, as in effect on one day. The server
 * builds it from its tables; the engine only reads it (so the browser could too).
 */
export interface OrganisationSnapshot {
  departments: OrgDepartment[];
  posts: OrgPost[];
  users: OrgUser[];
}

/** Who files: the user, their main department and their other (concurrent, 兼務) departments. */
export interface RouteRequester {
  id: number;
  company_id: number | null;
  department_id: number | null;
  /** Departments of the requester's concurrent posts. */
  other_department_ids?: number[];
}
