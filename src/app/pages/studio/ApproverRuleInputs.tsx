import { useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { STEP_ROLES, type ApproverResolver, type StepRole } from '../../../engine';
import { usePositionChoices } from './position-names';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
});

type Kind = 'position' | 'role' | 'users' | 'colleagues';
const KINDS: readonly Kind[] = ['position', 'role', 'users', 'colleagues'];

const kindOf = (rule: ApproverResolver): Kind => ('position' in rule ? 'position' : 'role' in rule ? 'role' : 'users' in rule ? 'users' : 'colleagues');

/** The rule of a kind, keeping what still fits (a new position rule: the head of the requester's department). */
function ruleOfKind(kind: Kind): ApproverResolver {
  if (kind === 'position') return { position: 'head', of: 'requester' };
  if (kind === 'role') return { role: STEP_ROLES[0] };
  if (kind === 'users') return { users: [] };
  return { colleagues: true };
}

/** The e-mail addresses of a "named users" rule, typed separated by commas (the text is kept while typing). */
function UsersInput({ users, onChange }: { users: string[]; onChange(users: string[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(users.join(', '));
  return (
    <Field label={t('studio.route.users')} hint={t('studio.route.usersHint')}>
      <Input value={text} onChange={(_, d) => { setText(d.value); onChange(d.value.split(/[\s,]+/).filter(Boolean)); }} />
    </Field>
  );
}

/**
 * One approver rule of a step, edited in place: every change is the step's rule at once (what the
 * studio shows is what is saved — there is no separate "input row" to forget to add).
 */
export function ApproverRuleInputs({ rule, onChange }: { rule: ApproverResolver; onChange(next: ApproverResolver): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const kind = kindOf(rule);
  const positions = usePositionChoices();
  return (
    <div className={styles.row}>
      <Field label={t('studio.route.ruleKind')}>
        <Select value={kind} onChange={(_, d) => onChange(ruleOfKind(d.value as Kind))}>
          {KINDS.map((k) => <option key={k} value={k}>{t(`studio.route.kinds.${k}`)}</option>)}
        </Select>
      </Field>
      {'position' in rule && (
        <>
          {positions.length > 0 ? (
            // By name in the studio's language; the route saves the code. A code the company does
            // not know (or a retired one) stays offered as it is, so nothing changes by itself.
            <Field label={t('studio.route.positionName')}>
              <Select value={rule.position} onChange={(_, d) => onChange({ ...rule, position: d.value })}>
                {positions.some((p) => p.code === rule.position && !p.retired) ? null : (
                  <option value={rule.position}>{positions.find((p) => p.code === rule.position)?.name ?? rule.position}</option>
                )}
                {positions.filter((p) => !p.retired).map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
              </Select>
            </Field>
          ) : (
            <Field label={t('studio.route.position')}><Input value={rule.position} onChange={(_, d) => onChange({ ...rule, position: d.value.trim() })} /></Field>
          )}
          <Field label={t('studio.route.of')}>
            <Select value={rule.of} onChange={(_, d) => onChange({ ...rule, of: d.value as 'requester' | 'company' })}>
              <option value="requester">{t('studio.route.ofRequester')}</option>
              <option value="company">{t('studio.route.ofCompany')}</option>
            </Select>
          </Field>
        </>
      )}
      {'role' in rule && (
        <Field label={t('studio.route.role')}>
          <Select value={rule.role} onChange={(_, d) => onChange({ role: d.value as StepRole })}>
            {STEP_ROLES.map((r) => <option key={r} value={r}>{t(`studio.steps.role.${r}`)}</option>)}
          </Select>
        </Field>
      )}
      {'users' in rule && <UsersInput users={rule.users} onChange={(users) => onChange({ users })} />}
    </div>
  );
}
