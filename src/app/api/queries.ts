import { infiniteQueryOptions, queryOptions, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { invalidateResources, resourceKey } from '../../renderer/resource-key';
import type { ApiClient } from './api-client';
import type { Collection, DocumentView, NextUserNotified } from '../pages/approvals/types';
import type { FieldHistory } from '../lib/field-history';
import type { MasterProcess, MasterProcessQuery } from '../../wire/processes';
import type { Currency, SmallListQuery } from '../../wire/masters';
import type { Company, CompanyDetail, CompanyQuery } from '../../wire/organisation';
import type { ListQuery } from '../../wire/list-query';
import type { ApprovalItem } from '../../wire/workflow';
import type { QueryParams } from '../lib/query-string';
import type { Draft, DraftBody, DraftQuery } from '../../wire/drafts';
import type { DefinitionQuery, ServedModule } from '../../wire/module-definitions';
import { registerModuleTranslations } from '../pages/application/module-definitions';
import { copyIsLatest, dropUnsentDraft, forgetServerDraft, noteServerDraft, readUnsentDraft } from './draft-store';

/**
 * The app's server state (issue 18 item 4): the query options every page reads through. Query
 * functions call the small fetch client (the renderer host's `api`, or the session's client where
 * a call must stay silent); TanStack Query caches, dedupes and pages.
 *
 * Keys are the renderer's resource keys (src/renderer/resource-key.ts: the API path's segments,
 * the parameters, and a view name for a value computed from the answer), so a page and a widget
 * reading the same resource share one entry, and a write invalidates by resource prefix
 * (`invalidateResources`) whoever cached the copy.
 */

/**
 * Everything that shows documents: details, approval lists, Home's counts, View data, search,
 * stamp statistics, the payment projection, records and history, the circulation list, the
 * notify choice.
 */
export const DOCUMENT_RESOURCES = ['/approvals', '/buffers', '/buffer', '/my-buffers', '/statistic', '/stamp_statistics', '/payment_projections', '/records', '/remember_email_push', '/follow_ups'] as const;

/**
 * The organisation and account lists (the admin pages, the pickers, names behind user ids): a
 * filed admin request (a bank account, a user…) changes them when its approval completes.
 */
export const ENTITY_RESOURCES = ['/companies', '/companies-external', '/company_bank_accounts_list', '/expense_accounts', '/backgrounds', '/my-organization', '/users'] as const;

/** Which view of a document a detail page reads (the step's view from Pending, the Statistic scope, or by id). */
export interface DocumentRef {
  documentId?: number;
  approvalId?: number;
  statistic?: boolean;
}

/** The reading side of the fetch client (the renderer host's `api.get`). */
export interface ApiReader {
  get<T>(path: string, params?: Record<string, unknown>): Promise<T>;
}

/**
 * The session's client as a reader (`ringiSilent`: the caller shows failures itself, no toast,
 * and a 401 is not an expired session).
 */
export function sessionReader(api: ApiClient, silent = false): ApiReader {
  return { get: async <T,>(path: string, params?: Record<string, unknown>) => (await api.get<T>(path, { params, ...(silent ? { ringiSilent: true } : {}) })).data };
}


/** The page a list asks for next: its number, and the server's keyset cursor when it gave one. */
export interface PageParam {
  page: number;
  cursor?: string;
}

export const FIRST_PAGE: PageParam = { page: 1 };

/** `params` of one page: the page number, and the cursor when the server gave one (then the page number is not used). */
export function pageParams(params: Record<string, unknown>, { page, cursor }: PageParam): Record<string, unknown> {
  return cursor ? { ...params, page, cursor } : { ...params, page };
}

/**
 * The next page of a hydra list as spec 000 §4 "Infinite lists" pages it: after a non-empty
 * page, unless it was short, every counted item is shown (and the server gave no cursor past
 * them: a capped count), or `maxPages` are shown; with the server's `nextCursor` when it gave one
 * (keyset paging).
 */
export function nextHydraPage<T>(last: Collection<T>, pages: Array<Collection<T>>, param: PageParam, perPage: number, maxPages = Infinity): PageParam | undefined {
  const rows = last['hydra:member'] ?? [];
  if (rows.length === 0 || pages.length >= maxPages) return undefined;
  if (perPage > 0 && rows.length < perPage) return undefined;
  const total = last['hydra:totalItems'];
  const shown = pages.reduce((n, p) => n + (p['hydra:member']?.length ?? 0), 0);
  // A capped count (APPROVAL_LIST_COUNT_CAP) is a floor: with a cursor the server can say what follows.
  if (typeof total === 'number' && perPage > 0 && shown >= total && !last.nextCursor) return undefined;
  return { page: param.page + 1, ...(last.nextCursor ? { cursor: last.nextCursor } : {}) };
}

/** The rows of every page, a row whose key an earlier page listed dropped (lists that shift while paging). */
export function flattenPages<T, R>(pages: Array<Collection<T>> | undefined, map: (row: T) => R, keyOf: (row: R) => string | number): R[] {
  const seen = new Set<string | number>();
  const out: R[] = [];
  for (const page of pages ?? []) {
    for (const row of page['hydra:member'] ?? []) {
      const mapped = map(row);
      const key = keyOf(mapped);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(mapped);
    }
  }
  return out;
}

/**
 * An infinite hydra list at `path` with fixed `params` (page and cursor added per page), keyed as
 * the pages of that resource (a list shown only up to `maxPages` is a view of its own). `T`: a
 * row (the wire's member type); `Q`: the route's wire query type, which `params` are checked against.
 */
export function hydraListOptions<T, Q>(api: ApiReader, path: string, params: QueryParams<Q>, options: { perPage: number; maxPages?: number; enabled?: boolean }) {
  const { maxPages } = options;
  return infiniteQueryOptions({
    queryKey: resourceKey(path, params, maxPages !== undefined && Number.isFinite(maxPages) ? `pages-up-to-${maxPages}` : 'pages'),
    queryFn: ({ pageParam }) => api.get<Collection<T>>(path, pageParams(params, pageParam)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: Collection<T>, pages: Array<Collection<T>>, param: PageParam) => nextHydraPage(last, pages, param, options.perPage, options.maxPages),
    enabled: options.enabled ?? true,
  });
}

/**
 * What a list screen needs of an infinite list's query: loading (first page or the next),
 * ended (every page shown), failed, `loadMore` (one page at a time, never after a failure) and
 * `reload`.
 */
export function listControls(query: UseInfiniteQueryResult<unknown, unknown>) {
  const { fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = query;
  const failed = query.isError;
  return {
    loading: query.isPending || isFetchingNextPage,
    ended: !failed && !query.isPending && !hasNextPage,
    failed,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage && !failed) void fetchNextPage();
    },
    reload: () => void refetch(),
  };
}

