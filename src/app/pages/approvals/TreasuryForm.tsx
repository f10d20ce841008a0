import { useMemo } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../../engine';
import { ModuleForm } from '../../../renderer';
import { treasuryModule, type TreasuryTexts } from './treasury-module';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** What the treasury step sends as `data` (server/workflow/README.md). */
export interface TreasuryData {
  account_id: number;
  payment_date: string;
  deal_slips: number[];
}

/** `id` of the treasury `<form>`: the detail page's action bar submits it with its Approve button. */
export const TREASURY_FORM_ID = 'ringi-treasury-form';

/** Thrown by `onSubmit` when the user declined the confirmation: the form stays as it is. */
export class DeclinedError extends Error {}

/**
 * The treasury form of a `p-treasury` step: account of the document's company, payment date
 * and one deal slip. `onSubmit` confirms and sends; the form validates first (one alert at a time).
 * It has no buttons of its own: the page's one action bar submits it (`TREASURY_FORM_ID`).
 */
export function TreasuryForm({ companyId, onSubmit }: { companyId: number | null; onSubmit(data: TreasuryData): Promise<void> }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const module = useMemo(() => {
    const texts = Object.fromEntries(
      LANGS.map((lang) => {
        const tl = i18n.getFixedT(lang);
        const text = (key: string) => String(tl(`app.approvals.treasury.${key}`));
        const entry: TreasuryTexts = {
          title: text('title'), account: text('account'), paymentDate: text('paymentDate'), dealSlips: text('dealSlips'),
          accountRequired: text('accountRequired'), dateRequired: text('dateRequired'), dealSlipRequired: text('dealSlipRequired'),
        };
        return [lang, entry];
      }),
    ) as Record<Lang, TreasuryTexts>;
    return treasuryModule(texts);
  }, [i18n]);
  const initialData = useMemo(() => ({ company_id: companyId, account_id: null, payment_date: null, deal_slips: [] }), [companyId]);
  return (
    <div className={styles.root} data-testid="treasury-form">
      <Text weight="semibold">{t('app.approvals.treasury.title')}</Text>
      <ModuleForm
        module={module}
        mode="item"
        formId={TREASURY_FORM_ID}
        externalSubmit
        initialData={initialData}
        onSubmit={async (item) => {
          const data: TreasuryData = { account_id: Number(item.account_id), payment_date: String(item.payment_date), deal_slips: (item.deal_slips as number[]).slice(0, 1) };
          await onSubmit(data);
        }}
      />
    </div>
  );
}
