import type { TFunction } from 'i18next';
import { labelValue, toDisplayDate } from '../../../../engine';
import type { SearchFilter } from './search-query';

/** The filter description bar's text: period type and range, then each filter that is set. */
export function describeFilter(f: SearchFilter, t: TFunction): string {
  const parts: string[] = [];
  if (f.periodType) {
    const range = f.from === f.to ? toDisplayDate(f.from) : `${toDisplayDate(f.from)} – ${toDisplayDate(f.to)}`;
    parts.push(labelValue(t, t(`statistic.search.periodTypes.${f.periodType}`), range));
  }
  if (f.amount) parts.push(`${t('statistic.search.filter.amount')} ${t(`statistic.search.operators.${f.operator}`)} ${f.amount}`);
  if (f.currency) parts.push(f.currency);
  if (f.company) parts.push(f.company.name);
  if (f.vendor) parts.push(labelValue(t, t('statistic.search.filter.vendor'), f.vendor));
  if (f.applicationNumber) parts.push(labelValue(t, t('statistic.search.filter.applicationNumber'), f.applicationNumber));
  if (f.decisionNumber) parts.push(labelValue(t, t('statistic.search.filter.decisionNumber'), f.decisionNumber));
  return parts.join(' · ');
}
