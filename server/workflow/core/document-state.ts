import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { deputyDay } from '../people/deputies';
import { visibleToOne } from './visibility';
import { processNames, type MailPerson, type StepNames } from '../mail/notifications';
import type { NumberingCompany } from '../filing/numbering';

/** One approval step as the state machine sees it. */
export interface StepState {
  id: number;
  position: number;
  status: number;
  active: boolean;
  approver_id: number | null;
  process_code: string;
  /** The step's process name in each language (its mails name it). */
  names: StepNames;
  /**
   * Users who may act on this step (any one of them passes it): the named candidates the
   * eligibility rule still allows NOW (a flag removed, a user disabled → no longer acts).
   */
  candidates: number[];
  /** Approvals that pass the step (1 unless a 合議 or quorum step; pinned at filing). */
  required: number;
  /** Candidates who already approved within this pass of the step (a 合議 or quorum step counts them). */
  decided: number[];
  /** Who gave those decisions (the candidate, or the deputy who stood in): a 合議 step counts each person once. */
  deciders: number[];
  /**
   * Who may act for a candidate (deputies in effect today, `deputies.ts`): filled for the active
   * pending step of a document on process only, never the requester; empty otherwise.
   */
  deputies: Array<{ deputy_id: number; principal_id: number }>;
}

/**
 * One named candidate of a step as `ringi_document_state` gives it: their decision (1 approved), who
 * gave it (a deputy, or themselves), whether the eligibility rule allows them on the step now, and
 * on the pending step of a document on process the deputies in effect for them today.
 */
interface Candidate { user_id: number; decision: number | null; decided_by: number | null; eligible: boolean; deputies: number[] | null }

/** A document with its ordered steps: everything the transition rules decide on. */
export interface DocumentState {
  id: number;
  code: string;
  module_code: string;
  status: number;
  requester_id: number;
  /** Who filed it for the requester (代理申請), null when the requester did: they get the requester's mails too. */
  filed_by?: number | null;
  /** The company the document belongs to (`workflow/filing/document-company.ts`). */
  company_id: number | null;
  data: Record<string, unknown>;
  bypass: boolean;
  /** Marked urgent by its requester (migration 1100). */
  urgent: boolean;
  user_finances: number[];
  /** The live steps, in route order. */
  steps: StepState[];
  /** Steps an edit voided when it restarted the route (an action on one is refused: 409). */
  voided: number[];
  /** The requester and whoever filed for them, as their mails address them (the document's end mails them). */
  requesters?: MailPerson[] | null;
  /** The document's company as its numbers read it (a final approval's 決裁番号); none without a company. */
  numbering?: NumberingCompany | null;
  /** The document row's version as read (`xmin`): every change that can make a decision on it wrong writes the row (server/workflow/README.md, "Races"). */
  version: string;
}

/** Who gets the requester's mails: the requester, and whoever filed it for them (代理申請: "both get the mails"). */
export function requesterRecipients(doc: Pick<DocumentState, 'requester_id' | 'filed_by'>): number[] {
  return typeof doc.filed_by === 'number' && doc.filed_by !== doc.requester_id ? [doc.requester_id, doc.filed_by] : [doc.requester_id];
}

/** One step as `ringi_document_state` gives it (migration 1411), in route order. */
interface StepRow {
  id: number; position: number; status: number; active: boolean; approver_id: number | null; required: number; process_code: string;
  name: string; name_ja: string | null; name_zh: string | null; allow_requester: boolean;
  voided_at: string | null; candidates: Candidate[];
}

/** A step's document as one user may see it (`visibleToOne`): unknown and invisible alike read as none. */
export interface StepOfUser { step: number; visibleTo: number }

/**
 * `call` of a document in one statement — by its id, or by a step the user may see (the visibility
 * rule read in the same statement; unknown and invisible alike answer undefined). `call` gets the
 * document's id as SQL.
 */
