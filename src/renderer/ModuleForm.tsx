import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { buildSubmitPayload, createRuntime, type CompiledModule, type FormData, type RuleContext, type SubmitPayload, type Violation } from '../engine';
import { RendererDisplayContext } from './display-context';
import { useDisplayContextValue } from './cards/use-display-context-value';
import type { RingiFormContext, SubFormProps } from './form-context';
import { defaultFormData } from './form/defaults';
import { errorTreeOf } from './form/errors';
import { FormEnvContext, type FormEnv } from './form/form-env';
import { FormLayout } from './form/FormLayout';
import { FormStore } from './form/form-store';
import { createFormSettling } from './form/form-settling';
import { InlineArrayField } from './form/InlineArrayField';
import { ItemPage } from './form/ItemPage';
import { ObjectFields } from './form/ObjectFields';
import { parsePath } from './form/paths';
import { buildRjsfRegistry } from './form/rjsf-registry';
import { SubmitBar } from './form/SubmitBar';
import { useFormSelector } from './form/use-form-selector';
import { useRendererHost } from './host';
import { useRendererT } from './i18n';
import { findRegistryEntry } from './registry';
import { useRuleContext } from './use-rule-context';
import { BudgetHint } from './BudgetHint';

/** How long Submit waits for a widget still filling its value before it judges what is there. */
const SETTLE_LIMIT_MS = 10_000;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', paddingBottom: tokens.spacingVerticalXXL },
});

export interface ModuleFormProps {
  module: CompiledModule;
  /** The filed document being edited: its own budget reservation is left out of what the budget hint says remains. */
  documentId?: number;
  /** Draft or item being edited; defaults of the schema otherwise. Read once at mount: give the form a new `key` to load another draft. */
  initialData?: FormData;
  /** Master process steps, currencies and (for sub-forms) the parent's data. */
  context?: RuleContext;
  /** Receives the payload built with the engine's `buildSubmitPayload` (item mode: the item itself). */
  onSubmit(payload: SubmitPayload): Promise<{ code?: string; application_number?: string | null } | void>;
  /** Every change of the data (for drafts). */
  onChange?(data: FormData): void;
  /** After the success alert was closed (form mode), with the server's answer. */
  onSubmitted?(result: { code?: string } | void): void;
  /** After a confirmed reset (the app clears the draft). */
  onReset?(): void;
  submitDisabled?: boolean;
  /** Text of the submit button when the default (Submit, or Next in item mode) does not fit. */
  submitLabel?: string;
  /** The host is still loading the definition, draft or context. */
  loading?: boolean;
  /** 'item': a sub-form page with a Next button that returns the item instead of submitting. */
  mode?: 'form' | 'item';
  readOnly?: boolean;
  /**
   * `id` of the `<form>`, so a button elsewhere on the page can submit it (`<button form=…>`).
   * With `externalSubmit` the form renders no bar of its own: the page's action bar carries the
   * submit button (the treasury step: one bar, not two).
   */
  formId?: string;
  /**
   * First part of every field's DOM id (rjsf's `idPrefix`; default `root`). An item page opens
   * over its parent form, which stays mounted: it passes a prefix of its own so a label's `for`
   * finds the input on its page, and no id is in the document twice.
   */
  idPrefix?: string;
  externalSubmit?: boolean;
  /** The submit button is a destructive action (a delete request): shown in red. */
  danger?: boolean;
  /** The success alert's text when "Application has been submitted" is not what happened (an edit saved). */
  submittedMessage?: string;
  /**
   * Opens with the fields of the first screen and adds the rest a screenful at a time, each in a
   * transition (`FormLayout`): for a form opened by a tap, so the tap is no single long task.
   * The form is `aria-busy` until every field is in.
   */
  staged?: boolean;
}

/**
 * Reports data changes to `onChange` from an effect, as the form did when it held the data: after
 * the commit, so the host hears of a submit or reset (`onSubmitted`, `onReset`) before the emptied
 * form it leads to. The data the form started with is not an edit worth a draft. Rendered only
 * for a host that listens: otherwise a keystroke has nothing to report.
 */
function ChangeReporter({ store, onChange }: { store: FormStore; onChange(data: FormData): void }) {
  const data = useFormSelector(store, (s) => s.data);
  const startedWith = useRef(data);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (data !== startedWith.current) onChangeRef.current(data);
  }, [data]);
  return null;
}

/** An item's page: this form in item mode (what `formContext.SubForm` renders for item lists). */
export function SubForm(props: SubFormProps) {
  return <ItemPage {...props} Form={ModuleForm} />;
}

/**
 * The generic form of a compiled module: a store (`FormStore`: data, errors, the rules' derived
 * answers), the layout (`FormLayout`: each top-level field subscribed to its own slice) and the
 * submit bar. The form component itself renders on mount, busy and prop changes only: a
 * keystroke goes to the store, which runs the rules the change touches and re-renders the field
 * typed into and whatever shows a value that changed with it. Widgets are standard rjsf widgets
 * and fields, receiving `registry.formContext` (a RingiFormContext).
 */
