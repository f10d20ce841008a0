import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { CompiledModule, DefinitionSet, FormData } from '../../src/engine';
import type { Collection } from '../../src/wire/common';
import type { PendingFollowUp, PendingFollowUpQuery } from '../../src/wire/follow-ups';
import type { Database } from '../db/database';
import type { StatisticsContext } from '../statistics/statistics-context';
import { forbidden } from '../lib/errors';
import { paginate } from '../lib/paging';
import { companyScope, mayUseArea } from '../statistics/access';
import { inCompanies } from '../statistics/company-condition';
import { DocumentStatus } from '../workflow/core/status';
import { ACTIVE_FOLLOW_UP } from './follow-up-origin';
import { currencyCodesOf, titleOf } from './follow-up-view';

/** The modules whose definitions name follow-ups, with those follow-up modules in force (not disabled). */
function originModules(definitions: DefinitionSet): Array<{ module: CompiledModule; targets: string[] }> {
  return Object.values(definitions.modules)
    .filter((m) => m.kind === 'module' && m.meta.followUps?.length)
    .map((module) => ({ module, targets: module.meta.followUps!.map((e) => e.module).filter((code) => definitions.modules[code] && !definitions.disabled.has(code)) }))
    .filter((o) => o.targets.length > 0)
    .sort((a, b) => a.module.code.localeCompare(b.module.code));
}

/** `buffers` (an origin) has no follow-up of module `target` on process or completed. */
const notFollowedUpBy = (target: string): Expression<SqlBool> => sql<SqlBool>`not exists (select 1 from buffers fu
  where fu.follow_up_of = buffers.id and fu.module_code = ${target} and fu.status in (${sql.join(ACTIVE_FOLLOW_UP)}))`;

/** A completed origin still waiting for one of the follow-ups its definition names. */
function waitingForFollowUp(origins: Array<{ module: CompiledModule; targets: string[] }>): Expression<SqlBool> {
  if (!origins.length) return sql<SqlBool>`false`;
  return sql<SqlBool>`(buffers.status = ${DocumentStatus.COMPLETED} and (${sql.join(origins.map(({ module, targets }) =>
    sql`(buffers.module_code = ${module.code} and (${sql.join(targets.map(notFollowedUpBy), sql` or `)}))`), sql` or `)}))`;
}

/**
 * The completed documents still waiting for a follow-up their definition names
 * (`GET /follow_ups/pending`), oldest decision first: the reader's own (`mine`), or the documents
 * of their companies (`company`: the Statistic area's people — the company's authorizer, finance
 * and treasury; group admins every company; anyone else 403). Each names the follow-ups it waits for.
 */
export async function pendingFollowUps(db: Kysely<Database>, ctx: StatisticsContext, query: PendingFollowUpQuery): Promise<Collection<PendingFollowUp>> {
  const { definitions, user } = ctx;
  const t = definitions.translate(ctx.lang);
  const scope = query.scope ?? 'mine';
  if (scope === 'company' && !mayUseArea(user, 'statistic')) throw forbidden(t('server.followUps.companyForbidden'));
  const origins = originModules(definitions);
  let filtered = db.selectFrom('buffers').innerJoin('users', 'users.id', 'buffers.requester_id').where(waitingForFollowUp(origins));
  filtered = scope === 'mine' ? filtered.where('buffers.requester_id', '=', user.id) : filtered.where(inCompanies(companyScope(ctx)));
  const page = await paginate(filtered, (q) => q.select(['buffers.id', 'buffers.code', 'buffers.module_code', 'buffers.application_number', 'buffers.decision_number',
    'buffers.completed_at', 'buffers.data', 'users.id as requester_id', 'users.name as requester_name'])
    .orderBy('buffers.completed_at').orderBy('buffers.id'), { page: query.page, itemsPerPage: query.itemsPerPage });
  const rows = page['hydra:member'];
  const followed = rows.length ? await db.selectFrom('buffers').select(['follow_up_of', 'module_code'])
    .where('follow_up_of', 'in', rows.map((r) => r.id)).where('status', 'in', ACTIVE_FOLLOW_UP).execute() : [];
  const currencyOf = await currencyCodesOf(db, definitions, rows);
  const members = rows.map((row): PendingFollowUp => {
    const module = definitions.modules[row.module_code];
    const targets = origins.find((o) => o.module.code === row.module_code)?.targets ?? [];
    // The amount the follow-ups are compared with (the first entry's `amounts.origin`), else the module's statistics amount.
    const field = module?.meta.followUps?.find((e) => e.amounts)?.amounts?.origin ?? module?.meta.statistics?.amount;
    const amount = field ? Number((row.data as FormData)[field]) : NaN;
    return {
      id: row.id, code: row.code, module_code: row.module_code, title: titleOf(definitions, t, row.module_code),
      application_number: row.application_number, decision_number: row.decision_number,
      requester: { id: row.requester_id, name: row.requester_name },
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      amount: Number.isFinite(amount) ? amount : null, currency_code: currencyOf(row),
      missing: targets.filter((code) => !followed.some((f) => f.follow_up_of === row.id && f.module_code === code))
        .map((code) => ({ module_code: code, title: titleOf(definitions, t, code) })),
    };
  });
  return { 'hydra:member': members, 'hydra:totalItems': page['hydra:totalItems'] };
}
