import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { createRuntime, type CompiledModule, type RuleContext, type SubmitPayload } from '../../../engine';
import { ModuleForm } from '../../../renderer';
import { defaultFormData } from '../../../renderer/form/defaults';
import { ApiError } from '../../api';
import { invalidateDocuments } from '../../api/queries';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { isUntouched, untouchedForm } from './draft-baseline';
import { createSubmitter } from './submit-document';
import { useDraft } from './use-draft';
import { useFormSources } from './use-form-sources';
import { FileForChoice, usePrincipals } from './FileForChoice';
import { FileAsChoice, useMyPosts } from './FileAsChoice';
import { RendererHostContext, useRendererHost } from '../../../renderer/host';

type FormData = Record<string, unknown>;

export interface SubmitTabProps {
  moduleCode: string;
  /** Pre-filled data (Submit again): the form starts with it instead of the draft. */
  initialData?: FormData;
  /** A follow-up (関連書類): the document it follows up, sent as `follow_up_of` (the user's own filing only). */
  followUpOf?: { id: number; code: string };
  /** False while another tab is shown: leaving the form saves its draft. */
  active: boolean;
  /** A document was filed (the View data tab reloads). */
  onSubmitted(): void;
  /** The definition arrived (the page shows its title). */
  onModule?(module: CompiledModule): void;
}

/**
 * The Submit tab: the module's form, started from the user's draft (or the defaults), with the
 * master-process steps and currencies as rule context. Drafts follow `useDraft`; a submit posts
 * with an Idempotency-Key; a successful submit or a confirmed reset deletes the draft. A user whom
 * someone allowed to file this module for them (代理申請) chooses above the form whom it is for:
 * the form then starts from their draft for that principal, shows the principal's route and files
 * with `filed_for`. A user holding posts in more than one department (兼務) chooses which one the
 * document is filed as (main first): the process card shows that post's route and the filing sends
 * `filed_as_department_id` (not offered when filing for someone: the principal's own post applies).
 */
export function SubmitTab({ moduleCode, initialData, followUpOf, active, onSubmitted, onModule }: SubmitTabProps) {
  const { t } = useTranslation();
  const { api, profile } = useSession();
  // 代理申請: whom the document is filed for (null: the user's own); each choice has its own draft.
  const [filedFor, setFiledFor] = useState<number | null>(null);
  const { principals } = usePrincipals(api, moduleCode);
  // 兼務: the department of the post chosen (null: the first, the main one) — offered only with more than one post.
  const posts = useMyPosts(api);
  const [postChoice, setPostChoice] = useState<number | null>(null);
  const sources = useFormSources(moduleCode, filedFor);
  useEffect(() => {
    if (sources.status === 'ready') onModule?.(sources.module);
  }, [sources, onModule]);
  // The page (title, tabs) shows in the tap's own commit; the form follows as a transition, which
  // React renders in slices, so the tap is no single long task on a slow phone (docs/PERFORMANCE.md).
  const [formTurn, setFormTurn] = useState(false);
  useEffect(() => startTransition(() => setFormTurn(true)), []);

  // Never for an entity module (organisation changes are the requester's own; the server refuses them too).
  const entity = sources.status === 'ready' && Boolean(sources.module.meta.entity);
  const offersPosts = !entity && filedFor === null && posts.length > 1;
  const filedAs = offersPosts ? (posts.find((p) => p.department_id === postChoice) ?? posts[0]).department_id : null;
  const choice = entity ? null : (
    <>
      <FileForChoice principals={principals} selfName={profile?.name ?? ''} value={filedFor} onChange={setFiledFor} />
      {offersPosts ? <FileAsChoice posts={posts} value={filedAs} onChange={setPostChoice} /> : null}
    </>
  );
  if (sources.status === 'loading' || (sources.status === 'ready' && !formTurn)) return <>{choice}<Spinner label={t('app.common.loading')} /></>;
  if (sources.status === 'error' && sources.disabled) {
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="module-disabled">
        <MessageBarBody>{t('app.application.moduleDisabled', { title: t(sources.disabled.title) })}</MessageBarBody>
      </MessageBar>
    );
  }
  if (sources.status === 'error') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{sources.notFound ? t('app.application.unknownModule', { code: moduleCode }) : t('app.application.loadFailed')}</MessageBarBody>
        {sources.notFound ? null : (
          <MessageBarActions>
            <Button onClick={sources.retry}>{t('app.application.retry')}</Button>
          </MessageBarActions>
        )}
      </MessageBar>
    );
  }
  return (
    <>
      {choice}
      <LoadedForm
        key={filedFor ?? 'own'} api={api} module={sources.module} context={sources.context} draft={sources.draft}
        prefilled={filedFor === null ? initialData : undefined} active={active} onSubmitted={onSubmitted} filedFor={entity ? null : filedFor}
        filedAs={filedAs}
        followUpOf={filedFor === null ? followUpOf : undefined}
      />
    </>
  );
}

