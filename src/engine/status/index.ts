/** Document (buffer) status values (spec 000 §4), shared by the server and the web app. */
export const BufferStatus = { ON_PROCESS: 0, COMPLETED: 2, REJECTED: 3, WITHDRAWN: 10 } as const;

/** Approval step status values (spec 000 §4: 1 done, 0 pending, 2 rejected). */
export const StepStatus = { PENDING: 0, DONE: 1, REJECTED: 2 } as const;
