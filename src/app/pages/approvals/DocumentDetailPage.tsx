import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentPdfRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DocumentStatus, type CompiledModule } from '../../../engine';
import { DetailCard, useRendererHost } from '../../../renderer';
import { NavigationContext, type PageProps } from '../../navigation';
import { ToolbarActions } from '../../shell/ToolbarActions';
import { ActionBar } from './ActionBar';
import { CommentThread } from './CommentThread';
import { detailActions, sendBackTargets, type SendBackTarget } from './detail-actions';
import { SendBackDialog } from './SendBackDialog';
import { InvoiceFiles } from './InvoiceFiles';
import { documentOptions, fieldHistoryOptions, invalidateDocuments, notifyNextOptions } from '../../api/queries';
import { openEdit } from './open-edit';
import { downloadExport } from '../../api/download-export';
import { copyServedAt } from '../../offline/offline-copies';
import { queueDecision } from '../../offline/decision-queue';
import { OFFLINE_FILE_MAX_BYTES, readOfflineFile } from '../../offline/offline-files';
import { useOffline } from '../../offline/use-offline';
import { OfflineFilesContext, type OfflineFiles } from '../../../renderer/offline-files';
import { CIRCULATED_PATH } from '../../lib/circulated-key';
import { invalidateResources } from '../../../renderer/resource-key';
import { openSubmitPage } from './open-submit-page';
import { DocumentNumbers } from './DocumentNumbers';
import { FollowUpCard } from './FollowUpCard';
import { StatusBadge } from './StatusBadge';
import { Timeline } from './Timeline';
import { STEP_FIELDS_FORM_ID, StepFieldsForm } from './StepFieldsForm';
import { DeclinedError, TREASURY_FORM_ID, TreasuryForm } from './TreasuryForm';
import type { BufferIdBody, StepActionBody, StepActionResult, TreasuryData } from '../../../wire/workflow';

/**
 * Parameters of the detail page. `documentId` (or `id`, as the application area passes it) names
 * the document; `approvalId` the step it was opened from (Pending); `hideSubmit` hides the More
 * menu (document search). `code` and `module` are accepted and ignored (the page reloads both).
 */
export interface DocumentDetailParams {
  documentId?: number;
  approvalId?: number;
  hideSubmit?: boolean;
  /** Opened from "For your information" (回覧): loading it marked it read on the server, so that list and Home's unread count are fetched again. */
  circulated?: boolean;
  /** Opened from the document search: read through the Statistic scope (`/statistic/buffers/{id}`). */
  statistic?: boolean;
  id?: number;
  code?: string;
  module?: CompiledModule;
}

/** What the page returns when it closes after an action: the caller reloads its list. */
export type DetailResult = 'changed';