export async function callOnDocument<T>(db: Kysely<Database>, target: number | StepOfUser, call: (id: RawBuilder<number>) => RawBuilder<T>): Promise<T | null | undefined> {
  if (typeof target === 'number') {
    const { rows } = await sql<{ answer: T | null }>`select ${call(sql<number>`${target}::integer`)} as answer`.execute(db);
    return rows[0]?.answer;
  }
  const row = await db.selectFrom('approvals').innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .select(call(sql<number>`approvals.buffer_id`).as('answer'))
    .where('approvals.id', '=', target.step).where(visibleToOne(target.visibleTo)).executeTakeFirst();
  return row?.answer as T | null | undefined;
}

/** The document as `ringi_document_state` gives it (migrations 1411 and 1414), with its steps. */
export type DocumentRow = Omit<DocumentState, 'steps' | 'voided' | 'data' | 'user_finances'> & { data: unknown; user_finances: unknown; steps: StepRow[] };

/**
 * Loads a document and its steps, in one statement (`ringi_document_state`, migrations 1411 and 1414). With
 * `lock`, its `buffers` row is locked `FOR UPDATE` first, so inside a transaction every concurrent
 * action on the same document waits there and then reads the state the previous one committed:
 * the re-check that follows is what makes races safe.
 * Candidates are re-checked against the eligibility rule in the same statement, so every action,
 * permission and notification works with who may act at this moment, not who was named at filing.
 */
export async function loadDocumentState(db: Kysely<Database>, target: number | StepOfUser, lock = false): Promise<DocumentState | null> {
  const day = deputyDay();
  return documentState(await callOnDocument(db, target, (id) => sql<DocumentRow | null>`ringi_document_state(${id}, ${lock}, ${day}::date)`));
}

/** The state of `ringi_document_state`'s row (none: an unknown document). */
export function documentState(row: DocumentRow | null | undefined): DocumentState | null {
  if (!row) return null;
  const { steps, ...doc } = row;
  const live = steps.filter((s) => !s.voided_at);
  const states: StepState[] = [];
  for (const s of live) {
    const decided = s.candidates.filter((c) => c.decision === 1).map((c) => c.user_id);
    const deciders = s.candidates.filter((c) => c.decision !== null).map((c) => c.decided_by ?? c.user_id);
    const allowed = s.candidates.filter((c) => c.eligible);
    // Whom the undecided candidates' deputies may stand in for (never the requester: nobody acts on their own document).
    const deputies = allowed.filter((c) => c.deputies && !decided.includes(c.user_id)).sort((x, y) => x.user_id - y.user_id)
      .flatMap((c) => c.deputies!.map(Number).sort((x, y) => x - y).map((deputy) => ({ deputy_id: deputy, principal_id: c.user_id })))
      .filter((d) => d.deputy_id !== doc.requester_id);
    states.push({
      id: s.id, position: s.position, status: s.status, active: s.active, approver_id: s.approver_id, required: s.required, process_code: s.process_code,
      names: processNames(s), candidates: allowed.map((c) => c.user_id), decided, deciders, deputies,
    });
  }
  return {
    ...doc,
    data: (doc.data ?? {}) as Record<string, unknown>,
    user_finances: Array.isArray(doc.user_finances) ? doc.user_finances.map(Number) : [],
    steps: states,
    voided: steps.filter((s) => s.voided_at).map((s) => s.id),
  };
}

/**
 * A condition for the first write of a change decided on a read without the lock: the document's
 * row is locked (`FOR UPDATE`) only while it is still the version read; otherwise the statement
 * fails whole with SQLSTATE RG409 (`ringi_expect`, migration 1413; `isStaleDocument`). Every change
 * that can make a decision wrong writes the row, so its version stands for the state read. An
 * uncorrelated subquery: it runs before the statement locks any row of its own (the document
 * first, as every action locks it).
 */
export function lockedAtVersion(doc: Pick<DocumentState, 'id' | 'version'>) {
  return sql<boolean>`ringi_expect(exists (select 1 from buffers where id = ${doc.id} and xmin = ${doc.version}::xid for update))`;
}