const PENDING_COUNT_PARAMS = { itemsPerPage: 1 } satisfies QueryParams<ListQuery>;

/** Home's Pending count: `/approvals/my?itemsPerPage=1` → `hydra:totalItems` (null when the server does not count). */
export function pendingCountOptions(api: ApiReader) {
  return queryOptions({
    queryKey: resourceKey('/approvals/my', PENDING_COUNT_PARAMS, 'total'),
    queryFn: async () => {
      const reply = await api.get<Collection<ApprovalItem>>('/approvals/my', PENDING_COUNT_PARAMS);
      return typeof reply['hydra:totalItems'] === 'number' ? reply['hydra:totalItems'] : null;
    },
  });
}

/**
 * After a write to a document (approve, reject, step back, withdraw, edit, submit): its views,
 * every list that shows documents and Home's counts are fetched again when shown. The entity
 * lists and companies too: a filed admin request (a bank account, a user…) changes them when
 * its approval completes, and the same calls file and approve it.
 */
export async function invalidateDocuments(client: QueryClient): Promise<void> {
  await invalidateResources(client, [...DOCUMENT_RESOURCES, ...ENTITY_RESOURCES]);
}

/** Definitions change only on publish: a session asks once per code and version. */
const DEFINITION_STALE_MS = 5 * 60_000;

const definitionPath = (code: string) => `/module-definitions/${encodeURIComponent(code)}`;

/**
 * The key of a definition the app read (a view: its translations are registered, which a
 * widget's raw read of the same path does not do).
 */
const definitionKey = (code: string, version?: string) => resourceKey(definitionPath(code), version ? { version } : undefined, 'registered');

/**
 * `GET /module-definitions/{code}` (`?version=` when given: the version a document was filed
 * under; the current one when the server does not know that version). Translations registered.
 */
