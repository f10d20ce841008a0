import { useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, PersonRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { listText, isValidDate, toDisplayDate, type CompiledModule } from '../../../engine';
import type { DeputyArrangement, DeputyBody, DeputyCollection } from '../../../wire/deputies';
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
  modules: { display: 'flex', flexDirection: 'column' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  pick: { justifyContent: 'flex-start', width: '100%' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  center: { textAlign: 'center' },
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

/**
 * Deputies (代理, Admin → Deputies): the signed-in user's arrangements — who acts on their
 * pending approvals, from when to when, for which modules — with Add (a deputy from the user
 * picker, a period YYYY/MM/DD, optional modules of the definitions) and Delete. The server
 * checks everything again (`POST /deputies` answers 422 per field, shown beside each input).
 */
export function DeputiesPage() {
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
    queryKey: resourceKey('/deputies', undefined, 'members'),
    queryFn: async () => (await api.get<DeputyCollection>('/deputies', { ringiSilent: true })).data['hydra:member'],
  });
  const list: DeputyArrangement[] | null | 'failed' = deputies.isError ? 'failed' : (deputies.data ?? null);
  // The modules with approval steps, as the definitions say (the server accepts exactly those).
  const modules: ModuleChoice[] = useQuery({
    ...moduleDefinitionListOptions(host.api),
    select: (all: CompiledModule[]) => all.filter((m) => m.kind === 'module' && (m.process?.length ?? 0) > 0).map((m) => ({ code: m.code, title: m.meta.title })),
  }).data ?? [];
  const reload = () => invalidateResources(queryClient, ['/deputies']);
  const add = useMutation({ mutationFn: (body: DeputyBody) => api.post('/deputies', body, { ringiSilent: true }), onSettled: reload });
  const drop = useMutation({ mutationFn: (id: number) => api.delete(`/deputies/${id}`, { ringiSilent: true }), onSettled: reload });

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
    const picked = await host.openPage<PickedUser>({ key: 'app.deputies.pickTitle' }, (close) => (
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
    if (!deputy) found.deputy_id = t('app.deputies.deputyRequired');
    const fromDay = apiDay(from);
    const toDay = apiDay(to);
    if (!fromDay) found.from = t('app.deputies.dateFormat');
    if (!toDay) found.to = t('app.deputies.dateFormat');
    if (fromDay && toDay && toDay < fromDay) found.to = t('app.deputies.toBeforeFrom');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await add.mutateAsync({ deputy_id: deputy!.id, from: fromDay!, to: toDay!, ...(chosen.length ? { module_codes: chosen } : {}) });
      feedback.toast(t('app.deputies.saved'), 'success');
      setAdding(false);
      reset();
    } catch (error) {
      const violations = error instanceof ApiError ? error.body.violations ?? [] : [];
      const byField: Violations = {};
      for (const v of violations) {
        const field = v.propertyPath.startsWith('module_codes') ? 'module_codes' : v.propertyPath || 'form';
        byField[field] ??= v.message;
      }
      if (Object.keys(byField).length === 0) byField.form = error instanceof ApiError && error.message ? error.message : t('app.deputies.saveFailed');
      setErrors(byField);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (arrangement: DeputyArrangement) => {
    if (!(await feedback.confirm(t('app.deputies.deleteConfirm', { name: arrangement.deputy.name }), t('app.deputies.deleteTitle')))) return;
    try {
      await drop.mutateAsync(arrangement.id);
      feedback.toast(t('app.deputies.deleted'), 'success');
    } catch {
      feedback.toast(t('app.deputies.deleteFailed'), 'error');
    }
  };

  const period = (a: DeputyArrangement) => t('app.deputies.period', { from: toDisplayDate(a.from), to: toDisplayDate(a.to) });

  return (
    <section className={styles.page} data-testid="deputies">
      <Text>{t('app.deputies.intro')}</Text>
      {list === null ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      {list === 'failed' ? (
        <div className={styles.head}>
          <Text role="alert">{t('app.deputies.loadFailed')}</Text>
          <Button appearance="secondary" size="small" onClick={() => void deputies.refetch()}>{t('app.deputies.retry')}</Button>
        </div>
      ) : null}
      {Array.isArray(list) && list.length === 0 ? <Text className={`${styles.muted} ${styles.center}`} data-testid="deputies-empty">{t('app.deputies.empty')}</Text> : null}
      {Array.isArray(list) && list.length > 0 ? (
        <ul className={styles.list} aria-label={t('app.deputies.listLabel')}>
          {list.map((a) => (
            <li key={a.id} className={styles.row} data-testid="deputy-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold">{a.deputy.name}</Text>
                  <Badge appearance="tint" color={a.state === 'active' ? 'success' : a.state === 'upcoming' ? 'informative' : 'subtle'}>{t(`app.deputies.state.${a.state}`)}</Badge>
                </span>
                <Text size={200}>{period(a)}</Text>
                <Text size={200} className={styles.muted}>
                  {a.module_codes === null ? t('app.deputies.allModules') : listText(t, a.module_codes.map(titleOf))}
                </Text>
              </span>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('app.deputies.deleteLabel', { name: a.deputy.name, period: period(a) })} onClick={() => void remove(a)} />
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <form className={styles.card} aria-label={t('app.deputies.addTitle')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <Text weight="semibold">{t('app.deputies.addTitle')}</Text>
          <Field label={t('app.deputies.deputy')} required validationMessage={errors.deputy_id}>
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
          <Field label={t('app.deputies.modules')} hint={t('app.deputies.modulesHint')} validationMessage={errors.module_codes}>
            <div className={styles.modules} role="group" aria-label={t('app.deputies.modules')}>
              {modules.map((m) => (
                <Checkbox key={m.code} label={t(m.title)} checked={chosen.includes(m.code)}
                  onChange={(_, d) => setChosen((c) => (d.checked ? [...c, m.code] : c.filter((x) => x !== m.code)))} />
              ))}
            </div>
          </Field>
          {errors.form ? <Text role="alert">{errors.form}</Text> : null}
          <div className={styles.actions}>
            <Button onClick={() => { setAdding(false); reset(); }}>{t('app.deputies.cancel')}</Button>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>{saving ? t('app.deputies.saving') : t('app.deputies.save')}</Button>
          </div>
        </form>
      ) : (
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)} data-testid="deputy-add">{t('app.deputies.add')}</Button>
      )}
    </section>
  );
}
