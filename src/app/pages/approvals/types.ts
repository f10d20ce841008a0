/** The four approval lists of Home (spec 000 §2), in the spec's order (shortcuts and tabs). */
export const LIST_KINDS = ['pending', 'done', 'initiated', 'forwarded'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/**
 * The workflow API's shapes, written once in src/wire/workflow.ts (TypeBox): the server serialises
 * with the same schemas and takes its types from them. Types only: nothing of TypeBox is bundled.
 */
export type {
  ApprovalItem, BufferInfo, BufferItem, CirculatedItem, CirculationRead, DocumentView, LogEntry, NamedUser, NextUserNotified, Permissions,
  StepView,
} from '../../../wire/workflow';

export type { Collection } from '../../../wire/common';