export function moduleDefinitionOptions(api: ApiReader, code: string, version?: string) {
  return queryOptions({
    queryKey: definitionKey(code, version),
    queryFn: async () => {
      const path = definitionPath(code);
      const module = version ? await api.get<ServedModule>(path, { version } satisfies DefinitionQuery).catch(() => api.get<ServedModule>(path)) : await api.get<ServedModule>(path);
      registerModuleTranslations(module);
      return module;
    },
    staleTime: version ? Infinity : DEFINITION_STALE_MS,
  });
}

/**
 * `GET /module-definitions`: every filable module (Home's launchers), translations registered.
 * Each is the module's current definition, as `GET /module-definitions/{code}` answers it: the
 * cache gets it under that query too, so opening a form from Home asks for no definition.
 */
export function moduleDefinitionListOptions(api: ApiReader) {
  return queryOptions({
    queryKey: resourceKey('/module-definitions', undefined, 'registered'),
    queryFn: async ({ client }) => {
      const modules = (await api.get<Collection<ServedModule>>('/module-definitions'))['hydra:member'];
      for (const module of modules) {
        registerModuleTranslations(module);
        client.setQueryData(definitionKey(module.code), module);
      }
      return modules;
    },
    staleTime: DEFINITION_STALE_MS,
  });
}

/** The path a document is read from, by the way the page was opened. */
function documentPath(ref: DocumentRef): string {
  if (ref.approvalId !== undefined) return `/approvals/${ref.approvalId}/buffer`;
  return ref.statistic ? `/statistic/buffers/${ref.documentId}` : `/buffers/${ref.documentId}`;
}

/**
 * A document's view with the definition it was filed under: through the step when opened from
 * Pending (`/approvals/{id}/buffer`), the Statistic scope (`/statistic/buffers/{id}`), else `/buffers/{id}`.
 */
export function documentOptions(api: ApiReader, ref: DocumentRef) {
  return queryOptions({
    queryKey: resourceKey(documentPath(ref), undefined, 'with-definition'),
    queryFn: async ({ client }) => {
      const doc = await api.get<DocumentView>(documentPath(ref));
      const module = await client.fetchQuery(moduleDefinitionOptions(api, doc.module.code, doc.definition_version));
      return { doc, module };
    },
  });
}

/** Whether the user last chose to notify the next approver of this document (`/remember_email_push/next_user/{id}`). */
export function notifyNextOptions(api: ApiReader, documentId: number, enabled: boolean) {
  return queryOptions({
    queryKey: resourceKey(`/remember_email_push/next_user/${documentId}`, undefined, 'is_notified'),
    queryFn: async () => (await api.get<NextUserNotified>(`/remember_email_push/next_user/${documentId}`)).is_notified === true,
    enabled,
  });
}

/** The last edit per field; a failed load is an empty history (spec 000 §8). */
export function fieldHistoryOptions(api: ApiReader, documentId: number) {
  return queryOptions({
    queryKey: resourceKey(`/buffer/${documentId}/last-history`, undefined, 'entries'),
    queryFn: async () => {
      try {
        const reply = await api.get<FieldHistory>(`/buffer/${documentId}/last-history`);
        return Array.isArray(reply['hydra:member']) ? reply['hydra:member'] : [];
      } catch {
        return [];
      }
    },
  });
}

/** The master-process steps of a module (the approvals rule's context). */
export function masterProcessesOptions(api: ApiReader, moduleCode: string) {
  return queryOptions({
    queryKey: resourceKey('/master_processes', { module_code: moduleCode }, 'members'),
    queryFn: async () => (await api.get<Collection<MasterProcess>>('/master_processes', { module_code: moduleCode } satisfies MasterProcessQuery))['hydra:member'],
  });
}

const CURRENCIES_PARAMS = { itemsPerPage: 100 } satisfies SmallListQuery;

/** The currencies (rounding by currency id); they rarely change within a session. */
export function currenciesOptions(api: ApiReader) {
  return queryOptions({
    queryKey: resourceKey('/currencies', CURRENCIES_PARAMS, 'members'),
    queryFn: async () => (await api.get<Collection<Currency>>('/currencies', CURRENCIES_PARAMS))['hydra:member'] ?? [],
    staleTime: DEFINITION_STALE_MS,
  });
}

