import { useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, PersonRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { listText, isValidDate, toDisplayDate, type CompiledModule } from '../../../engine';
import type { DeputyArrangement } from '../../../wire/deputies';
import type { ProxyFiler } from '../../../wire/proxy-filers';
import type { ApproverQuery, UserSummary } from '../../../wire/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { PickerPage } from '../../../renderer/widgets/picker/PickerPage';
import type { PickerItem } from '../../../renderer/widgets/picker/item-label';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { moduleDefinitionListOptions } from '../../api/queries';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  // Two dates side by side that shrink with a 390 px phone (a grid track's min-content would overflow).
  dates: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  date: { minWidth: 0, width: '100%' },
  modules: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  pick: { justifyContent: 'flex-start', width: '100%' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** A user as the deputy picker lists them (`/users/approver`: the wire's UserSummary). */
type PickedUser = PickerItem & UserSummary;

/** A module the arrangement may name: its code and title key. */
interface ModuleChoice {
  code: string;
  title: string;
}

/** `YYYY/MM/DD` (or `YYYY-MM-DD`) typed by the user → the API's `YYYY-MM-DD`, or null when not a real date. */
export function apiDay(text: string): string | null {
  const value = text.trim().replaceAll('/', '-');
  return isValidDate(value) ? value : null;
}

type Violations = Record<string, string>;

/** An arrangement of either kind: the person is the deputy or the filer. */
type Arrangement = DeputyArrangement | ProxyFiler;

/**
 * What differs between the two screens of arrangements of one shape (a principal names a person
 * for a period, per module): deputies (代理) and colleagues who may file for the user (代理申請).
 */
export interface ArrangementScreen {
  /** The API collection: GET lists, POST adds, DELETE /{id} withdraws. */
  endpoint: '/deputies' | '/proxy_filers';
  /** The body's person field and the arrangement's person. */
  person: 'deputy' | 'filer';
  /** The screen's own texts (`intro`, `person`, `add`, …); the shared ones are `app.deputies.*`. */
  texts: 'app.deputies' | 'app.proxyFilers';
  testId: string;
  /** Only modules one may file for someone (no entity module). */
  filableOnly?: boolean;
}

export const DEPUTIES_SCREEN: ArrangementScreen = { endpoint: '/deputies', person: 'deputy', texts: 'app.deputies', testId: 'deputies' };
export const PROXY_FILERS_SCREEN: ArrangementScreen = { endpoint: '/proxy_filers', person: 'filer', texts: 'app.proxyFilers', testId: 'proxy-filers', filableOnly: true };

/** Deputies (Admin → Deputies). */
export function DeputiesPage() {
  return <ArrangementsPage kind={DEPUTIES_SCREEN} />;
}

/** Who may file for me (代理申請, Admin → File for me, beside Deputies). */
export function ProxyFilersPage() {
  return <ArrangementsPage kind={PROXY_FILERS_SCREEN} />;
}

/**
 * Arrangements (Admin → Deputies, Admin → File for me): the signed-in user's arrangements — who acts on their
 * pending approvals, from when to when, for which modules — with Add (a deputy from the user
 * picker, a period YYYY/MM/DD, optional modules of the definitions) and Delete. The server
 * checks everything again (`POST /deputies` answers 422 per field, shown beside each input).
 */
export function ArrangementsPage({ kind }: { kind: ArrangementScreen }) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const host = useRendererHost();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const [adding, setAdding] = useState(false);
  const [deputy, setDeputy] = useState<PickedUser | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Violations>({});
  const [saving, setSaving] = useState(false);

  const deputies = useQuery({
    queryKey: resourceKey(kind.endpoint, undefined, 'members'),
    queryFn: async () => (await api.get<{ 'hydra:member': Arrangement[] }>(kind.endpoint, { ringiSilent: true })).data['hydra:member'],
  });
  const list: Arrangement[] | null | 'failed' = deputies.isError ? 'failed' : (deputies.data ?? null);
  // The modules with approval steps, as the definitions say (the server accepts exactly those).
  // Filing for someone never covers an entity module (the server refuses those codes too).
  const modules: ModuleChoice[] = useQuery({
    ...moduleDefinitionListOptions(host.api),
    select: (all: CompiledModule[]) => all.filter((m) => m.kind === 'module' && (m.process?.length ?? 0) > 0 && !(kind.filableOnly && m.meta.entity))
      .map((m) => ({ code: m.code, title: m.meta.title })),
  }).data ?? [];
  const reload = () => invalidateResources(queryClient, [kind.endpoint]);
  const add = useMutation({ mutationFn: (body: Record<string, unknown>) => api.post(kind.endpoint, body, { ringiSilent: true }), onSettled: reload });
  const drop = useMutation({ mutationFn: (id: number) => api.delete(`${kind.endpoint}/${id}`, { ringiSilent: true }), onSettled: reload });
  const personOf = (a: Arrangement) => ('deputy' in a ? a.deputy : a.filer);

  const titleOf = (code: string) => {
    const module = modules.find((m) => m.code === code);
    return module ? t(module.title) : code;
  };

  const reset = () => {
    setDeputy(null);
    setFrom('');
    setTo('');
    setChosen([]);
    setErrors({});
  };

  const pickDeputy = async () => {
    const picked = await host.openPage<PickedUser>({ key: `${kind.texts}.pickTitle` }, (close) => (
      <PickerPage<PickedUser, ApproverQuery>
        host={host}
        endpoint="/users/approver"
        label={(user) => user.name}
        describe={(user) => <Text size={200}>{[user.company?.name, user.department?.name].filter(Boolean).join(' · ')}</Text>}
        close={close as (result?: PickedUser | PickedUser[]) => void}
      />
    ));
    if (picked) setDeputy(picked);
  };

  const save = async () => {
    const found: Violations = {};
    if (!deputy) found.person = t(`${kind.texts}.personRequired`);
    const fromDay = apiDay(from);
    const toDay = apiDay(to);
    if (!fromDay) found.from = t('app.deputies.dateFormat');
    if (!toDay) found.to = t('app.deputies.dateFormat');
    if (fromDay && toDay && toDay < fromDay) found.to = t('app.deputies.toBeforeFrom');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await add.mutateAsync({ [`${kind.person}_id`]: deputy!.id, from: fromDay!, to: toDay!, ...(chosen.length ? { module_codes: chosen } : {}) });
      feedback.toast(t(`${kind.texts}.saved`), 'success');
      setAdding(false);
      reset();
    } catch (error) {
      const violations = error instanceof ApiError ? error.body.violations ?? [] : [];
      const byField: Violations = {};
      for (const v of violations) {
        const field = v.propertyPath.startsWith('module_codes') ? 'module_codes' : v.propertyPath === `${kind.person}_id` ? 'person' : v.propertyPath || 'form';
        byField[field] ??= v.message;
      }
      if (Object.keys(byField).length === 0) byField.form = error instanceof ApiError && error.message ? error.message : t(`${kind.texts}.saveFailed`);
      setErrors(byField);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (arrangement: Arrangement) => {
    if (!(await feedback.confirm(t(`${kind.texts}.deleteConfirm`, { name: personOf(arrangement).name }), t(`${kind.texts}.deleteTitle`)))) return;
    try {
      await drop.mutateAsync(arrangement.id);
      feedback.toast(t(`${kind.texts}.deleted`), 'success');
    } catch {
      feedback.toast(t(`${kind.texts}.deleteFailed`), 'error');
    }
  };

  const period = (a: Arrangement) => t('app.deputies.period', { from: toDisplayDate(a.from), to: toDisplayDate(a.to) });

  return (
    <section className={styles.page} data-testid={kind.testId}>
      <Text>{t(`${kind.texts}.intro`)}</Text>
      <ListStates query={deputies} count={deputies.data?.length ?? 0}
        loadFailed={t(`${kind.texts}.loadFailed`)} retry={t('app.deputies.retry')} empty={t(`${kind.texts}.empty`)} emptyTestId="deputies-empty" />
      {Array.isArray(list) && list.length > 0 ? (
        <ul className={styles.list} aria-label={t(`${kind.texts}.listLabel`)}>
          {list.map((a) => (
            <li key={a.id} className={styles.row} data-testid="deputy-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold">{personOf(a).name}</Text>
                  <Badge appearance="tint" color={a.state === 'active' ? 'success' : a.state === 'upcoming' ? 'informative' : 'subtle'}>{t(`app.deputies.state.${a.state}`)}</Badge>
                </span>
                <Text size={200}>{period(a)}</Text>
                <Text size={200} className={styles.muted}>
                  {a.module_codes === null ? t('app.deputies.allModules') : listText(t, a.module_codes.map(titleOf))}
                </Text>
              </span>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t(`${kind.texts}.deleteLabel`, { name: personOf(a).name, period: period(a) })} onClick={() => void remove(a)} />
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <form className={styles.card} aria-label={t(`${kind.texts}.addTitle`)} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <Text weight="semibold">{t(`${kind.texts}.addTitle`)}</Text>
          <Field label={t(`${kind.texts}.person`)} required validationMessage={errors.person}>
            <Button className={styles.pick} icon={<PersonRegular />} onClick={() => void pickDeputy()} data-testid="deputy-pick">
              {deputy ? deputy.name : t('app.deputies.choose')}
            </Button>
          </Field>
          <div className={styles.dates}>
            <Field label={t('app.deputies.from')} required validationMessage={errors.from}>
              <Input className={styles.date} value={from} onChange={(_, d) => setFrom(d.value)} placeholder="YYYY/MM/DD" inputMode="numeric" maxLength={10} />
            </Field>
            <Field label={t('app.deputies.to')} required validationMessage={errors.to}>
              <Input className={styles.date} value={to} onChange={(_, d) => setTo(d.value)} placeholder="YYYY/MM/DD" inputMode="numeric" maxLength={10} />
            </Field>
          </div>
          {/* A group of its own, not a Field: a Field labels its one control, so the first checkbox took the whole group's text as its name and the others had none. */}
          <div className={styles.modules} role="group" aria-labelledby={`${kind.testId}-modules`} aria-describedby={`${kind.testId}-modules-hint`}>
            <Text id={`${kind.testId}-modules`} weight="semibold" size={300}>{t('app.deputies.modules')}</Text>
            <Text id={`${kind.testId}-modules-hint`} size={200} className={styles.hint}>{t('app.deputies.modulesHint')}</Text>
            {modules.map((m) => (
              <Checkbox key={m.code} label={t(m.title)} checked={chosen.includes(m.code)}
                onChange={(_, d) => setChosen((c) => (d.checked ? [...c, m.code] : c.filter((x) => x !== m.code)))} />
            ))}
            {errors.module_codes ? <Text role="alert" size={200} className={styles.error}>{errors.module_codes}</Text> : null}
          </div>
          {errors.form ? <Text role="alert">{errors.form}</Text> : null}
          <div className={styles.actions}>
            <Button onClick={() => { setAdding(false); reset(); }}>{t('app.deputies.cancel')}</Button>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>{saving ? t('app.deputies.saving') : t('app.deputies.save')}</Button>
          </div>
        </form>
      ) : (
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)} data-testid="deputy-add">{t(`${kind.texts}.add`)}</Button>
      )}
    </section>
  );
}
