import { useCallback, useMemo, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { CompiledModule, RuleContext } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { ApiError } from '../../api';
import { currenciesOptions, draftOptions, masterProcessesOptions, moduleDefinitionOptions } from '../../api/queries';
import { useSession } from '../../session';

/** Everything the Submit tab needs before the form can start. */
export type FormSources =
  | { status: 'loading' }
  | { status: 'error'; notFound: boolean; retry(): void; disabled?: { title: string } }
  | { status: 'ready'; module: CompiledModule; context: RuleContext; draft: Record<string, unknown> | null };

/**
 * Queries, in parallel: the compiled module (translations added to i18n), its master-process
 * steps (the approvals rule's context), the currencies (rounding by currency id) and the
 * user's draft (204 = none). What Home fetched while idle (`prefetchForms`) is taken from the
 * cache without a request, and so is the draft this session last saved or deleted (`useDraft`
 * keeps the entry current); a draft older than `DRAFT_FRESH_MS` is read again first. A failed
 * load can be retried; an unknown module says so; a disabled one (409 on the draft) says so
 * with its title.
 */
export function useFormSources(moduleCode: string, filedFor: number | null = null): FormSources {
  const { api, profile } = useSession();
  const host = useRendererHost();
  const flags = (profile ?? {}) as unknown as Record<string, unknown>;
  // Bypass is a permission (ui:module.bypassRoles, enforced by the server): without it the switch is hidden.
  const bypassFlags = (profile ? Object.keys(flags).filter((k) => k.startsWith('is_') && flags[k] === true) : []).join(',');
  const [definition, steps, currencies, draft] = useQueries({
    queries: [moduleDefinitionOptions(host.api, moduleCode), masterProcessesOptions(host.api, moduleCode), currenciesOptions(host.api), draftOptions(api, moduleCode, filedFor)],
  });
  const all = [definition, steps, currencies, draft];
  const failed = all.filter((q) => q.isError);
  const retry = useCallback(() => {
    for (const query of [definition, steps, currencies, draft]) if (query.isError) void query.refetch();
  }, [definition, steps, currencies, draft]);
  const loading = all.some((q) => q.isPending && !q.isError) || failed.some((q) => q.isFetching) || (draft.isStale && draft.isFetching);
  const error = failed[0]?.error;
  const module = definition.data;
  const ready = !loading && failed.length === 0 && module && steps.data && currencies.data && draft.data !== undefined;

  const computed = useMemo<FormSources>(() => {
    if (loading) return { status: 'loading' };
    if (error !== undefined) {
      // 409: the module is disabled (no new documents; the draft route says so). Its title
      // comes from the definition, which is still served for existing documents.
      const disabled = error instanceof ApiError && error.status === 409 ? { title: module?.meta.title ?? `${moduleCode}.title` } : undefined;
      return { status: 'error', notFound: error instanceof ApiError && error.status === 404, retry, ...(disabled ? { disabled } : {}) };
    }
    if (!ready || !module || !steps.data || !currencies.data) return { status: 'loading' };
    const mayBypass = module.meta.hasBypass && (module.meta.bypassRoles ?? []).some((role) => bypassFlags.split(',').includes(role));
    const context: RuleContext = {
      // Steps whose approvers the route resolves need no choice from the requester (the server fills them).
      steps: steps.data
        .filter((step) => !(module.process ?? []).some((d) => d.code === step.process?.code && d.approvers))
        .map(({ id, optional }) => ({ id, optional })),
      currencies: currencies.data.map(({ id, code }) => ({ id, code })),
      mayBypass,
    };
    const data = draft.data ?? null;
    // A draft saved with bypass on cannot bypass for a user without the permission.
    const startDraft = data && !mayBypass && data.bypass === true ? { ...data, bypass: false } : data;
    return { status: 'ready', module, context, draft: startDraft };
  }, [loading, error, ready, module, steps.data, currencies.data, draft.data, bypassFlags, moduleCode, retry]);
  // The form starts once from what it loaded: a later refetch (a language switch invalidates every
  // query) must not hand the open form a new definition, context or draft.
  // Kept per module and principal (代理申請): another "File for" choice starts from its own draft.
  const keptKey = `${moduleCode}:${filedFor ?? ''}`;
  const kept = useRef<{ code: string; sources: FormSources } | null>(null);
  if (computed.status === 'ready' && (kept.current?.code !== keptKey || kept.current.sources.status !== 'ready')) kept.current = { code: keptKey, sources: computed };
  if (kept.current?.code === keptKey && kept.current.sources.status === 'ready') return kept.current.sources;
  return computed;
}
