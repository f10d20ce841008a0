import { useState } from 'react';
import { Field, Select, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { companiesOptions } from '../../api/queries';
import { useSession } from '../../session';
import { isGroupAdminProfile } from './admin-entries';

export interface CompanyChooserProps {
  value: number | null;
  onChange(companyId: number): void;
}

/**
 * The company whose organisation settings a page shows: a group admin chooses any company (a
 * native select of `/companies`); everyone else sees their own company, fixed (the server
 * refuses their requests for another company anyway).
 */
export function CompanyChooser({ value, onChange }: CompanyChooserProps) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const { profile } = useSession();
  const free = isGroupAdminProfile(profile);
  const companies = useQuery(companiesOptions(host.api, free));
  if (!free) return <Text weight="semibold">{profile?.company?.name ?? ''}</Text>;
  return (
    <Field label={t('app.organisation.company')}>
      <Select value={value === null ? '' : String(value)} onChange={(_, d) => onChange(Number(d.value))} disabled={!companies.data}>
        {(companies.data ?? []).map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
      </Select>
    </Field>
  );
}

/**
 * The company an organisation page shows, with `CompanyChooser` to change it: the user's own at
 * first (a group admin may then choose another).
 */
export function useChosenCompany(): [number | null, (companyId: number | null) => void] {
  const { profile } = useSession();
  return useState<number | null>(profile?.company?.id ?? null);
}
