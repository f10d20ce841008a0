/**
 * Query key prefix of the circulation list and Home's unread count: a mark-read refreshes both,
 * and, under `['documents']` (src/app/api/queries.ts), so does every document action.
 */
export const CIRCULATED_KEY = ['documents', 'circulated'] as const;
