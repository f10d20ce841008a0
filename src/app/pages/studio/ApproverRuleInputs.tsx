import { useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { STEP_ROLES, approverResolver, approverResolvers, resolverKindsOf, type ApproverParam, type ApproverResolver } from '../../../engine';
import { usePositionChoices } from './position-names';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
});

/** The e-mail addresses of a "named users" parameter, typed separated by commas (the text is kept while typing). */
function EmailsInput({ label, emails, onChange }: { label: string; emails: string[]; onChange(emails: string[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(emails.join(', '));
  return (
    <Field label={label} hint={t('studio.route.usersHint')}>
      <Input value={text} onChange={(_, d) => { setText(d.value); onChange(d.value.split(/[\s,]+/).filter(Boolean)); }} />
    </Field>
  );
}

/** One parameter of a rule, edited by what it holds (the resolver table's `input`). */
function ParamInput({ param, value, onChange }: { param: ApproverParam; value: unknown; onChange(value: unknown): void }) {
  const { t } = useTranslation();
  const positions = usePositionChoices();
  if (param.input === 'position') {
    const code = typeof value === 'string' ? value : '';
    // By name in the studio's language; the route saves the code. A code the company does not
    // know (or a retired one) stays offered as it is, so nothing changes by itself.
    return positions.length > 0 ? (
      <Field label={t(param.label ?? 'studio.route.positionName')}>
        <Select value={code} onChange={(_, d) => onChange(d.value)}>
          {positions.some((p) => p.code === code && !p.retired) ? null : <option value={code}>{positions.find((p) => p.code === code)?.name ?? code}</option>}
          {positions.filter((p) => !p.retired).map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
        </Select>
      </Field>
    ) : (
      <Field label={t(param.label ?? 'studio.route.position')}><Input value={code} onChange={(_, d) => onChange(d.value.trim())} /></Field>
    );
  }
  if (param.input === 'role') {
    return (
      <Field label={t(param.label ?? 'studio.route.role')}>
        <Select value={String(value ?? '')} onChange={(_, d) => onChange(d.value)}>
          {STEP_ROLES.map((r) => <option key={r} value={r}>{t(`studio.steps.role.${r}`)}</option>)}
        </Select>
      </Field>
    );
  }
  if (param.input === 'emails') return <EmailsInput label={t(param.label ?? 'studio.route.users')} emails={Array.isArray(value) ? value as string[] : []} onChange={onChange} />;
  return (
    <Field label={t(param.label ?? `studio.route.${param.key}`)}>
      <Select value={String(value ?? '')} onChange={(_, d) => onChange(d.value)}>
        {(param.options ?? []).map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
      </Select>
    </Field>
  );
}

/**
 * One approver rule of a step, edited in place: every change is the step's rule at once (what the
 * studio shows is what is saved — there is no separate "input row" to forget to add). The kinds and
 * their inputs are the resolver table's (`approverResolvers()`): a new kind is offered as it is registered.
 */
export function ApproverRuleInputs({ rule, onChange }: { rule: ApproverResolver; onChange(next: ApproverResolver): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const kind = resolverKindsOf(rule)[0] ?? '';
  const descriptor = approverResolver(kind);
  return (
    <div className={styles.row}>
      <Field label={t('studio.route.ruleKind')}>
        <Select value={kind} onChange={(_, d) => onChange(approverResolver(d.value)!.example())}>
          {descriptor ? null : <option value={kind}>{kind}</option>}
          {approverResolvers().map((k) => <option key={k.code} value={k.code}>{t(`studio.route.kinds.${k.code}`)}</option>)}
        </Select>
      </Field>
      {descriptor?.params.map((param) => (
        <ParamInput key={param.key} param={param} value={rule[param.key]} onChange={(value) => onChange({ ...rule, [param.key]: value })} />
      ))}
    </div>
  );
}