const useStyles = makeStyles({
  // Spec 000 §4: a delete request's action title is red.
  delete: { color: tokens.colorPaletteRedForeground1 },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Whether a definition offers the More menu (`ui:module.moreMenu`, docs/MODULES.md). */
function hasMoreMenu(module: CompiledModule): boolean {
  return module.meta.moreMenu === true;
}

/**
 * A document's detail page (spec 000 §2 "Approval detail page"): action title, requester,
 * status, the module's DetailCard in the definition version the document was filed under, the
 * process timeline, and the action bar driven by the document's `can` flags.
 */
export function DocumentDetailPage({ params, close }: PageProps<DocumentDetailParams, DetailResult>) {
  const { t, i18n } = useTranslation();
  const host = useRendererHost();
  const navigation = useContext(NavigationContext);
  const styles = useStyles();
  const documentId = params.documentId ?? params.id;
  const queryClient = useQueryClient();
  const ref = { documentId, approvalId: params.approvalId, statistic: params.statistic };
  const loaded = useQuery(documentOptions(host.api, ref));
  // The user's tick wins over the remembered choice; the checkbox waits (disabled) for that
  // choice, so a late answer never flips a tick.
  const [notifyTick, setNotify] = useState<boolean | null>(null);
  const [choosingSendBack, setChoosingSendBack] = useState(false);
  const offline = useOffline();
  // The attachments kept on this device (issue #33 item 3): offline, the card's files open from them.
  const keptFiles = useMemo<OfflineFiles>(() => ({ offline, maxBytes: OFFLINE_FILE_MAX_BYTES, read: readOfflineFile }), [offline]);

  const doc = loaded.data?.doc ?? null;
  const openedCirculated = params.circulated === true && loaded.isSuccess;
  useEffect(() => {
    if (openedCirculated) void invalidateResources(queryClient, [CIRCULATED_PATH]);
  }, [openedCirculated, queryClient]);
  const actions = doc ? detailActions(doc, host.user?.id) : null;
  // An edit request (of a user, a company…) recorded each changed field's value before it: old → new.
  const isEditRequest = doc?.action === 'edit';
  const { data: requested } = useQuery({ ...fieldHistoryOptions(host.api, doc?.id ?? 0), enabled: isEditRequest });
  const changes = isEditRequest && requested ? Object.fromEntries(requested.map((entry) => [entry.field, entry.old_value ?? null])) : undefined;
  const showNotify = actions?.notifyNext ?? false;
  const remembered = useQuery(notifyNextOptions(host.api, doc?.id ?? 0, showNotify && doc !== null));
  const notify = notifyTick ?? remembered.data ?? false;
  const notifyKnown = remembered.isSuccess || remembered.isError;

  // Every action changes the document, its lists and Home's count: all are fetched again when shown.
  const action = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: () => void invalidateDocuments(queryClient),
  });
  const busy = action.isPending;

  /** Confirms, calls, toasts success (2 s) and closes with a refresh; a refusal leaves the page as it is. */
  const run = useCallback(
    async (confirmKey: string | { key: string; values: Record<string, string> }, call: () => Promise<unknown>, successKey: string, after?: () => void) => {
      const message = typeof confirmKey === 'string' ? t(confirmKey) : t(confirmKey.key, confirmKey.values);
      if (!(await host.confirm(message, t('app.approvals.confirm.title')))) throw new DeclinedError();
      await action.mutateAsync(call);
      host.toast(t(successKey), 'success', 2000);
      close('changed');
      after?.();
    },
    [host, t, close, action],
  );
  const quiet = (work: Promise<unknown>) => void work.catch(() => undefined); // declines and API errors were already shown

  if (loaded.isPending) return <Spinner label={t('app.approvals.loading')} />;
  if (loaded.isError || !loaded.data || !doc || !actions) {
    return (
      <Text role="alert">{t('app.approvals.detailFailed')}</Text>
    );
  }
  const { module } = loaded.data;
  const stepId = params.approvalId ?? doc.current_approval_id;
  // The sub-form the active step's definition names (the treasury step's `form`).
  const activeCode = doc.approvals.find((a) => a.active)?.master_process.process.code;
  const treasuryForm = module.process?.find((s) => s.code === activeCode)?.form;
  const sendEmailPush = actions.notifyNext ? { send_email_push: notify } : {};
  const stepAction = (body: StepActionBody) => () => host.api.post<StepActionResult>(`/approvals/${stepId}/action`, { ...body, ...sendEmailPush } satisfies StepActionBody);
  // Offline (or reading a kept copy), a decision is queued on the device with the version read,
  // and sent when the app is online again (issue #33 item 3; the server refuses it if the document changed).
  const decideOffline = async (approve: boolean) => {
    if (stepId === null || !(await host.confirm(t(approve ? 'app.approvals.confirm.approve' : 'app.approvals.confirm.reject'), t('app.approvals.confirm.title')))) return;
    const user = host.user;
    if (!user) return;
    await queueDecision({ userId: user.id, userName: user.name, approvalId: stepId, documentId: doc.id, code: doc.code, title: doc.info?.title ?? module.code, approve, expectedUpdatedAt: doc.updated_at });
    host.toast(t('app.offline.queued'), 'success', 3000);
    close('changed');
  };
  const offlineNow = () => !navigator.onLine || copyServedAt() !== null;
  const approve = () => quiet(offlineNow() ? decideOffline(true) : run('app.approvals.confirm.approve', stepAction({ approve: true }), 'app.approvals.done.approved'));
  const reject = () => quiet(offlineNow() ? decideOffline(false) : run('app.approvals.confirm.reject', stepAction({ approve: false }), 'app.approvals.done.rejected'));
  const stepFields = actions.approve ? (doc.step_fields ?? []) : [];
  // "Add these files and approve?" only when files were added; otherwise it is a plain approval.
  const added = (data: Record<string, unknown>) => Object.values(data).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== ''));
  const signed = (data: Record<string, unknown>) => run(added(data) ? 'app.approvals.confirm.stepFields' : 'app.approvals.confirm.approve', stepAction({ approve: true, data }), 'app.approvals.done.approved');
  const activeStepName = doc.approvals.find((s) => s.id === stepId)?.master_process.process.name ?? '';
  const treasury = (data: TreasuryData) => run('app.approvals.confirm.treasury', stepAction({ approve: null, data }), 'app.approvals.done.approved');
  const stepBack = () => {
    if (actions.stepBack === 'withdraw') {
      // Withdraw returns to the submit page: the application page below, or a new one.
      const fromApplication = params.id !== undefined && params.documentId === undefined;
      const stack = navigation?.stack;
      quiet(run('app.approvals.confirm.withdraw', () => host.api.post('/buffer/withdrawal', { buffer_id: doc.id } satisfies BufferIdBody), 'app.approvals.done.withdrawn',
        () => !fromApplication && stack && void openSubmitPage(stack, module)));
    } else if (actions.stepBack === 'requester') {
      quiet(run('app.approvals.confirm.pullBack', () => host.api.post('/buffer/step_back', { buffer_id: doc.id } satisfies BufferIdBody), 'app.approvals.done.pulledBack'));
    } else {
      quiet(run('app.approvals.confirm.stepBack', () => host.api.post(`/approvals/${stepId}/step_back`), 'app.approvals.done.steppedBack'));
    }
  };
  // Send back (issue #20): the choice of target, then the usual confirmation, call and toast.
  const sendBack = (target: SendBackTarget) => {
    setChoosingSendBack(false);
    const confirmKey = target.backTo === 'requester' ? 'app.approvals.confirm.sendBackRequester' : 'app.approvals.confirm.sendBack';
    quiet(run({ key: confirmKey, values: { step: target.name, name: target.name } }, stepAction({ approve: false, back_to: target.backTo }), 'app.approvals.done.sentBack'));
  };
  const resubmit = () => quiet(run('app.approvals.confirm.resubmit', () => host.api.post(`/buffer/${doc.id}/resubmit`), 'app.approvals.done.resubmitted'));
  // A saved edit invalidates the document (EditPage): this page shows the new data when it is back on top.
  const edit = () => void openEdit(host, { key: 'app.approvals.edit.title' }, doc, module);
  const submitAgain = () => {
    const stack = navigation?.stack;
    if (!stack) return close();
    // Spec: "pops two pages" (this page and the list under it) in one move, then the form opens pre-filled.
    const below = stack.depth >= 3 ? stack.entries[stack.depth - 2] : null;
    if (below) stack.close(below.id);
    else close();
    void openSubmitPage(stack, module, doc.data);
  };

  const openHistory = async () => {
    const { RecordHistoryPage } = await import('../statistic/records/RecordHistoryPage');
    void host.openPage({ key: 'statistic.records.historyTitle', params: { code: doc.code } }, () => <RecordHistoryPage documentId={doc.id} code={doc.code} reader={{ doc, module, ref }} />);
  };

  // The 稟議書 (issue #36 item 2): GET /buffer/{id}/pdf in the reader's language, saved under the server's file name.
  const printSheet = () => void downloadExport(`/buffer/${doc.id}/pdf`, '', i18n.language, `ringi-${doc.code}.pdf`)
    .catch(() => host.toast(t('app.approvals.printFailed'), 'error'));

  const header = (
    <div className={styles.card}>
      <div className={styles.head}>
        <Text weight="semibold" size={400} className={doc.action === 'delete' ? styles.delete : undefined} data-action={doc.action}>
          {doc.info?.title ?? module.code}
        </Text>
        <div>
          {!params.hideSubmit && hasMoreMenu(module) ? (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('app.approvals.more.title')} title={t('app.approvals.more.title')} />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem onClick={submitAgain}>{t('app.approvals.more.submitAgain')}</MenuItem>
                  <MenuItem>{t('app.approvals.more.cancel')}</MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          ) : null}
        </div>
      </div>
      <Text>{doc.code}</Text>
      <DocumentNumbers item={doc} />
      <Text className={styles.muted}>{t('app.approvals.requestedBy', { name: doc.requester.name })}</Text>
      <div>
        <StatusBadge status={doc.status} waitingFor={doc.waiting_for} bypass={doc.bypass === true} urgent={doc.urgent === true} />
      </div>
    </div>
  );

  const invoiceField = module.meta.statistics?.invoices?.einvoices;
  return (
    <section className={styles.page} data-testid="document-detail" data-status={doc.status}>
      <OfflineFilesContext.Provider value={keptFiles}>
        <DetailCard module={module} data={doc.data} header={header} changes={changes} />
      </OfflineFilesContext.Provider>
      {/* Which field holds the e-invoices is definition data (`ui:module.statistics.invoices.einvoices`). */}
      {doc.status === DocumentStatus.COMPLETED && invoiceField ? <InvoiceFiles ids={doc.data[invoiceField]} /> : null}
      {/* 関連書類 (issue #36 item 5): what this document follows up and what follows it up, and "Create <follow-up>". */}
      <FollowUpCard documentId={doc.id} statistic={params.statistic === true} />
      <Card>
        <Text weight="semibold">{t('app.approvals.timeline.title')}</Text>
        <Timeline doc={doc} />
        {/* The append-only change history (電子帳簿保存法; docs/COMPLIANCE.md), loaded when asked for. */}
        <Button appearance="subtle" onClick={() => void openHistory()} data-action="history">{t('app.approvals.history')}</Button>
        {/* The printed 稟議書: for whoever sees the document (a document-search reader reads through the Statistic scope, which it does not print). */}
        {params.statistic ? null : <Button appearance="subtle" icon={<DocumentPdfRegular />} onClick={printSheet} data-action="print-ringi">{t('app.approvals.printRingi')}</Button>}
      </Card>
      {/* The comment thread (issue #33 item 5) for those who see the document; a document search reader reads through the Statistic scope instead. */}
      {params.statistic ? null : <CommentThread documentId={doc.id} />}
      {/* The reader acts on this step as a deputy (代理): for whom. */}
      {doc.acting_for && (actions.approve || actions.reject || actions.treasury) ? (
        <Text weight="semibold" data-testid="acting-for">{t('app.approvals.actingFor', { name: doc.acting_for.name })}</Text>
      ) : null}
      {stepFields.length ? <StepFieldsForm module={module} fields={stepFields} data={doc.data} stepName={activeStepName} onSubmit={signed} /> : null}
      {actions.treasury && treasuryForm ? <TreasuryForm form={treasuryForm} companyId={typeof doc.data.company_id === 'number' ? doc.data.company_id : null} onSubmit={treasury} /> : null}
      {actions.edit ? (
        <ToolbarActions>
          <Button appearance="subtle" icon={<EditRegular />} aria-label={t('app.approvals.edit.title')} title={offline ? t('app.offline.actionsNote') : t('app.approvals.edit.title')} onClick={offline ? undefined : edit} disabledFocusable={offline} data-action="edit" />
        </ToolbarActions>
      ) : null}
      {actions.sendBack ? (
        <SendBackDialog open={choosingSendBack} targets={sendBackTargets(doc)} onCancel={() => setChoosingSendBack(false)} onChoose={sendBack} />
      ) : null}
      <ActionBar onEdit={edit} onSendBack={() => setChoosingSendBack(true)} onResubmit={resubmit} actions={{ ...actions, approve: Boolean(actions.approve || actions.treasury) }} approveForm={actions.treasury ? TREASURY_FORM_ID : stepFields.length ? STEP_FIELDS_FORM_ID : undefined} busy={busy} notify={notify} notifyReady={notifyKnown} onNotify={setNotify} onApprove={approve} onReject={reject} onStepBack={stepBack} offline={offline} />
    </section>
  );
}
