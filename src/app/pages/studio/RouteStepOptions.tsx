import { useState } from 'react';
import { Button, Checkbox, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STEP_MODE, STEP_ROLES, conditionLogic, stepMode, stepModes, type ApproverResolver, type Condition, type ModuleSource, type ProcessStepDefinition, type StepMode, type StepRole } from '../../../engine';
import { ConditionInputs } from './builder/ConditionInputs';
import { fieldRows } from './builder/field-rows';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', border: 'none', margin: 0, padding: 0 },
  logic: { margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, whiteSpace: 'pre-wrap', wordBreak: 'break-all', backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingHorizontalXS },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0 },
});

type Kind = 'position' | 'role' | 'users' | 'colleagues';

/** An approver rule in words ("head of the requester's department", "role legal", …). */
function describe(t: (key: string, values?: Record<string, unknown>) => string, rule: ApproverResolver): string {
  if ('position' in rule) return t(`studio.route.describe.position.${rule.of}`, { position: rule.position });
  if ('role' in rule) return t('studio.route.describe.role', { role: t(`studio.steps.role.${rule.role}`) });
  if ('users' in rule) return t('studio.route.describe.users', { users: rule.users.join(', ') });
  return t('studio.route.describe.colleagues');
}

/**
 * The route options of one step (docs/MODULES.md "Routes") as a form: when it applies (a guided
 * condition over the form's fields), who approves it (approver rules), editable, mode any/all/
 * quorum, skips and circulation. The condition's json-logic shows read-only.
 */
export function RouteStepOptions({ step, source, onChange }: { step: ProcessStepDefinition; source: ModuleSource | null; onChange(change: Partial<ProcessStepDefinition>): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rows = source ? fieldRows(source) : [];
  const [condition, setCondition] = useState<Condition | null>(null);
  const [kind, setKind] = useState<Kind>('position');
  const [position, setPosition] = useState('head');
  const [of, setOf] = useState<'requester' | 'company'>('requester');
  const [role, setRole] = useState<StepRole>(STEP_ROLES[0]);
  const [users, setUsers] = useState('');
  const approvers = step.approvers ?? [];
  const add = () => {
    const rule: ApproverResolver = kind === 'position' ? { position: position.trim(), of } : kind === 'role' ? { role } : kind === 'users' ? { users: users.split(/[\s,]+/).filter(Boolean) } : { colleagues: true };
    onChange({ approvers: [...approvers, rule], roles: undefined });
  };
  const set = (key: keyof ProcessStepDefinition, value: unknown) => onChange({ [key]: value === false || value === undefined ? undefined : value } as Partial<ProcessStepDefinition>);

  return (
    <>
      <ConditionInputs
        label={t('studio.route.when')}
        rows={rows}
        source={source!}
        optional
        value={condition}
        onChange={(c) => { setCondition(c); onChange({ when: c ? conditionLogic(c) : undefined }); }}
      />
      {step.when !== undefined && <pre className={styles.logic} aria-label={t('studio.builder.generated')}>{JSON.stringify(step.when)}</pre>}
      <fieldset className={styles.row}>
        <legend>{t('studio.route.approvers')}</legend>
        {approvers.length === 0 && <Text size={200}>{t('studio.route.chosenByRequester')}</Text>}
        <ul className={styles.chips}>
          {approvers.map((rule, i) => (
            <li key={i}>
              <Button size="small" icon={<Dismiss20Regular />} iconPosition="after" aria-label={t('studio.route.removeRule', { rule: describe(t, rule) })}
                onClick={() => onChange({ approvers: approvers.filter((_, j) => j !== i).length ? approvers.filter((_, j) => j !== i) : undefined })}>
                {describe(t, rule)}
              </Button>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className={styles.row}>
        <Field label={t('studio.route.ruleKind')}>
          <Select value={kind} onChange={(_, d) => setKind(d.value as Kind)}>
            {(['position', 'role', 'users', 'colleagues'] as const).map((k) => <option key={k} value={k}>{t(`studio.route.kinds.${k}`)}</option>)}
          </Select>
        </Field>
        {kind === 'position' && (
          <>
            <Field label={t('studio.route.position')}><Input value={position} onChange={(_, d) => setPosition(d.value)} /></Field>
            <Field label={t('studio.route.of')}>
              <Select value={of} onChange={(_, d) => setOf(d.value as 'requester' | 'company')}>
                <option value="requester">{t('studio.route.ofRequester')}</option>
                <option value="company">{t('studio.route.ofCompany')}</option>
              </Select>
            </Field>
          </>
        )}
        {kind === 'role' && (
          <Field label={t('studio.route.role')}>
            <Select value={role} onChange={(_, d) => setRole(d.value as StepRole)}>
              {STEP_ROLES.map((r) => <option key={r} value={r}>{t(`studio.steps.role.${r}`)}</option>)}
            </Select>
          </Field>
        )}
        {kind === 'users' && <Field label={t('studio.route.users')} hint={t('studio.route.usersHint')}><Input value={users} onChange={(_, d) => setUsers(d.value)} /></Field>}
        <Button icon={<Add20Regular />} onClick={add}>{t('studio.route.addRule')}</Button>
      </div>
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
