import { prepareTestDatabase } from './helpers';

/** Vitest global setup of the server project: the cached seeded database is built here, once. */
export default async function setup(): Promise<void> {
  await prepareTestDatabase();
}
