import type { CompiledModule, FollowUp, FormData } from '../types';

/**
 * The data a follow-up document starts with (関連書類, issue #36 item 5; docs/MODULES.md
 * "Follow-up documents"): exactly the entry's `fields`, each copied from the origin's field it
 * names (a field the origin does not have is left out), and the entry's `link` naming the origin.
 * Nothing else of the origin is carried over. The browser opens the form with it; the server
 * answers it (`GET /buffers/{id}/follow_up_data`) and checks the link when the follow-up is filed.
 */
export function followUpData(entry: FollowUp, origin: FormData, originId: number): FormData {
  const data: FormData = {};
  for (const [target, source] of Object.entries(entry.fields)) {
    const value = origin[source];
    if (value !== undefined) data[target] = value === null || typeof value !== 'object' ? value : JSON.parse(JSON.stringify(value));
  }
  data[entry.link] = originId;
  return data;
}

/** The origin module's follow-up entry for `targetCode` (`ui:module.followUps`), or null when it declares none. */
export function followUpEntry(origin: Pick<CompiledModule, 'meta'> | null | undefined, targetCode: string): FollowUp | null {
  return origin?.meta.followUps?.find((entry) => entry.module === targetCode) ?? null;
}
