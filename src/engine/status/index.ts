/** Document status values (spec 000 §4; the wire and the table say buffer), shared by the server and the web app. */
export const DocumentStatus = { ON_PROCESS: 0, COMPLETED: 2, REJECTED: 3, WITHDRAWN: 10 } as const;

/**
 * Approval step status values (spec 000 §4: 1 done, 0 pending, 2 rejected; ours: 3 skipped at
 * filing by the route's `skip`, with the reason in `approvals.skipped`).
 */
export const StepStatus = { PENDING: 0, DONE: 1, REJECTED: 2, SKIPPED: 3 } as const;
