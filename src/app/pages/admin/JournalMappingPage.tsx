import { useEffect, useId, useMemo, useState } from 'react';
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moduleDefinitionListOptions } from '../../api/queries';
import { useRendererHost } from '../../../renderer/host';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { JOURNAL_LISTS, TAX_CLASS_KEYS, TRANSITIONAL_NAME_KEYS, type JournalMappingView } from '../../../wire/journals';
import type { BankAccount, ExpenseAccount } from '../../../wire/organisation';
import { usePageStyles } from '../common/page-styles';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';
import { CompanyQueryState } from './CompanyQueryState';
import { useEntityRequest } from './open-entity-form';
import { bodyOf, draftOf, formRowsOf, type MappingDraft, type RefDraft } from './journal-mapping-draft';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, minWidth: 0,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flex: '1 1 150px', minWidth: 0 } },
  name: { overflowWrap: 'anywhere' },
  // Fluent's Input keeps a minimum width of its own: here it takes its field's width, never more.
  input: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  note: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteBlueBackground2, overflowWrap: 'anywhere',
  },
  error: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

type Collection<T> = { 'hydra:member': T[] };
/** The body fields the change request shows but does not change: they were chosen (and checked) on this screen. */
const MAPPING_FIELDS = ['company_id', 'list', 'modules', 'expense_accounts', 'payment_methods', 'tax_classes'];

/**
 * Admin → Journal mapping (issue 35 item 1; docs/ACCOUNTING.md): which account / sub-account each
 * module, expense account and bank account books to, and the tax-class names, chosen from the
 * chosen product's shipped lists (typing is allowed; a name not in the list is refused by the
 * server's check, its message shown at the field). "Request change" checks the mapping
 * (`POST /companies/{id}/journal_mapping/check`) and opens the journal-mapping module's change
 * request (approvers, submit) as other organisation changes do; the mapping changes once approved.
 * The company's authorizer, finance and treasury, and group admins (the server decides).
 */