interface LoadedFormProps {
  api: ReturnType<typeof useSession>['api'];
  module: CompiledModule;
  context: RuleContext;
  draft: FormData | null;
  prefilled?: FormData;
  active: boolean;
  onSubmitted(): void;
  /** 代理申請: the principal the document is filed for (its route, draft and `filed_for`), or null. */
  filedFor: number | null;
  /** 兼務: the department of the user's post it is filed as (`filed_as_department_id`), or null when not offered. */
  filedAs: number | null;
  /** 関連書類: the document this one follows up (`follow_up_of`). */
  followUpOf?: { id: number; code: string };
}

function LoadedForm({ api, module, context, draft, prefilled, active, onSubmitted, filedFor, filedAs, followUpOf }: LoadedFormProps) {
  const feedback = useFeedback();
  const host = useRendererHost();
  // The process card asks for the principal's route (`host.filedFor`).
  const formHost = useMemo(() => ({ ...host, filedFor, filedAs }), [host, filedFor, filedAs]);
  const runtime = useMemo(() => createRuntime(module), [module]);
  const defaults = useMemo(() => runtime.computeAll(defaultFormData(module.schema), context), [runtime, module, context]);
  const untouched = useMemo(() => untouchedForm(module, defaults, context), [module, defaults, context]);
  const isDefault = useCallback((data: FormData) => isUntouched(data, untouched), [untouched]);
  const drafts = useDraft(api, module.code, isDefault, filedFor);
  // A draft never comes back silently: the form says it was restored and offers to start blank.
  const [restored, setRestored] = useState(!prefilled && draft !== null);
  const [blank, setBlank] = useState(false);
  const start = prefilled ?? (blank ? undefined : draft ?? undefined);
  const latest = useRef<FormData>(start ?? defaults);
  const resetDone = useRef(false);
  const submittedReset = useRef(false);
  const queryClient = useQueryClient();
  const submitter = useMemo(() => createSubmitter(api, module), [api, module]);
  // A filing adds a document: every list that shows documents (View data, Initiated, Home) is fetched again.
  const { mutateAsync: submit } = useMutation({ mutationFn: submitter, onSuccess: () => void invalidateDocuments(queryClient) });

  useEffect(() => {
    if (draft) drafts.loaded();
  }, [draft, drafts]);

  // Switching to View data is leaving the form: save what is unsaved.
  useEffect(() => {
    if (!active) drafts.flush();
  }, [active, drafts]);

  // A confirmed reset (ModuleForm restores defaults and keeps `ui:module.resetKeeps` fields)
  // deletes the draft; the change it reports next is the reset data, not an edit to save.
  const handleReset = useCallback(() => {
    resetDone.current = true;
  }, []);

  const handleChange = useCallback(
    (data: FormData) => {
      latest.current = data;
      if (submittedReset.current) {
        submittedReset.current = false;
        return;
      }
      if (resetDone.current) {
        resetDone.current = false;
        void drafts.clear();
        return;
      }
      drafts.change(data);
    },
    [drafts],
  );

  // From the moment a submit starts no draft is saved: the filing clears the draft on the server,
  // and a save landing later (the debounce firing while the success alert is read, or the
  // emptied form reported after it) would bring the form back pre-filled. A refused submit resumes.
  const handleSubmit = useCallback(
    async (payload: SubmitPayload) => {
      drafts.hold();
      try {
        return await submit({ ...payload, ...(filedFor === null ? {} : { filed_for: filedFor }), ...(filedAs === null ? {} : { filed_as_department_id: filedAs }), ...(followUpOf ? { follow_up_of: followUpOf.id } : {}) });
      } catch (error) {
        drafts.resume();
        // 422: ModuleForm marks the violations and alerts the first; anything else is a toast.
        if (error instanceof ApiError && error.status !== 422) feedback.toast(error.message, 'error', 3000);
        throw error;
      }
    },
    [submit, feedback, drafts, filedFor, filedAs, followUpOf],
  );

  // The emptied form ModuleForm reports right after a successful submit is not an edit.
  const handleSubmitted = useCallback(() => {
    latest.current = defaults;
    submittedReset.current = true;
    void drafts.clear();
    drafts.resume();
    onSubmitted();
  }, [defaults, drafts, onSubmitted]);

  // Undo of the restore: the draft is deleted and the form starts again from the defaults (a new form, `key`).
  const startBlank = useCallback(() => {
    latest.current = defaults;
    setBlank(true);
    setRestored(false);
    void drafts.clear();
  }, [defaults, drafts]);

  // The same element while its props stay: the draft mutations re-render this component as each
  // save starts and ends, which must not render the whole form again.
  const form = useMemo(
    () => (
      <RendererHostContext.Provider value={formHost}>
        <ModuleForm key={blank ? 'blank' : 'draft'} module={module} initialData={start} context={context} onSubmit={handleSubmit} onChange={handleChange} onReset={handleReset} onSubmitted={handleSubmitted} staged />
      </RendererHostContext.Provider>
    ),
    [formHost, blank, module, start, context, handleSubmit, handleChange, handleReset, handleSubmitted],
  );
  return (
    <>
      {restored && <DraftRestored onUndo={startBlank} onDismiss={() => setRestored(false)} />}
      {followUpOf ? <FollowUpNote code={followUpOf.code} /> : null}
      {form}
    </>
  );
}

