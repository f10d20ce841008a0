import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../../src/engine';
import { PROJECT_ROOT } from '../lib/project-root';

/** The seed organisation (`server/demo/demo-organisation.json`): the position catalogue and the demo posts. */
export interface DemoOrganisation {
  /** Position code → its names; every company gets each position. */
  positions: Record<string, Record<Lang, string>>;
  /** `COMPANY/Department` → the department above it. */
  parents: Record<string, string>;
  /** Posts with a position (a user's post outside their main department is a concurrent post, 兼務). */
  posts: Array<{ user: string; department: string; position: string }>;
  /** User e-mail → their manager's e-mail. */
  managers: Record<string, string>;
}

/** Reads the seed organisation file (the seed and `npm run modules:check` use it). */
export function readDemoOrganisation(): DemoOrganisation {
  return JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/demo/demo-organisation.json'), 'utf8')) as DemoOrganisation;
}