/** The key of the user's draft of a module (its `data`, or null); with `filedFor`, their draft of a filing for that principal (代理申請). */
export const draftKey = (moduleCode: string, filedFor: number | null = null) =>
  resourceKey('/buffer_temporaries', filedFor === null ? { module_code: moduleCode } : { module_code: moduleCode, filed_for: filedFor }, 'data');

/**
 * How long a cached draft is taken as it is when its form opens; an older one is read again
 * first (a draft saved meanwhile on another device shows).
 */
export const DRAFT_FRESH_MS = 2 * 60_000;

/**
 * The user's draft of a module (`GET /buffer_temporaries?module_code=`; 204 = none, answered as
 * null), or this tab's copy of a draft saved as its last page went away (`draft-store.ts`).
 * Silent: the form page shows what a failure means. The form's saves and deletes keep the
 * entry current (`use-draft.ts`), so a form opened again in the session starts from what it last
 * saved; fetched again once older than `DRAFT_FRESH_MS` or after a failed save.
 */
export function draftOptions(api: ApiClient, moduleCode: string, filedFor: number | null = null) {
  return queryOptions({
    queryKey: draftKey(moduleCode, filedFor),
    queryFn: async () => {
      // A save made as this tab's previous page went away may still be on its way: its copy wins
      // while the server still holds the draft that save replaces (`copyIsLatest`), and when the
      // server does not answer; a draft saved since (on another device) is the server's and wins.
      const unsent = readUnsentDraft(moduleCode, filedFor);
      const query: DraftQuery = filedFor === null ? { module_code: moduleCode } : { module_code: moduleCode, filed_for: filedFor };
      let reply: Draft | '';
      try {
        reply = await sessionReader(api, true).get<Draft | ''>('/buffer_temporaries', query);
      } catch (error) {
        if (unsent) return unsent.data as Draft['data'];
        throw error;
      }
      const server = reply || null;
      if (unsent && copyIsLatest(unsent, server)) {
        // The copy's save has not landed, and may never: a browser can lose a request made as its
        // page goes away. Sent again before the form opens (the same data, so the first one landing
        // late does no harm); once answered the server holds it and the copy goes. Unanswered, the
        // copy stays and wins as before, the server's version unknown until a write is answered.
        const saved = await api.post<Draft>('/buffer_temporaries', { ...query, data: unsent.data as Draft['data'] } satisfies DraftBody, { ringiSilent: true }).catch(() => null);
        if (saved) {
          dropUnsentDraft(moduleCode, filedFor);
          noteServerDraft(moduleCode, filedFor, saved.data.updated_at);
        } else forgetServerDraft(moduleCode, filedFor);
        return unsent.data as Draft['data'];
      }
      if (unsent) dropUnsentDraft(moduleCode, filedFor);
      noteServerDraft(moduleCode, filedFor, server?.updated_at ?? null);
      return server ? server.data : null;
    },
    staleTime: DRAFT_FRESH_MS,
    gcTime: DRAFT_FRESH_MS,
  });
}

/**
 * An infinite list paged only by the server's keyset cursor (`cursor` = the previous page's
 * `nextCursor`; no page number): it ends on the page that gives no cursor or no rows.
 */
export function cursorListOptions<T, Q extends { cursor?: string }>(api: ApiReader, path: string, params: QueryParams<Q>) {
  return infiniteQueryOptions({
    queryKey: resourceKey(path, params, 'cursor-pages'),
    queryFn: ({ pageParam }) => api.get<Collection<T>>(path, pageParam ? { ...params, cursor: pageParam } : params),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Collection<T>) => ((last['hydra:member'] ?? []).length > 0 && last.nextCursor ? last.nextCursor : undefined),
  });
}

const COMPANIES_PARAMS = { itemsPerPage: 100 } satisfies QueryParams<CompanyQuery>;

/** `GET /companies` (up to 100: the pickers of the statistic screens). */
export function companiesOptions(api: ApiReader, enabled = true) {
  return queryOptions({
    queryKey: resourceKey('/companies', COMPANIES_PARAMS, 'members'),
    queryFn: async () => (await api.get<Collection<Company>>('/companies', COMPANIES_PARAMS))['hydra:member'] ?? [],
    enabled,
  });
}

/** `GET /companies/{id}` (with its departments and locations). */
export function companyOptions(api: ApiReader, id: number) {
  return queryOptions({
    queryKey: resourceKey(`/companies/${id}`),
    queryFn: () => api.get<CompanyDetail>(`/companies/${id}`),
  });
}
