import { Button, Checkbox, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STEP_MODE, approverResolvers, conditionLogic, readCondition, routeValues, stepMode, stepModes, type ApproverResolver, type ModuleSource, type ProcessStepDefinition, type StepMode } from '../../../engine';
import { ApproverRuleInputs } from './ApproverRuleInputs';
import { usePositionChoices } from './position-names';
import { approverRuleSentence } from './approver-rule-sentence';
import { ConditionInputs } from './builder/ConditionInputs';
import { conditionSentence } from './builder/condition-sentence';
import { fieldRows, type FieldRow } from './builder/field-rows';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', border: 'none', margin: 0, padding: 0 },
  rules: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, listStyleType: 'none', margin: 0, padding: 0, flexBasis: '100%' },
  rule: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
});

/**
 * The route options of one step (docs/MODULES.md "Routes") as a form: when it applies (a guided
 * condition over the form's fields, read back from the step; one the form cannot show reads as a
 * sentence), who approves it (approver rules, each edited in place: what shows is what is saved),
 * editable, mode any/all/quorum, skips and circulation.
 */
export function RouteStepOptions({ step, source, onChange }: { step: ProcessStepDefinition; source: ModuleSource | null; onChange(change: Partial<ProcessStepDefinition>): void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const positions = usePositionChoices();
  // A step's condition may also read the values the server derives for routes (the amount in the
  // company's reporting currency, that currency): offered after the form's fields.
  const derived: FieldRow[] = routeValues().map((v) => {
    const label = t(`studio.builder.routeValues.${v.name}`, { defaultValue: v.name });
    return { name: v.name, type: v.type, labels: { en: label, ja: label, zh: label }, hidden: false, required: false };
  });
  const rows = source ? [...fieldRows(source), ...derived] : [];
  const condition = readCondition(step.when);
  const labelOf = (name: string) => {
    const row = rows.find((r) => r.name === name || `${r.name}_start` === name || `${r.name}_end` === name);
    return row ? row.labels[i18n.language as 'en'] || row.labels.en || row.name : name;
  };
  const approvers = step.approvers ?? [];
  // A new rule: the first kind's example (the head of the requester's department).
  const add = () => onChange({ approvers: [...approvers, approverResolvers()[0].example()], roles: undefined });
  const replace = (i: number, rule: ApproverResolver) => onChange({ approvers: approvers.map((r, j) => (j === i ? rule : r)) });
  // The last rule gone, the requester chooses: editable and skip apply to resolved approvers only.
  const remove = (i: number) => onChange(approvers.length > 1 ? { approvers: approvers.filter((_, j) => j !== i) } : { approvers: undefined, editable: undefined, skip: undefined });
  const nobody = !approvers.length && !step.roles?.length;
  const set = (key: keyof ProcessStepDefinition, value: unknown) => onChange({ [key]: value === false || value === undefined ? undefined : value } as Partial<ProcessStepDefinition>);

  return (
    <>
      {step.when !== undefined && condition === null ? (
        <div className={styles.row}>
          <Text>{t('studio.route.when')}: {conditionSentence(t, step.when, labelOf, i18n.language)}</Text>
          <Button size="small" icon={<Dismiss20Regular />} onClick={() => onChange({ when: undefined })}>{t('studio.route.removeCondition')}</Button>
        </div>
      ) : (
        <ConditionInputs
          label={t('studio.route.when')}
          rows={rows}
          source={source!}
          optional
          alwaysLabel={t('studio.route.always')}
          value={condition}
          onChange={(c) => onChange({ when: c ? conditionLogic(c) : undefined })}
        />
      )}
      {condition && <Text size={200} data-testid="studio-step-when">{t('studio.route.appliesWhen', { sentence: conditionSentence(t, step.when!, labelOf, i18n.language) })}</Text>}
      <fieldset className={styles.row}>
        <legend>{t('studio.route.approvers')}</legend>
        {approvers.length === 0 && (
          <Text size={200} role={nobody && !step.optional ? 'alert' : undefined}>
            {step.roles?.length ? t('studio.route.chosenByRequester') : step.optional ? t('studio.route.chosenFromAnyone') : t('studio.route.nobody')}
          </Text>
        )}
        <ul className={styles.rules}>
          {approvers.map((rule, i) => (
            <li key={i} className={styles.rule}>
              <ApproverRuleInputs rule={rule} onChange={(next) => replace(i, next)} />
              <Button size="small" icon={<Dismiss20Regular />} aria-label={t('studio.route.removeRule', { rule: approverRuleSentence(t, rule, positions) })} onClick={() => remove(i)}>
                {t('studio.route.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <Button icon={<Add20Regular />} onClick={add}>{t('studio.route.addRule')}</Button>
      </fieldset>
      <div className={styles.row}>
        <Field label={t('studio.route.mode')}>
          <Select value={step.mode ?? DEFAULT_STEP_MODE} onChange={(_, d) => onChange({ mode: d.value === DEFAULT_STEP_MODE ? undefined : (d.value as StepMode), quorum: stepMode(d.value)?.takesQuorum ? step.quorum ?? 2 : undefined })}>
            {stepModes().map((m) => <option key={m.code} value={m.code}>{t(`studio.route.modes.${m.code}`)}</option>)}
          </Select>
        </Field>
        {stepMode(step.mode)?.takesQuorum && (
          <Field label={t('studio.route.quorum')}>
            <Input type="number" min={1} value={String(step.quorum ?? 2)} onChange={(_, d) => onChange({ quorum: Math.max(1, Number(d.value) || 1) })} />
          </Field>
        )}
        <Checkbox label={t('studio.route.editable')} checked={step.editable === true} onChange={(_, d) => set('editable', d.checked === true)} />
        <Checkbox label={t('studio.route.skipRequester')} checked={step.skip?.requester === true} onChange={(_, d) => onChange({ skip: { ...step.skip, requester: d.checked === true || undefined } })} />
        <Checkbox label={t('studio.route.skipVacant')} checked={step.skip?.vacant === true} onChange={(_, d) => onChange({ skip: { ...step.skip, vacant: d.checked === true || undefined } })} />
        <Checkbox label={t('studio.route.circulation')} checked={step.circulation === true} onChange={(_, d) => set('circulation', d.checked === true)} />
      </div>
    </>
  );
}
