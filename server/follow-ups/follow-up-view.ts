import type { Kysely } from 'kysely';
import { findModule, followUpDifference, followUpEntry, type DefinitionSet, type FormData, type Translate } from '../../src/engine';
import type { FollowUpLink, FollowUpsView } from '../../src/wire/follow-ups';
import type { Database } from '../db/database';
import { inStatisticScope } from '../statistics/scope-checks';
import type { StatisticsContext } from '../statistics/statistics-context';
import { DocumentStatus } from '../workflow/core/status';
import { canSeeDocument } from '../workflow/core/visibility';
import { ACTIVE_FOLLOW_UP } from './follow-up-origin';

/** The reader may open the document: the workflow's rule, or their Statistic scope (authorizer, finance, treasury of its company). */
export async function readableDocument(db: Kysely<Database>, ctx: StatisticsContext, id: number): Promise<boolean> {
  return (await canSeeDocument(db, id, ctx.user.id)) || (await inStatisticScope(db, ctx, id).catch(() => false));
}

/** A module's title in the reader's language (its code when the definitions no longer have it). */
export const titleOf = (definitions: DefinitionSet, t: Translate, code: string) => {
  const module = definitions.modules[code];
  return module ? t(module.meta.title) : code;
};

type Doc = { module_code: string; data: FormData };
const currencyIdOf = (definitions: DefinitionSet, d: Doc) => d.data[findModule(definitions, d.module_code)?.meta.currencyField ?? 'currency_id'];

/** The currency code of each document (its module's `currencyField`, default `currency_id`), by a lookup of the ids. */
export async function currencyCodesOf(db: Kysely<Database>, definitions: DefinitionSet, docs: Doc[]): Promise<(d: Doc) => string | null> {
  const ids = [...new Set(docs.map((d) => currencyIdOf(definitions, d)).filter(Number.isInteger) as number[])];
  const rows = ids.length ? await db.selectFrom('currencies').select(['id', 'code']).where('id', 'in', ids).execute() : [];
  const codes = new Map(rows.map((r) => [r.id, r.code]));
  return (d) => {
    const id = currencyIdOf(definitions, d);
    return Number.isInteger(id) ? codes.get(id as number) ?? null : null;
  };
}

/**
 * A document's follow-up links for the reader (`GET /buffers/{id}/follow_ups`; the caller checked
 * that the reader may open it): the document it follows up, with the difference of their amounts
 * (`followUpDifference`: the origin entry's `amounts`, rounded by the currency); its follow-ups the
 * reader may open; and what the reader may create now — for the requester of a completed document,
 * each declared follow-up (its module in force) without one on process or completed (the offer
 * follows the filing's rule, `followUpOrigin`).
 */
export async function followUpsView(db: Kysely<Database>, ctx: StatisticsContext, id: number): Promise<FollowUpsView> {
  const { definitions } = ctx;
  const t = definitions.translate(ctx.lang);
  const self = await db.selectFrom('buffers').select(['id', 'code', 'module_code', 'status', 'requester_id', 'data', 'follow_up_of'])
    .where('id', '=', id).executeTakeFirstOrThrow();
  const linked = await db.selectFrom('buffers')
    .select(['id', 'code', 'module_code', 'status', 'application_number', 'data', 'follow_up_of'])
    .where((eb) => eb.or([eb('follow_up_of', '=', id), ...(self.follow_up_of === null ? [] : [eb('id', '=', self.follow_up_of)])]))
    .orderBy('created_at').orderBy('id').execute();
  const link = async (row: (typeof linked)[number]): Promise<FollowUpLink> => ({
    id: row.id, code: row.code, module_code: row.module_code, title: titleOf(definitions, t, row.module_code), status: row.status,
    application_number: row.application_number, visible: await readableDocument(db, ctx, row.id),
  });
  const originRow = linked.find((row) => row.id === self.follow_up_of) ?? null;
  const followUpRows = linked.filter((row) => row.follow_up_of === id);
  // Only the follow-ups the reader may open are listed (a code would name nothing else to them).
  const shown: FollowUpLink[] = [];
  for (const row of followUpRows) {
    const item = await link(row);
    if (item.visible) shown.push(item);
  }
  let difference: FollowUpsView['difference'] = null;
  const entry = originRow ? followUpEntry(definitions.modules[originRow.module_code], self.module_code) : null;
  if (originRow && entry) {
    const currencyOf = await currencyCodesOf(db, definitions, [originRow, self]);
    difference = followUpDifference(entry, { data: originRow.data, currencyCode: currencyOf(originRow) }, { data: self.data, currencyCode: currencyOf(self) });
  }
  const offers: FollowUpsView['offers'] = [];
  if (self.status === DocumentStatus.COMPLETED && self.requester_id === ctx.user.id) {
    for (const declared of definitions.modules[self.module_code]?.meta.followUps ?? []) {
      const target = definitions.modules[declared.module];
      if (!target || definitions.disabled.has(declared.module)) continue;
      const active = followUpRows.some((row) => row.module_code === declared.module && ACTIVE_FOLLOW_UP.includes(row.status));
      if (!active) offers.push({ module_code: declared.module, title: t(target.meta.title) });
    }
  }
  return { origin: originRow ? await link(originRow) : null, difference, follow_ups: shown, offers };
}
