import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toApiDate, toDisplayDate } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { usePageStyles } from '../common/page-styles';
import type { AdminPosition } from './admin-types';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';
import { CompanyQueryState } from './CompanyQueryState';
import { useEntityRequest } from './open-entity-form';
import { positionsOptions } from './organisation-queries';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexShrink: 0 },
  center: { textAlign: 'center' },
});

const STATE_COLOR = { active: 'success', scheduled: 'informative', retired: 'subtle' } as const;

/** The position as the positions module's form data (what a rename or retirement starts from). */
function formData(p: AdminPosition, over: Record<string, unknown> = {}) {
  return { company_id: p.company_id, code: p.code, name: p.name_en, name_ja: p.name_ja, name_zh: p.name_zh, effective_from: p.effective_from, retired_on: p.retired_on, ...over };
}

/**
 * Admin → Positions (issue #20 item 1): a company's positions (routes name their codes) with
 * their state, dates and holders; Add, Rename and Retire file requests of the positions entity
 * module (found by its kind), which change the list only when approved. A group admin chooses
 * the company; an authorizer sees their own.
 */
export function PositionsPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const host = useRendererHost();
  const requestChange = useEntityRequest();
  const [companyId, setCompanyId] = useChosenCompany();
  const positions = useQuery({ ...positionsOptions(host.api, companyId ?? 0), enabled: companyId !== null });

  const request = async (title: string, params: { operation: 'create' | 'edit'; targetId?: number; initialData: Record<string, unknown>; readOnlyFields?: string[] }) => {
    await requestChange('position', title, params);
  };
  const fixed = ['company_id', 'code', 'effective_from'];
  const add = () => void request('app.organisation.addPosition', { operation: 'create', initialData: { company_id: companyId } });
  const rename = (p: AdminPosition) => void request('app.organisation.renamePosition', { operation: 'edit', targetId: p.id, initialData: formData(p), readOnlyFields: [...fixed, 'retired_on'] });
  const retire = (p: AdminPosition) => void request('app.organisation.retirePosition', {
    operation: 'edit', targetId: p.id, initialData: formData(p, { retired_on: p.retired_on ?? toApiDate(new Date()) }), readOnlyFields: [...fixed, 'name', 'name_ja', 'name_zh'],
  });
  const dates = (p: AdminPosition) => [
    p.effective_from ? t('app.organisation.from', { date: toDisplayDate(p.effective_from) }) : null,
    p.retired_on ? t('app.organisation.retiredFrom', { date: toDisplayDate(p.retired_on) }) : null,
  ].filter(Boolean).join(' · ');

  return (
    <section className={styles.page} data-testid="positions">
      <Text>{t('app.organisation.positionsIntro')}</Text>
      <CompanyChooser value={companyId} onChange={setCompanyId} />
      <Button appearance="primary" icon={<AddRegular />} onClick={add} disabled={companyId === null} data-testid="position-add">{t('app.organisation.addPosition')}</Button>
      <CompanyQueryState query={positions} companyChosen={companyId !== null} />
      {positions.data?.length === 0 ? <Text className={`${styles.muted} ${styles.center}`} data-testid="positions-empty">{t('app.organisation.noPositions')}</Text> : null}
      {positions.data?.length ? (
        <ul className={styles.list} aria-label={t('app.organisation.positionsLabel')}>
          {positions.data.map((p) => (
            <li key={p.id} className={styles.row} data-testid="position-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold">{p.name}</Text>
                  <Badge appearance="tint" color={STATE_COLOR[p.state]}>{t(`app.organisation.state.${p.state}`)}</Badge>
                </span>
                {/* The code is what routes name (an identifier, shown as one): the name above is the label. */}
                <Text size={200}>{[t('app.organisation.positionCode', { code: p.code }), t('app.organisation.holders', { count: p.holders })].join(' · ')}</Text>
                {dates(p) ? <Text size={200} className={styles.muted}>{dates(p)}</Text> : null}
              </span>
              {p.state !== 'retired' ? (
                <span className={styles.actions}>
                  <Button size="small" onClick={() => rename(p)} aria-label={t('app.organisation.renameLabel', { name: p.name })}>{t('app.organisation.rename')}</Button>
                  <Button size="small" onClick={() => retire(p)} aria-label={t('app.organisation.retireLabel', { name: p.name })}>{t('app.organisation.retire')}</Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
