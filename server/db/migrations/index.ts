import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as workflowEmailPush from './0100_workflow_email_push';

/**
 * Every migration, by name in the order they run. A static list (not a folder scan) so the
 * server runs the same way under tsx, Vitest and a bundler. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0100_workflow_email_push': workflowEmailPush,
};