const useRestoredStyles = makeStyles({
  restored: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3, border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  restoredActions: { display: 'flex', gap: tokens.spacingHorizontalXS, marginLeft: 'auto' },
});

/** Above a follow-up's form (関連書類): which document it follows up, framed like "Draft restored". */
function FollowUpNote({ code }: { code: string }) {
  const { t } = useTranslation();
  const styles = useRestoredStyles();
  return <Text role="note" className={styles.restored} data-testid="follow-up-note" data-follow-up-of={code}>{t('app.followUps.formNote', { code })}</Text>;
}

/** "Draft restored" above a form that started from the user's draft, with Undo (start blank) and Keep (dismiss). */
function DraftRestored({ onUndo, onDismiss }: { onUndo(): void; onDismiss(): void }) {
  const { t } = useTranslation();
  const styles = useRestoredStyles();
  return (
    // A plain status line (Fluent's MessageBar measures itself with a ResizeObserver on every form open).
    <div role="status" data-testid="draft-restored" className={styles.restored}>
      <Text>{t('app.application.draftRestored')}</Text>
      <span className={styles.restoredActions}>
        <Button size="small" onClick={onUndo}>{t('app.application.draftUndo')}</Button>
        <Button size="small" appearance="transparent" onClick={onDismiss}>{t('app.application.draftKeep')}</Button>
      </span>
    </div>
  );
}
