import { useCallback, useEffect, useState } from 'react';
import type { CompiledModule, RuleContext } from '../../../engine';
import { ApiError } from '../../api';
import { useSession } from '../../session';
import { fetchModuleDefinition, type Collection } from './module-definitions';

/** Everything the Submit tab needs before the form can start. */
export type FormSources =
  | { status: 'loading' }
  | { status: 'error'; notFound: boolean; retry(): void; disabled?: { title: string } }
  | { status: 'ready'; module: CompiledModule; context: RuleContext; draft: Record<string, unknown> | null };

interface Step { id: number; optional: boolean; position?: number; process?: { code?: string } }
interface Currency { id: number; code: string }
interface Draft { data: Record<string, unknown> }

/**
 * Loads, in parallel: the compiled module (translations added to i18n), its master-process
 * steps (the approvals rule's context), the currencies (rounding by currency id) and the
 * user's draft (204 = none). A failed load can be retried; an unknown module says so.
 */
export function useFormSources(moduleCode: string): FormSources {
  const { api, profile } = useSession();
  const flags = (profile ?? {}) as unknown as Record<string, unknown>;
  // Bypass is a permission (ui:module.bypassRoles, enforced by the server): without it the switch is hidden.
  const bypassFlags = (profile ? Object.keys(flags).filter((k) => k.startsWith('is_') && flags[k] === true) : []).join(',');
  const [attempt, setAttempt] = useState(0);
  const [sources, setSources] = useState<FormSources>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setSources({ status: 'loading' });
    // A 204 (no draft) has an empty body: `reply.data` is '' and the form starts from defaults.
    const draft = api
      .get<Draft>('/buffer_temporaries', { params: { module_code: moduleCode }, ringiSilent: true })
      .then((reply) => (reply.data && typeof reply.data === 'object' && reply.data.data && typeof reply.data.data === 'object' ? reply.data.data : null));
    const definition = fetchModuleDefinition(api, moduleCode);
    definition.catch(() => undefined);
    Promise.all([
      definition,
      api.get<Collection<Step>>('/master_processes', { params: { module_code: moduleCode } }),
      api.get<Collection<Currency>>('/currencies', { params: { itemsPerPage: 100 } }),
      draft,
    ])
      .then(([module, steps, currencies, data]) => {
        if (!live) return;
        const mayBypass = module.meta.hasBypass && (module.meta.bypassRoles ?? []).some((role) => bypassFlags.split(',').includes(role));
        const context: RuleContext = {
          // Steps whose approvers the route resolves need no choice from the requester (the server fills them).
          steps: steps.data['hydra:member']
            .filter((step) => !(module.process ?? []).some((d) => d.code === step.process?.code && d.approvers))
            .map(({ id, optional }) => ({ id, optional })),
          currencies: currencies.data['hydra:member'].map(({ id, code }) => ({ id, code })),
          mayBypass,
        };
        // A draft saved with bypass on cannot bypass for a user without the permission.
        const startDraft = data && !mayBypass && data.bypass === true ? { ...data, bypass: false } : data;
        setSources({ status: 'ready', module, context, draft: startDraft });
      })
      .catch(async (error: unknown) => {
        // 409: the module is disabled (no new documents; the draft route says so). Its title
        // comes from the definition, which is still served for existing documents.
        const disabled = error instanceof ApiError && error.status === 409
          ? { title: await definition.then((m) => m.meta.title, () => `${moduleCode}.title`) }
          : undefined;
        if (live) setSources({ status: 'error', notFound: error instanceof ApiError && error.status === 404, retry, ...(disabled ? { disabled } : {}) });
      });
    return () => {
      live = false;
    };
  }, [api, moduleCode, attempt, retry, bypassFlags]);

  return sources;
}