export function ModuleForm(props: ModuleFormProps) {
  const { module, documentId, initialData, context: givenContext, onSubmit, onChange, onSubmitted, onReset, submitDisabled, submitLabel, loading, mode = 'form', readOnly = false, formId, idPrefix = 'root', externalSubmit = false, danger = false, submittedMessage, staged = false } = props;
  const host = useRendererHost();
  const t = useRendererT(module);
  const styles = useStyles();
  const context = useRuleContext(givenContext);
  const runtime = useMemo(() => createRuntime(module), [module]);
  const contextRef = useRef(context);
  contextRef.current = context;
  // One store per module; a new definition (the studio's preview) keeps the data typed so far.
  const storeRef = useRef<FormStore | null>(null);
  if (storeRef.current?.runtime !== runtime) {
    const start = storeRef.current?.data ?? (initialData ? { ...initialData } : defaultFormData(module.schema));
    storeRef.current = new FormStore(runtime, start, context, t);
  }
  const store = storeRef.current;
  store.t = t;
  const [busy, setBusy] = useState(false);
  // Widgets still filling a value of their own (a currency's default) hold Submit until they have.
  const settling = useMemo(() => createFormSettling(), []);
  // A staged form is busy (aria-busy) until its last fields are in.
  const [staging, setStaging] = useState(staged);
  const stagedAll = useCallback(() => setStaging(false), []);


  // Currencies or steps that arrive later can change computed values (rounding by currency).
  useEffect(() => store.setContext(context), [store, context]);

  const setValue = useCallback<FormEnv['setValue']>((path, value) => store.setValue(path, value), [store]);
  // Stable across keystrokes: `formData` reads the latest data, so memoized rows need not re-render.
  const formContext = useMemo<RingiFormContext>(
    () => ({
      host,
      module,
      get formData() {
        return store.data;
      },
      setField: (path: string, value: unknown) => setValue(parsePath(path), value),
      readOnly,
      language: host.language,
      get ruleContext() {
        return contextRef.current;
      },
      SubForm,
      settling,
    }),
    [host, module, readOnly, setValue, store, settling],
  );
  const registry = useMemo(() => buildRjsfRegistry(module.schema, formContext, idPrefix), [module.schema, formContext, idPrefix]);
  const env = useMemo<FormEnv>(
    () => ({ module, t, setValue, registry, formContext, idPrefix, readOnly, store, findEntry: findRegistryEntry, Fields: ObjectFields, ArrayField: InlineArrayField }),
    [module, t, setValue, registry, formContext, idPrefix, readOnly, store],
  );
  // A new context value would make React walk every row looking for consumers: keep it stable.
  const displayContext = useDisplayContextValue(module, context);

  const showViolations = async (violations: Violation[]) => {
    store.setErrors(errorTreeOf(violations));
    await host.alert(t('engine.alertTitle'), violations[0].message);
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || loading || submitDisabled) return;
    if (settling.pending()) {
      // Pressed while a default is still filling (the currency list on a slow network): judged once it is in.
      setBusy(true);
      await settling.settled(SETTLE_LIMIT_MS);
      setBusy(false);
    }
    if (!runtime.submitEnabled(store.data, contextRef.current)) return;
    const current = store.data;
    const violations = runtime.validate(current, contextRef.current ?? {}, t);
    if (violations.length > 0) {
      await showViolations(violations);
      return;
    }
    store.setErrors({});
    setBusy(true);
    try {
      const payload = mode === 'item' ? current : buildSubmitPayload(module, current);
      const result = await onSubmit(payload);
      if (mode === 'item') return;
      const code = result && typeof result === 'object' ? result.code : undefined;
      // The 申請番号 the filing gave (where the module numbers its documents) is said at once.
      const number = result && typeof result === 'object' ? result.application_number : undefined;
      await host.alert(code || t('engine.renderer.saved'), submittedMessage ?? (number ? t('engine.renderer.submittedNumber', { number }) : t('engine.renderer.submitted')));
      store.replace(defaultFormData(module.schema));
      onSubmitted?.(result);
    } catch (error) {
      // The server's 422 carries the same ordered violations: mark them like local ones. Other
      // failures were already reported by the host's API client (error toast).
      const failure = error as { violations?: Violation[]; body?: { violations?: Violation[] } } | null;
      const violations = failure?.violations ?? failure?.body?.violations;
      if (Array.isArray(violations) && violations.length > 0) await showViolations(violations);
    } finally {
      setBusy(false);
    }
  };

  const handleReset = async () => {
    if (!(await host.confirm(t('engine.renderer.resetConfirm'), t('engine.renderer.reset')))) return;
    store.setErrors({});
    // Spec: reset restores defaults, except what the module keeps (collection sales keeps currency).
    const kept = Object.fromEntries((module.meta.resetKeeps ?? []).map((field) => [field, store.data[field]]));
    store.replace({ ...defaultFormData(module.schema), ...kept });
    onReset?.();
  };

  return (
    <RendererDisplayContext.Provider value={displayContext}>
      <FormEnvContext.Provider value={env}>
        <form id={formId} className={styles.form} noValidate onSubmit={handleSubmit} aria-busy={busy || loading || staging || undefined} data-module={module.code} data-id-prefix={idPrefix}>
          {loading ? <Spinner label={t('engine.renderer.loading')} /> : <FormLayout staged={staged} onStaged={stagedAll} />}
          {onChange ? <ChangeReporter store={store} onChange={onChange} /> : null}
          {module.meta.budget && mode === 'form' && !readOnly && !loading ? <BudgetHint module={module} store={store} documentId={documentId} /> : null}
          {externalSubmit ? null : (
            <SubmitBar mode={mode} busy={busy} loading={Boolean(loading)} submitDisabled={Boolean(submitDisabled)} submitLabel={submitLabel} danger={danger} onReset={handleReset} />
          )}
        </form>
      </FormEnvContext.Provider>
    </RendererDisplayContext.Provider>
  );
}
