import { useMemo } from 'react';
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ModuleForm, useRendererHost } from '../../../renderer';
import { moduleDefinitionOptions } from '../../api/queries';
import type { TreasuryData } from '../../../wire/workflow';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});


/** `id` of the treasury `<form>`: the detail page's action bar submits it with its Approve button. */
export const TREASURY_FORM_ID = 'ringi-treasury-form';
/**
 * First part of the treasury form's field ids: the edit page and its item pages open over the
 * detail page, which stays mounted with this form, and their form names the same fields
 * (company_id): ids of its own, so no id is in the document twice (issue #31's crawl).
 */
export const TREASURY_ID_PREFIX = 'treasury';

/** Thrown by `onSubmit` when the user declined the confirmation: the form stays as it is. */
export class DeclinedError extends Error {}

/**
 * The treasury form of a treasury step (`form`: the sub-form its process step names): account of the document's company, payment date
 * and one deal slip, rendered from its definition. `onSubmit` confirms and sends; the form
 * validates first (one alert at a time). It has no buttons of its own: the page's one action
 * bar submits it (`TREASURY_FORM_ID`).
 */
export function TreasuryForm({ form, companyId, onSubmit }: { form: string; companyId: number | null; onSubmit(data: TreasuryData): Promise<void> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const host = useRendererHost();
  const { data: module } = useQuery(moduleDefinitionOptions(host.api, form));
  const initialData = useMemo(() => ({ company_id: companyId, account_id: null, payment_date: null, deal_slips: [] }), [companyId]);
  return (
    <div className={styles.root} data-testid="treasury-form">
      <Text weight="semibold">{t('app.approvals.treasury.title')}</Text>
      {module ? (
        <ModuleForm
          module={module}
          mode="item"
          formId={TREASURY_FORM_ID}
          idPrefix={TREASURY_ID_PREFIX}
          externalSubmit
          initialData={initialData}
          onSubmit={async (item) => {
            const data: TreasuryData = { account_id: Number(item.account_id), payment_date: String(item.payment_date), deal_slips: (item.deal_slips as number[]).slice(0, 1) };
            await onSubmit(data);
          }}
        />
      ) : <Spinner size="tiny" />}
    </div>
  );
}
