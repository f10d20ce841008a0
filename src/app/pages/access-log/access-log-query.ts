/** What the Access log screen filters by (the user's choices, before they become a query). */
export interface AccessLogFilters {
  event: string;
  /** A user chosen by tapping their name in an entry. */
  user: { id: number; name: string } | null;
  /** Local days `YYYY-MM-DD` from the date inputs; '' = open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AccessLogFilters = { event: '', user: null, from: '', to: '' };

/** A local day's start (or, with `end`, its last millisecond) as an ISO 8601 instant, which the server takes exactly. */
export function localDayInstant(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();
}

/** The query parameters of `GET /access_log` and its export for the filters (days in the reader's time zone). */
export function accessLogParams(filters: AccessLogFilters): Record<string, string | number> {
  return {
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.user ? { user: filters.user.id } : {}),
    ...(filters.from ? { from: localDayInstant(filters.from, false) } : {}),
    ...(filters.to ? { to: localDayInstant(filters.to, true) } : {}),
  };
}
