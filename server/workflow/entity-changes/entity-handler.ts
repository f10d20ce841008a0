import type { Kysely } from 'kysely';
import type { DefinitionSet, EntityOperation, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../lib/auth-user';
import type { WorkflowContext } from '../core/workflow-context';

/** What an entity module's document asks for: the operation, its target and the form data. */
export interface EntityChangeRequest {
  operation: EntityOperation;
  /** The entity edited or deleted; null for create. */
  targetId: number | null;
  /** The form data (without the approval wrapper fields). */
  data: Record<string, unknown>;
}

/** A completed document's change, as the handler applies it. */
export interface EntityChange extends EntityChangeRequest {
  documentId: number;
  requesterId: number;
}

/**
 * What one entity kind (`ui:module.entity.kind`: user, company, background, company bank
 * account, …) does on the organisation data. Handlers are keyed by the kind, never by a module
 * code: any module declaring the kind files through them.
 */
export interface EntityHandler {
  kind: string;
  /** The entity as the module's form data (edit prefill, delete snapshot); null when unknown or gone. */
  load(db: Kysely<Database>, id: number): Promise<Record<string, unknown> | null>;
  /**
   * Throws an AppError when `user` may not file this change now (spec 000 §6, or data the
   * rules cannot see, like an e-mail already in use): 403 FORBIDDEN, 404, 409 or 422.
   * `definitions` is the set the request runs with (e.g. which published routes name a position).
   */
  authorize(db: Kysely<Database>, request: EntityChangeRequest, user: AuthUser, t: Translate, definitions: DefinitionSet): Promise<void>;
  /**
   * Throws 403 when `user` may not request this kind for `companyId` (the form's `company_id`; null
   * when it names none) — the part of `authorize` that needs no data. An entity's company is not a
   * company filed for (spec 000 §6): filing runs this before it resolves the route, and
   * `POST /master_processes/resolve` answers for it only when it passes, so a route (and who holds
   * its posts) is never resolved for a company the user may not request the change for.
   */
  companyScope?(user: AuthUser, companyId: number | null, t: Translate): void;
  /**
   * Fields of a create or edit request completed with what `apply` will write besides the
   * requester's choices (a user's settings that a background group decides), so the filed
   * request shows the approver what it applies. Called after `authorize`; the answer's fields
   * replace the form's.
   */
  complete?(db: Kysely<Database>, data: Record<string, unknown>, ctx: WorkflowContext): Promise<Record<string, unknown>>;
  /**
   * Applies the change inside the final approval's transaction and returns the entity id. Throws
   * (409 ILLEGAL_TRANSITION) when the target no longer allows it: the approval rolls back with it.
   * May queue mails (outbox) in the same transaction.
   */
  apply(trx: Kysely<Database>, change: EntityChange, ctx: WorkflowContext): Promise<number>;
}

const handlers = new Map<string, EntityHandler>();

/** Registers the handler of an entity kind (once per kind; a second one is a programming error). */
export function registerEntityHandler(handler: EntityHandler): void {
  if (handlers.has(handler.kind)) throw new Error(`entity handler "${handler.kind}" registered twice`);
  handlers.set(handler.kind, handler);
}

/** The handler of an entity kind, or null. */
export function entityHandler(kind: string): EntityHandler | null {
  return handlers.get(kind) ?? null;
}
