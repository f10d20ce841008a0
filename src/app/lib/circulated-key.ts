/**
 * The circulation resource (`/buffer/circulated`): the list and Home's unread count are read
 * under it, so a mark-read refreshes both (`invalidateResources`), and so does every document
 * action (it is under `/buffer`, one of the document resources of src/app/api/queries.ts).
 */
export const CIRCULATED_PATH = '/buffer/circulated';
