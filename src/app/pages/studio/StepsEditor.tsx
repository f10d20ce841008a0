import { Button, Checkbox, Field, Input, MessageBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowDown20Regular, ArrowUp20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useDangerStyles } from '../../../renderer';
import { STEP_ROLES, stepCodeFromName, type ModuleSource, type ProcessFile, type ProcessStepDefinition, type StepRole } from '../../../engine';
import { sharedStepOf } from '../../../engine/definitions/shared-steps';
import type { StudioViolation } from './studio-api';
import { RouteStepOptions } from './RouteStepOptions';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyleType: 'none', margin: 0, padding: 0 },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

const blank = (): ProcessStepDefinition => ({ code: '', names: { en: '', ja: '', zh: '' }, roles: [] });

/** Step codes (lower-case words joined by hyphens) are at most 64 characters. */
const CODE_MAX = 64;

/** A new code for a step whose code is shared: `<code>-<module>`, numbered when the module has it already. */
export function newStepCode(code: string, moduleCode: string, taken: string[]): string {
  const base = `${code}-${moduleCode}`.slice(0, CODE_MAX - 3).replace(/-+$/, '');
  let candidate = base;
  for (let n = 2; taken.includes(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** The step index and shared code of each checker problem "this step code means something else elsewhere". */
function sharedStepProblems(problems: readonly StudioViolation[]): Map<number, { step: string; module: string }> {
  const found = new Map<number, { step: string; module: string }>();
  for (const v of problems) {
    const index = /^\/process\/steps\/(\d+)$/.exec(v.propertyPath)?.[1];
    const shared = sharedStepOf(v.detail ?? '') ?? sharedStepOf(v.message);
    if (index !== undefined && shared) found.set(Number(index), shared);
  }
  return found;
}

/**
 * The process-step editor: the module's approval steps as a form (code, names in en/ja/zh,
 * eligible role flags — any of them, optional, any-of), in order. It edits the same `process`
 * part the JSON editor shows, so both stay in step. A step whose code other modules give other
 * names or roles (the checker's `problems`) says so beside its code and offers a new code.
 */
export function StepsEditor({ value, onChange, source = null, problems = [] }: {
  value: ProcessFile | null; onChange(next: ProcessFile): void; source?: ModuleSource | null;
  /** The checker's problems of the draft (those of a step's shared code show at the step). */
  problems?: readonly StudioViolation[];
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const danger = useDangerStyles();
  const steps = Array.isArray(value?.steps) ? value.steps : [];
  const set = (next: ProcessStepDefinition[]) => onChange({ ...value, steps: next });
  const shared = sharedStepProblems(problems);
  const update = (index: number, change: Partial<ProcessStepDefinition>) => set(steps.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step);
    set(next);
  };

  return (
    <section aria-label={t('studio.steps.title')} data-testid="studio-steps">
      <Text weight="semibold">{t('studio.steps.title')}</Text>
      <ol className={styles.list}>
        {steps.map((step, index) => (
          <li key={index} className={styles.step}>
            <Field label={t('studio.steps.code')} validationState={shared.get(index)?.step === step.code ? 'warning' : 'none'} validationMessage={shared.get(index)?.step === step.code ? t('studio.steps.sharedCode', { code: step.code, module: shared.get(index)!.module }) : undefined}>
              <Input value={step.code ?? ''} onChange={(_, d) => update(index, { code: d.value })} />
            </Field>
            {shared.get(index)?.step === step.code && source && (
              <div className={styles.row}>
                <Button size="small" onClick={() => update(index, { code: newStepCode(step.code, source.code, steps.map((s) => s.code)) })}>
                  {t('studio.steps.useNewCode', { code: newStepCode(step.code, source.code, steps.map((s) => s.code)) })}
                </Button>
              </div>
            )}
            {(['en', 'ja', 'zh'] as const).map((lang) => (
              <Field key={lang} label={t(`studio.steps.name${lang[0].toUpperCase()}${lang[1]}`)}>
                <Input value={step.names?.[lang] ?? ''} onChange={(_, d) => update(index, {
                  names: { ...step.names, [lang]: d.value },
                  // A new step's code follows its English name until the code is edited (`p-director-approval`).
                  ...(lang === 'en' && (step.code ?? '') === stepCodeFromName(step.names?.en ?? '') ? { code: stepCodeFromName(d.value) } : {}),
                })} />
              </Field>
            ))}
            <fieldset className={styles.row}>
              <legend>{t('studio.steps.roles')}</legend>
              {STEP_ROLES.map((role) => (
                <Checkbox
                  key={role}
                  label={t(`studio.steps.role.${role}`)}
                  checked={(step.roles ?? []).includes(role)}
                  onChange={(_, d) => update(index, { roles: d.checked ? [...(step.roles ?? []), role] : (step.roles ?? []).filter((r: StepRole) => r !== role) })}
                />
              ))}
            </fieldset>
            {(step.roles ?? []).some((r) => !STEP_ROLES.includes(r)) && (
              <MessageBar intent="warning" layout="multiline">
                {t('studio.stepsUnknownRoles', { roles: (step.roles ?? []).filter((r) => !STEP_ROLES.includes(r)).join(', ') })}
              </MessageBar>
            )}
            <div className={styles.row}>
              <Checkbox label={t('studio.steps.optional')} checked={step.optional === true} onChange={(_, d) => update(index, { optional: d.checked === true })} />
              <Checkbox label={t('studio.steps.anyOf')} checked={step.anyOf !== false} onChange={(_, d) => update(index, { anyOf: d.checked === true })} />
            </div>
            <RouteStepOptions step={step} source={source} onChange={(change) => update(index, change)} />
            <div className={styles.row}>
              <Button size="small" icon={<ArrowUp20Regular />} disabled={index === 0} onClick={() => move(index, -1)}>{t('studio.steps.up')}</Button>
              <Button size="small" icon={<ArrowDown20Regular />} disabled={index === steps.length - 1} onClick={() => move(index, 1)}>{t('studio.steps.down')}</Button>
              <Button size="small" className={danger.quiet} data-danger icon={<Delete20Regular />} onClick={() => set(steps.filter((_, i) => i !== index))}>{t('studio.steps.remove')}</Button>
            </div>
          </li>
        ))}
      </ol>
      <Button icon={<Add20Regular />} onClick={() => set([...steps, blank()])}>{t('studio.steps.add')}</Button>
    </section>
  );
}
