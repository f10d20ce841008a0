import { useContext, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldProps } from '@rjsf/utils';
import { Button, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DisplayProps } from '../../registry-types';
import { resourceKey } from '../../query';
import { fetchMembers } from '../fetch-members';
import { formContextOf } from '../form-context-of';
import { SEARCH_MAX_LENGTH } from '../picker/PickerPage';
import { useWidgetText } from '../text';
import { FormEnvContext } from '../../form/form-env';
import type { DataPath } from '../../form/paths';
import type { ErrorTree } from '../../form/errors';
import type { JsonSchema } from '../../../engine';
import { useDebouncedValue } from '../use-debounced-value';
import type { SupplierAccount, SupplierAccountQuery } from '../../../wire/related';
import { RegistrationVerdict } from '../invoice-registration/RegistrationVerdict';

/** The spec's supplier search pause (001 §9). */
export const SUPPLIER_SEARCH_DEBOUNCE_MS = 1000;

/** One member of `/distinct_contract_supplier_accounts`: the wire shape, src/wire/related.ts. */
export type SupplierAccountMember = SupplierAccount;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: { justifyContent: 'flex-start', textAlign: 'start', width: '100%' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const describe = (a: Pick<SupplierAccountMember, 'name' | 'no' | 'bankName' | 'branchName'>) => [a.name, a.no, [a.bankName, a.branchName].filter(Boolean).join(' - ')].filter(Boolean).join(' / ');

/**
 * `SupplierAccountSearch` (rjsf field on an account object, spec 001 §2 supplier contract): a
 * search over previously used supplier accounts (`/distinct_contract_supplier_accounts`,
 * debounced 1000 ms, 20 characters) above the object's own inputs; choosing a result fills its
 * `name`, `no`, `bank_name` and `branch_name` through `formContext.setField` (one change, so
 * effects run once). `ui:options.endpoint` changes the source. Value: the object itself.
 */
export function SupplierAccountSearchField(props: FieldProps): ReactNode {
  const ctx = formContextOf(props.registry, 'SupplierAccountSearch');
  const t = useWidgetText();
  const styles = useStyles();
  const options = (props.uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const endpoint = typeof options.endpoint === 'string' ? options.endpoint : '/distinct_contract_supplier_accounts';
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SUPPLIER_SEARCH_DEBOUNCE_MS);
  // The search a choice was made from.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const readOnly = Boolean(props.readonly || props.disabled || ctx.readOnly);
  const ObjectField = props.registry.fields.ObjectField;
  // Inside a ModuleForm the account's own inputs go through Ringi's fields (translated labels,
  // inline errors) under the label the form passes (it may follow the data: "Employee account").
  const env = useContext(FormEnvContext);
  const label = (props as { label?: string }).label;

  // Search as you type: one query per settled search text (the first page of 10 is all it shows).
  // The query of the default endpoint; one named in `ui:options.endpoint` is expected to read the same.
  const params = { search: query, page: 1, itemsPerPage: 10 } satisfies SupplierAccountQuery;
  const results = useQuery({
    queryKey: resourceKey(endpoint, params, 'members'),
    queryFn: () => fetchMembers<SupplierAccountMember>(ctx.host, endpoint, params),
    enabled: query !== '' && !readOnly,
  });
  // After a choice the box is empty while the search settles: the chosen search's results stay hidden
  // until the user types that text again.
  const active = query !== '' && !(query === dismissed && search.trim() !== query);
  const failed = active && results.isError;

  const choose = (account: SupplierAccountMember) => {
    const current = (props.formData && typeof props.formData === 'object' ? props.formData : {}) as Record<string, unknown>;
    const path = props.fieldPathId.path.map(String).join('.');
    ctx.setField(path, {
      ...current, name: account.name ?? '', no: account.no ?? '', bank_name: account.bankName ?? '', branch_name: account.branchName ?? '',
      // The registration number is entered once per supplier: a chosen account brings it along.
      ...(account.registration_no ? { registration_no: account.registration_no } : {}),
    });
    setSearch('');
    setDismissed(query);
  };

  const shown = active && results.data ? results.data : null;
  return (
    <div className={styles.root}>
      {env && label && <Text weight="semibold">{label}</Text>}
      {!readOnly && (
        <>
          <Input
            type="search"
            aria-label={t('supplierAccount.search')}
            placeholder={t('supplierAccount.placeholder')}
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(_, data) => setSearch(data.value.slice(0, SEARCH_MAX_LENGTH))}
          />
          {search.trim() !== '' && !shown && !failed && <Spinner size="tiny" label={t('loading')} />}
          {failed && <Text role="alert">{t('supplierAccount.failed')}</Text>}
          {shown && shown.length === 0 && <Text role="status" className={styles.hint}>{t('supplierAccount.empty')}</Text>}
          {shown && shown.length > 0 && (
            <ul className={styles.list} aria-label={t('supplierAccount.results')}>
              {shown.map((account, i) => (
                <li key={`${account.name}|${account.no}|${account.bankName}|${account.branchName}|${i}`}>
                  <Button appearance="subtle" className={styles.row} onClick={() => choose(account)}>{describe(account)}</Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {env ? (
        <env.Fields path={props.fieldPathId.path as DataPath} schema={props.schema as JsonSchema} uiSchema={props.uiSchema as Record<string, unknown>} value={props.formData} errors={props.errorSchema as ErrorTree} disabled={props.disabled} />
      ) : (
        <ObjectField {...props} />
      )}
    </div>
  );
}

/** The account object's registration number field (the T-number a chosen account brings along). */
const REGISTRATION_FIELD = 'registration_no';

/**
 * The account's four fields on one line, read-only; under it, where the account holds a
 * registration number (its schema declares one, as the supplier contract's does), the number
 * with its check — valid, not valid or none given — where the approvers decide.
 */
export function SupplierAccountDisplay({ value, schema }: DisplayProps): ReactNode {
  if (!value || typeof value !== 'object') return <span>-</span>;
  const a = value as Record<string, unknown>;
  const text = describe({ name: (a.name as string) ?? null, no: (a.no as string) ?? null, bankName: (a.bank_name as string) ?? null, branchName: (a.branch_name as string) ?? null });
  const registered = REGISTRATION_FIELD in ((schema?.properties ?? {}) as Record<string, unknown>) || REGISTRATION_FIELD in a;
  if (!registered) return <span>{text || '-'}</span>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{text || '-'}</span>
      <RegistrationVerdict value={a[REGISTRATION_FIELD]} labelled />
    </span>
  );
}