export function JournalMappingPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const host = useRendererHost();
  const feedback = useFeedback();
  const requestChange = useEntityRequest();
  const listsId = useId();
  const [companyId, setCompanyId] = useChosenCompany();
  const enabled = companyId !== null;
  const view = useQuery({
    queryKey: ['/companies/journal_mapping', companyId],
    queryFn: async () => (await api.get<JournalMappingView>(`/companies/${companyId}/journal_mapping`, { ringiSilent: true })).data,
    enabled,
  });
  const expense = useQuery({
    queryKey: ['/expense_accounts_all', companyId],
    queryFn: async () => (await api.get<Collection<ExpenseAccount>>('/expense_accounts_all', { params: { companyId }, ringiSilent: true })).data['hydra:member'],
    enabled,
  });
  const banks = useQuery({
    queryKey: ['/companies/bank_accounts', companyId],
    queryFn: async () => (await api.get<Collection<BankAccount>>('/companies/bank_accounts', { params: { companyId, itemsPerPage: 100 }, ringiSilent: true })).data['hydra:member'],
    enabled,
  });
  // Module titles come with the definitions (their translations are registered by this query).
  const definitions = useQuery(moduleDefinitionListOptions(host.api));
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withExpense = Boolean(view.data?.modules.some((m) => m.expense_accounts));
  const expenseAccounts = useMemo(() => (withExpense ? expense.data ?? [] : []), [withExpense, expense.data]);
  // The cards wait for the definitions too, so a module shows under its title (a failed load falls back to its code).
  const ready = view.data && expense.data && banks.data && !definitions.isPending;

  // A company's data (re)starts the draft: its mapping in force over its modules and accounts.
  useEffect(() => {
    if (view.data && expense.data && banks.data) setDraft(draftOf(view.data, withExpense ? expense.data.map((a) => a.id) : [], banks.data.map((b) => b.id)));
    setErrors({});
    setProblem(null);
  }, [view.data, expense.data, banks.data, withExpense]);

  const lists = view.data?.lists[draft?.list ?? 'yayoi'];
  const title = (code: string) => {
    const module = definitions.data?.find((m) => m.code === code);
    return module ? t(module.meta.title) : code;
  };
  const edit = (change: (d: MappingDraft) => void, path: string) => {
    setDraft((d) => { if (!d) return d; const next = structuredClone(d); change(next); return next; });
    if (errors[path]) setErrors(({ [path]: _gone, ...rest }) => rest);
  };

  const request = async () => {
    if (!draft || companyId === null) return;
    const body = bodyOf(draft);
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      await api.post(`/companies/${companyId}/journal_mapping/check`, body, { ringiSilent: true });
    } catch (error) {
      const violations = error instanceof ApiError && error.status === 422 ? (error.body.violations as Array<{ propertyPath: string; message: string }> | undefined) ?? [] : null;
      if (violations) {
        setErrors(Object.fromEntries(violations.map((v) => [v.propertyPath, v.message])));
        setProblem(t('app.journalMapping.problems', { count: violations.length }));
      } else setProblem(error instanceof Error && error.message ? error.message : t('app.journalMapping.checkFailed'));
      setBusy(false);
      return;
    }
    setBusy(false);
    try {
      const filed = await requestChange('journal-mapping', 'app.journalMapping.changeTitle', {
        operation: 'edit', targetId: companyId, initialData: formRowsOf(companyId, body), readOnlyFields: MAPPING_FIELDS,
      });
      if (filed) {
        feedback.toast(t('app.journalMapping.filed'), 'success', 3000);
        void view.refetch();
      }
    } catch {
      setProblem(t('app.journalMapping.checkFailed'));
    }
  };

  const accountField = (label: string, path: string, ref: RefDraft, set: (d: MappingDraft, value: Partial<RefDraft>) => void) => (
    <>
      <Field label={t('app.journalMapping.accountOf', { label })} validationMessage={errors[`${path}.account`] ?? errors[path]} validationState={errors[`${path}.account`] || errors[path] ? 'error' : 'none'}>
        <Input className={styles.input} value={ref.account} list={`${listsId}-accounts`} autoComplete="off" onChange={(_, d) => edit((m) => set(m, { account: d.value }), `${path}.account`)} />
      </Field>
      <Field label={t('app.journalMapping.subAccountOf', { label })} validationMessage={errors[`${path}.sub_account`]} validationState={errors[`${path}.sub_account`] ? 'error' : 'none'}>
        <Input className={styles.input} value={ref.sub_account} maxLength={64} onChange={(_, d) => edit((m) => set(m, { sub_account: d.value }), `${path}.sub_account`)} />
      </Field>
    </>
  );

  return (
    <section className={styles.page} data-testid="journal-mapping">
      <Text>{t('app.journalMapping.intro')}</Text>
      <CompanyChooser value={companyId} onChange={(id) => { setCompanyId(id); setDraft(null); }} />
      <CompanyQueryState query={{ isPending: view.isPending || expense.isPending || banks.isPending, isError: view.isError || expense.isError || banks.isError, refetch: () => { void view.refetch(); void expense.refetch(); void banks.refetch(); } }} companyChosen={enabled} />
      {view.data?.pending ? <Text role="status" className={styles.note} data-testid="journal-mapping-pending">{t('app.journalMapping.pending', { code: view.data.pending.code })}</Text> : null}
      {ready && view.data.modules.length === 0 ? <Text className={styles.muted} data-testid="journal-mapping-empty">{t('app.journalMapping.noModules')}</Text> : null}
      {ready && view.data.modules.length > 0 && !view.data.mapping && !view.data.pending ? <Text data-testid="journal-mapping-none">{t('app.journalMapping.none')}</Text> : null}
      {ready && draft && lists && view.data.modules.length > 0 ? (
        <form className={styles.form} aria-label={t('app.admin.journalMapping')} onSubmit={(e) => { e.preventDefault(); void request(); }}>
          <datalist id={`${listsId}-accounts`}>{lists.accounts.map((name) => <option key={name} value={name} />)}</datalist>
          <datalist id={`${listsId}-taxes`}>{lists.tax_classes.map((name) => <option key={name} value={name} />)}</datalist>
          <div className={styles.card}>
            <Field label={t('app.journalMapping.list')} hint={t('app.journalMapping.listHint')}>
              <Select value={draft.list} onChange={(_, d) => edit((m) => { m.list = d.value as MappingDraft['list']; }, 'list')}>
                {JOURNAL_LISTS.map((l) => <option key={l} value={l}>{t(`app.journalMapping.lists.${l}`)}</option>)}
              </Select>
            </Field>
          </div>
          {view.data.modules.map((mod) => (
            <section key={mod.code} className={styles.card} aria-label={title(mod.code)} data-testid="journal-mapping-module">
              <Text weight="semibold" className={styles.name}>{title(mod.code)}</Text>
              {errors[`modules.${mod.code}`] ? <Text role="alert" className={styles.muted}>{errors[`modules.${mod.code}`]}</Text> : null}
              <div className={styles.fields}>
                {accountField(t('app.journalMapping.debit'), `modules.${mod.code}.debit`, draft.modules[mod.code].debit, (m, v) => { Object.assign(m.modules[mod.code].debit, v); })}
                {accountField(t('app.journalMapping.credit'), `modules.${mod.code}.credit`, draft.modules[mod.code].credit, (m, v) => { Object.assign(m.modules[mod.code].credit, v); })}
                <Field label={t('app.journalMapping.taxRate')}>
                  <Select value={draft.modules[mod.code].tax_rate} onChange={(_, d) => edit((m) => { m.modules[mod.code].tax_rate = d.value as MappingDraft['modules'][string]['tax_rate']; }, `modules.${mod.code}.tax_rate`)}>
                    {(['', '10', '8r', 'exempt'] as const).map((r) => <option key={r} value={r}>{t(`app.journalMapping.taxRates.${r || 'default'}`)}</option>)}
                  </Select>
                </Field>
              </div>
            </section>
          ))}
          {expenseAccounts.length ? (
            <section className={styles.card} aria-label={t('app.journalMapping.expenseAccounts')}>
              <Text weight="semibold">{t('app.journalMapping.expenseAccounts')}</Text>
              <Text size={200} className={styles.muted}>{t('app.journalMapping.expenseAccountsHint')}</Text>
              {expenseAccounts.map((a) => (
                <div key={a.id} className={styles.fields}>
                  {accountField(a.label || a.name, `expense_accounts.${a.id}`, draft.expense_accounts[a.id] ?? { account: '', sub_account: '' }, (m, v) => { m.expense_accounts[a.id] = { ...(m.expense_accounts[a.id] ?? { account: '', sub_account: '' }), ...v }; })}
                </div>
              ))}
            </section>
          ) : null}
          {banks.data?.length ? (
            <section className={styles.card} aria-label={t('app.journalMapping.bankAccounts')}>
              <Text weight="semibold">{t('app.journalMapping.bankAccounts')}</Text>
              <Text size={200} className={styles.muted}>{t('app.journalMapping.bankAccountsHint')}</Text>
              {banks.data.map((b) => (
                <div key={b.id} className={styles.fields}>
                  {accountField([b.bank_name, b.branch].filter(Boolean).join(' '), `payment_methods.${b.id}`, draft.payment_methods[b.id] ?? { account: '', sub_account: '' }, (m, v) => { m.payment_methods[b.id] = { ...(m.payment_methods[b.id] ?? { account: '', sub_account: '' }), ...v }; })}
                </div>
              ))}
            </section>
          ) : null}
          <section className={styles.card} aria-label={t('app.journalMapping.taxClasses')}>
            <Text weight="semibold">{t('app.journalMapping.taxClasses')}</Text>
            <Text size={200} className={styles.muted}>{t('app.journalMapping.taxClassesHint')}</Text>
            <div className={styles.fields}>
              {TAX_CLASS_KEYS.map((key) => (
                <Field key={key} label={t(`app.journalMapping.taxClassKeys.${key}`)} validationMessage={errors[`tax_classes.${key}`]} validationState={errors[`tax_classes.${key}`] ? 'error' : 'none'}>
                  <Input className={styles.input} value={draft.tax_classes[key] ?? ''} list={`${listsId}-taxes`} autoComplete="off" onChange={(_, d) => edit((m) => { m.tax_classes[key] = d.value; }, `tax_classes.${key}`)} />
                </Field>
              ))}
            </div>
          </section>
          <section className={styles.card} aria-label={t('app.journalMapping.transitionalNames')} data-testid="journal-mapping-transitional">
            <Text weight="semibold">{t('app.journalMapping.transitionalNames')}</Text>
            <Text size={200} className={styles.muted}>{t(`app.journalMapping.transitionalHint.${draft.list}`)}</Text>
            <div className={styles.fields}>
              {TRANSITIONAL_NAME_KEYS[draft.list].map((key) => (
                <Field key={key} label={t(`app.journalMapping.transitionalKeys.${key.replace('@', '_')}`)} validationMessage={errors[`tax_classes.${key}`]} validationState={errors[`tax_classes.${key}`] ? 'error' : 'none'}>
                  <Input className={styles.input} value={draft.tax_classes[key] ?? ''} placeholder={view.data.lists[draft.list].transitional[key] ?? ''} maxLength={64} autoComplete="off"
                    onChange={(_, d) => edit((m) => { m.tax_classes[key] = d.value; }, `tax_classes.${key}`)} />
                </Field>
              ))}
            </div>
          </section>
          {problem ? <Text role="alert" className={styles.error} data-testid="journal-mapping-problem">{problem}</Text> : null}
          <Button type="submit" appearance="primary" disabled={busy || Boolean(view.data.pending)} data-testid="journal-mapping-request">
            {busy ? t('app.journalMapping.checking') : t('app.journalMapping.request')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
