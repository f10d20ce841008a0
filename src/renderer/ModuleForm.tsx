import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { buildSubmitPayload, createRuntime, type CompiledModule, type FormData, type RuleContext, type SubmitPayload, type Violation } from '../engine';
import { RendererDisplayContext } from './display-context';
import { useDangerStyles } from './theme/danger';
import type { RingiFormContext } from './form-context';
import { defaultFormData } from './form/defaults';
import { clearErrorsAt, errorTreeOf, type ErrorTree } from './form/errors';
import { FormEnvContext, type FormEnv } from './form/form-env';
import { ObjectFields } from './form/ObjectFields';
import { parsePath, setIn, type DataPath } from './form/paths';
import { buildRjsfRegistry } from './form/rjsf-registry';
import { RuleLabelsContext, useStableLabels } from './form/rule-labels';
import { useRendererHost } from './host';
import { useRendererT } from './i18n';
import { useRuleContext } from './use-rule-context';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', paddingBottom: tokens.spacingVerticalXXL },
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    alignItems: 'center',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  hint: { color: tokens.colorNeutralForeground3, marginRight: 'auto' },
});

export interface ModuleFormProps {
  module: CompiledModule;
  /** Draft or item being edited; defaults of the schema otherwise. Read once at mount: give the form a new `key` to load another draft. */
  initialData?: FormData;
  /** Master process steps, currencies and (for sub-forms) the parent's data. */
  context?: RuleContext;
  /** Receives the payload built with the engine's `buildSubmitPayload` (item mode: the item itself). */
  onSubmit(payload: SubmitPayload): Promise<{ code?: string } | void>;
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
  externalSubmit?: boolean;
  /** The submit button is a destructive action (a delete request): shown in red. */
  danger?: boolean;
}

function startData(module: CompiledModule, initialData: FormData | undefined, context: RuleContext | undefined, runtime: ReturnType<typeof createRuntime>): FormData {
  return runtime.computeAll(initialData ? { ...initialData } : defaultFormData(module.schema), context);
}

/**
 * The generic form of a compiled module. Ringi owns the form state instead of rjsf's `Form`
 * (which recomputes defaults and the retrieved schema of the whole form on every change):
 * a change copies only the path it touches, the engine applies effects and computed values,
 * and rows whose data kept its identity are skipped by React. Widgets are standard rjsf
 * widgets and fields, receiving `registry.formContext` (a RingiFormContext).
 */
