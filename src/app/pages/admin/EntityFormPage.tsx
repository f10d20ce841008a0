import { useCallback, useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Spinner, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isWrapperField, WRAPPER_FIELDS, type CompiledModule, type EntityOperation, type SubmitPayload } from '../../../engine';
import { ModuleForm } from '../../../renderer';
import { ApiError } from '../../api';
import { invalidateDocuments } from '../../api/queries';
import { useFeedback } from '../../feedback';
import type { PageProps } from '../../navigation';
import { useSession } from '../../session';
import type { Filed } from '../../../wire/workflow';
import { useFormSources } from '../application/use-form-sources';

/** What the entity form page opens: a module's create, edit or delete form. */
export interface EntityFormParams {
  moduleCode: string;
  operation: EntityOperation;
  /** The entity edited or deleted. */
  targetId?: number;
  /** The entity's current data (edit and delete start with it). */
  initialData?: Record<string, unknown>;
  /** Body fields shown but not changeable in this request (e.g. a position's company and code on an edit; the server refuses a change too). */
  readOnlyFields?: string[];
}

/**
 * The module with `fields` (default every body field) disabled (spec 000 §2 "Delete forms
 * disable the inputs"): a delete request shows the data it deletes, nothing in it can be typed
 * or picked.
 */
function disabledBody(module: CompiledModule, only?: string[]): CompiledModule {
  const fields = only ?? Object.keys(module.schema.properties ?? {}).filter((field) => !isWrapperField(field));
  const uiSchema = { ...module.uiSchema };
  for (const field of fields) uiSchema[field] = { ...(uiSchema[field] as object | undefined), 'ui:readonly': true, 'ui:disabled': true };
  return { ...module, uiSchema };
}

/**
 * The data an edit or delete form starts with: the entity's data, and the filing choices
 * (remember approvers, notify the first approver, bypass) at their defaults as in every new form
 * (spec 001 §1: on) — the entity's data has none of them. Only the wrapper fields: a body field the
 * entity's data lacks stays unset rather than become a default the request would then change.
 */
function entityFormStart(module: CompiledModule, initialData: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!initialData) return undefined;
  const properties = (module.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const wrapper = Object.fromEntries(WRAPPER_FIELDS
    .filter((field) => properties[field]?.default !== undefined)
    .map((field) => [field, structuredClone(properties[field].default)]));
  return { ...wrapper, ...initialData };
}

// The side padding of the application page's form, so create, edit and delete forms line up.
const useStyles = makeStyles({
  page: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, minWidth: 0 },
});

/**
 * An entity module's form (user, company, background group) for create, edit or delete: filed
 * through `POST /buffer/{code}`, `/buffer/{code}/{id}/edit` or `/buffer/{code}/{id}/delete`,
 * it travels the module's approval chain and changes the data when it completes.
 */
export function EntityFormPage({ params, close }: PageProps<EntityFormParams>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { api } = useSession();
  const feedback = useFeedback();
  const sources = useFormSources(params.moduleCode);
  const path = params.operation === 'create' ? `/buffer/${params.moduleCode}` : `/buffer/${params.moduleCode}/${params.targetId}/${params.operation}`;
  const module = useMemo(() => {
    if (sources.status !== 'ready') return null;
    if (params.operation === 'delete') return disabledBody(sources.module);
    return params.readOnlyFields?.length ? disabledBody(sources.module, params.readOnlyFields) : sources.module;
  }, [sources, params.operation, params.readOnlyFields]);

  const initialData = useMemo(() => (module ? entityFormStart(module, params.initialData) : undefined), [module, params.initialData]);

  const queryClient = useQueryClient();
  // A filed request is a document (Initiated, the approvers' Pending) that changes the entity lists when it completes.
  const file = useMutation({
    mutationFn: async (payload: SubmitPayload) => (await api.post<Filed>(path, payload, { ringiSilent: true })).data,
    onSuccess: () => void invalidateDocuments(queryClient),
  });
  const { mutateAsync } = file;
  const submit = useCallback(async (payload: SubmitPayload) => {
    // A delete is destructive: it asks first (declined: nothing is sent, the form stays).
    if (params.operation === 'delete' && !(await feedback.confirm(t('app.admin.confirmDelete'), t('app.approvals.confirm.title'), { danger: true }))) throw new Error('declined');
    try {
      return await mutateAsync(payload);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) feedback.toast(error.message, 'error', 3000);
      throw error;
    }
  }, [mutateAsync, feedback, params.operation, t]);

  if (sources.status === 'loading') return <Spinner label={t('app.common.loading')} />;
  if (sources.status === 'error' || !module) {
    return <MessageBar intent="error"><MessageBarBody>{t('app.admin.loadFailed')}</MessageBarBody></MessageBar>;
  }
  return (
    <div className={styles.page} data-testid={`entity-form-${params.operation}`}>
      <ModuleForm
        module={module}
        initialData={initialData}
        context={sources.context}
        onSubmit={submit}
        onSubmitted={() => close(true)}
        submitLabel={params.operation === 'delete' ? t('app.admin.requestDelete') : undefined}
        danger={params.operation === 'delete'}
      />
    </div>
  );
}
