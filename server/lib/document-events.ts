import { requestWork } from './outbox-kicks';

/** The channel document changes are announced on (server/live/README.md). */
export const DOCUMENT_CHANNEL = 'ringi_documents';

/** One timeline entry's announcement: the document, what happened, the step it is about (null: the whole document). */
export interface DocumentNote {
  id: number;
  kind: string;
  step: number | null;
}

/** A request's notes; `closed` once they were announced (after its response). */
export interface DocumentNotes {
  notes: DocumentNote[];
  closed: boolean;
}

/**
 * Notes a timeline entry written by the running request, to be announced after its response (its
 * transaction has committed by then: server/plugins/outbox-kicks.ts). False outside a request (a
 * background job) and after the request's notes were announced (work it left running, which
 * inherits its context): the writer then announces it inside its own transaction.
 */
export function noteDocumentEvent(note: DocumentNote): boolean {
  const into = requestWork()?.documents;
  if (!into || into.closed) return false;
  if (!into.notes.some((n) => n.id === note.id && n.kind === note.kind && n.step === note.step)) into.notes.push(note);
  return true;
}