export function ModuleForm(props: ModuleFormProps) {
  const { module, initialData, context: givenContext, onSubmit, onChange, onSubmitted, onReset, submitDisabled, submitLabel, loading, mode = 'form', readOnly = false, formId, externalSubmit = false, danger = false } = props;
  const dangerStyles = useDangerStyles();
  const host = useRendererHost();
  const t = useRendererT(module);
  const styles = useStyles();
  const context = useRuleContext(givenContext);
  const runtime = useMemo(() => createRuntime(module), [module]);
  const contextRef = useRef(context);
  contextRef.current = context;
  const [data, setData] = useState<FormData>(() => startData(module, initialData, context, runtime));
  const [errors, setErrors] = useState<ErrorTree>({});
  const [busy, setBusy] = useState(false);
  const dataRef = useRef(data);
  dataRef.current = data;

  const setValue = useCallback(
    (path: DataPath, value: unknown) => {
      setData((prev) => {
        const next = setIn(prev, path, value);
        if (next === prev) return prev;
        const applied = runtime.applyChange(prev, next, contextRef.current);
        dataRef.current = applied;
        return applied;
      });
      setErrors((tree) => (Object.keys(tree).length === 0 ? tree : clearErrorsAt(tree, path)));
    },
    [runtime],
  );

  // A computed field (a total) changes without the user touching it, so `setValue` never clears
  // its marked errors: when its value changes, its messages are re-judged against the new data
  // (kept while still failing, gone once valid) instead of staying until the next submit.
  const computedFields = useMemo(() => (module.rules.computed ?? []).map((rule) => rule.field), [module]);
  const judgedData = useRef(data);
  useEffect(() => {
    const before = judgedData.current;
    judgedData.current = data;
    if (before === data) return;
    setErrors((tree) => {
      const stale = computedFields.filter((field) => tree[field] && !Object.is(before[field], data[field]));
      if (stale.length === 0) return tree;
      const still = runtime.validate(data, contextRef.current ?? {}, t).filter((v) => stale.includes(v.field ?? ''));
      let next = tree;
      for (const field of stale) next = clearErrorsAt(next, [field]);
      const kept = errorTreeOf(still);
      return Object.keys(kept).length === 0 ? next : { ...next, ...kept };
    });
  }, [data, computedFields, runtime, t]);

  // Stable across keystrokes: `formData` reads the latest data, so memoized rows need not re-render.
  const formContext = useMemo<RingiFormContext>(
    () => ({
      host,
      module,
      get formData() {
        return dataRef.current;
      },
      setField: (path: string, value: unknown) => setValue(parsePath(path), value),
      readOnly,
      language: host.language,
      get ruleContext() {
        return contextRef.current;
      },
    }),
    [host, module, readOnly, setValue],
  );
  const registry = useMemo(() => buildRjsfRegistry(module.schema, formContext), [module.schema, formContext]);
  const env = useMemo<FormEnv>(() => ({ module, t, setValue, registry, formContext, readOnly }), [module, t, setValue, registry, formContext, readOnly]);

  // Currencies or steps that arrive later can change computed values (rounding by currency).
  useEffect(() => {
    setData((prev) => {
      const next = runtime.computeAll(prev, context);
      return Object.keys(next).every((key) => Object.is(next[key], prev[key])) ? prev : next;
    });
  }, [runtime, context]);

  // Report changes only: the data the form started with is not an edit worth a draft.
  const startedWith = useRef(data);
  useEffect(() => {
    if (data !== startedWith.current) onChange?.(data);
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps -- reports data changes only; a new onChange prop is no change

  // A new context value would make React walk every row looking for consumers: keep it stable.
  const displayContext = useMemo(() => ({ module, ruleContext: context }), [module, context]);
  const visibility = runtime.visibility(data, context);
  const labels = useStableLabels(runtime.labels(data, context));
  // `rules.submitEnabled` (e.g. the seal's three borrow agreements): a hint says why the button
  // is off; the validations still refuse the same body if it is submitted another way.
  const ruleAllowsSubmit = runtime.submitEnabled(data, context);
  const hintId = `${module.code}__submit-hint`;

  const showViolations = async (violations: Violation[]) => {
    setErrors(errorTreeOf(violations));
    await host.alert(t('engine.alertTitle'), violations[0].message);
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || loading || submitDisabled || !runtime.submitEnabled(dataRef.current, contextRef.current)) return;
    const current = dataRef.current;
    const violations = runtime.validate(current, contextRef.current ?? {}, t);
    if (violations.length > 0) {
      await showViolations(violations);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const payload = mode === 'item' ? current : buildSubmitPayload(module, current);
      const result = await onSubmit(payload);
      if (mode === 'item') return;
      const code = result && typeof result === 'object' ? result.code : undefined;
      await host.alert(code || t('engine.renderer.saved'), t('engine.renderer.submitted'));
      setData(startData(module, undefined, contextRef.current, runtime));
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
    setErrors({});
    // Spec: reset restores defaults, except what the module keeps (collection sales keeps currency).
    const kept = Object.fromEntries((module.meta.resetKeeps ?? []).map((field) => [field, dataRef.current[field]]));
    setData(runtime.computeAll({ ...defaultFormData(module.schema), ...kept }, contextRef.current));
    onReset?.();
  };

  return (
    <RendererDisplayContext.Provider value={displayContext}>
      <FormEnvContext.Provider value={env}>
        <RuleLabelsContext.Provider value={labels}>
          <form id={formId} className={styles.form} noValidate onSubmit={handleSubmit} aria-busy={busy || loading || undefined} data-module={module.code}>
            {loading ? (
              <Spinner label={t('engine.renderer.loading')} />
            ) : (
              <ObjectFields path={[]} schema={module.schema} uiSchema={module.uiSchema} value={data} errors={errors} visibility={visibility} />
            )}
            {externalSubmit ? null : <div className={styles.bar}>
              {!readOnly && !loading && !ruleAllowsSubmit ? (
                <Text id={hintId} size={200} className={styles.hint} role="note" data-submit-hint="">
                  {t(module.rules.submitEnabled?.hint ?? 'engine.renderer.submitBlocked')}
                </Text>
              ) : null}
              {busy ? <Spinner size="tiny" label={t('engine.renderer.submitting')} /> : null}
              {mode === 'form' && !readOnly ? (
                <Button appearance="secondary" onClick={handleReset} disabled={busy}>
                  {t('engine.renderer.reset')}
                </Button>
              ) : null}
              {readOnly ? null : (
                <Button
                  appearance="primary"
                  type="submit"
                  className={danger ? dangerStyles.solid : undefined}
                  data-danger={danger || undefined}
                  disabled={busy || loading || submitDisabled || !ruleAllowsSubmit}
                  aria-describedby={!loading && !ruleAllowsSubmit ? hintId : undefined}
                >
                  {submitLabel ?? (mode === 'item' ? t('engine.renderer.next') : t('engine.renderer.submit'))}
                </Button>
              )}
            </div>}
          </form>
        </RuleLabelsContext.Provider>
      </FormEnvContext.Provider>
    </RendererDisplayContext.Provider>
  );
}
