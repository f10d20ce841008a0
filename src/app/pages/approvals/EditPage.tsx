import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { listText, editingModule, KEPT_ON_EDIT, labelKey, readSubmitPayload, StepStatus, toDisplayTimestamp, type CompiledModule, type RuleContext } from '../../../engine';
import { ModuleForm, RendererHostContext, useRendererHost, useRendererT } from '../../../renderer';
import { currenciesOptions, fieldHistoryOptions, invalidateDocuments } from '../../api/queries';
import { ChangedValue } from './ChangedValue';
import { DeclinedError } from './TreasuryForm';
import type { DocumentView } from './types';
import type { EditBody, Edited } from '../../../wire/workflow';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The document's approver choices as the form's `approvals` (so the approver rules hold). */
function approvalsOf(doc: DocumentView) {
  return doc.approvals.flatMap((step) =>
    (step.approver && step.status !== StepStatus.PENDING ? [step.approver] : step.prospective_approvers).map((user) => ({ approver_id: user.id, master_process_id: step.master_process.id })),
  );
}

/**
 * The edit page (spec 000 §2): the module's form pre-filled with the document, body only (an edit
 * keeps the route and filing flags: no bypass switch, no approver flow), the forward-document
 * users read-only, the field history (last edit per field: user, date, value); submit asks
 * confirmation (saying that approvals already given are cleared), posts `POST /buffer/{id}/edit
 * {data, expected_updated_at}` (the flat form data, and the document as read) and says it was saved.
 */
export function EditPage({ doc, module, onSaved }: { doc: DocumentView; module: CompiledModule; onSaved(): void }) {
  const { t } = useTranslation();
  const mt = useRendererT(module);
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const initialData = useMemo(() => ({ ...doc.data, approvals: approvalsOf(doc) }), [doc]);
  // Urgency (至急) is the requester's to change; an approver editing sees it read-only (the server answers 403 otherwise).
  const isRequester = host.user?.id === doc.requester.id;
  const form = useMemo(() => {
    const editing = editingModule(module);
    if (isRequester || !('urgent' in editing.uiSchema)) return editing;
    return { ...editing, uiSchema: { ...editing.uiSchema, urgent: { ...(editing.uiSchema.urgent as object), 'ui:readonly': true } } };
  }, [module, isRequester]);
  // The form is the requester's filing, edited: rules of the filer (a company picker's own-company
  // lock) are the requester's, as the server checks the edit against them — not the editor's.
  const formHost = useMemo(() => ({ ...host, filedFor: doc.requester.id }), [host, doc.requester.id]);
  // Someone has approved: saving a change clears those approvals and the route starts again (the server decides; the confirmation says so first).
  const decided = doc.approvals.some((step) => step.status === StepStatus.DONE || (step.decided?.length ?? 0) > 0);
  // The form shows the forward-document users itself (read-only) when the module has the field.
  const listsForwarded = KEPT_ON_EDIT.some((field) => field in ((module.schema.properties ?? {}) as Record<string, unknown>));
  // The rule context: a failed list is an empty one (the server checks the edit again).
  const currencies = useQuery(currenciesOptions(host.api));
  const history = useQuery(fieldHistoryOptions(host.api, doc.id)).data ?? [];
  const context = useMemo<RuleContext | null>(
    () =>
      currencies.isPending
        ? null
        : {
            // The filed route stays (the server keeps the approvers): no step asks for a choice here.
            steps: [],
            mayBypass: false,
            currencies: (currencies.data ?? []).map(({ id, code }) => ({ id, code })),
          },
    [currencies.isPending, currencies.data],
  );
  // The edit changes the document, its field history and the lists that show it.
  const save = useMutation({
    // The document as this page read it: a decision or another edit since answers 409 (nothing saved).
    mutationFn: (data: Record<string, unknown>) => host.api.post<Edited>(`/buffer/${doc.id}/edit`, { data, expected_updated_at: doc.updated_at } satisfies EditBody),
    onSuccess: () => void invalidateDocuments(queryClient),
  });

  return (
    <section className={styles.page} data-testid="edit-page">
      {doc.user_finances.length && !listsForwarded ? (
        <Card className={styles.card}>
          <Text weight="semibold">{t('app.approvals.edit.forwarded')}</Text>
          <Text>{listText(t, doc.user_finances.map((u) => u.name))}</Text>
        </Card>
      ) : null}
      {context ? (
        <RendererHostContext.Provider value={formHost}>
          <ModuleForm
            module={form}
            documentId={doc.id}
            initialData={initialData}
            context={context}
            onSubmit={async (payload) => {
              if (!(await host.confirm(t(decided ? 'app.approvals.confirm.editClears' : 'app.approvals.confirm.edit'), t('app.approvals.confirm.title')))) throw new DeclinedError();
              await save.mutateAsync(readSubmitPayload(module, payload));
              return { code: doc.code };
            }}
            submittedMessage={t('app.approvals.edit.saved')}
            onSubmitted={onSaved}
          />
        </RendererHostContext.Provider>
      ) : (
        <Spinner label={t('app.approvals.loading')} />
      )}
      <Card className={styles.card} data-testid="field-history">
        <Text weight="semibold">{t('app.approvals.edit.history')}</Text>
        {history.length === 0 ? <Text className={styles.muted}>{t('app.approvals.edit.noHistory')}</Text> : null}
        {history.map((entry) => (
          <div key={entry.field}>
            <Text block weight="semibold">{mt(labelKey(module, entry.field))}</Text>
            {/* Who and when on one line, the value on its own (Text is inline unless `block`). */}
            <Text block size={200} className={styles.muted} data-history="meta">
              {`${entry.user?.name ?? ''} · ${toDisplayTimestamp(entry.created_at)}`}
            </Text>
            <Text block data-history="value">
              <ChangedValue module={module} field={entry.field} value={entry.value} data={doc.data} />
            </Text>
          </div>
        ))}
      </Card>
    </section>
  );
}
