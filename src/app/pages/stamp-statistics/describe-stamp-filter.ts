import type { StampFilter } from './stamp-query';
import { listText } from '../../../engine';

type T = (key: string, options?: Record<string, unknown>) => string;

/** One line saying what the filter is, for the description bar (spec 000 §2 filter sheet). */
export function describeStampFilter(filter: StampFilter, t: T): string {
  const parts: string[] = [];
  if (filter.applicants.length) parts.push(t('statistic.stamp.describe.applicants', { names: listText(t, filter.applicants.map((u) => u.name)) }));
  if (filter.party) parts.push(t('statistic.stamp.describe.party', { name: filter.party.name }));
  parts.push(filter.currency || t('statistic.stamp.filter.all'));
  if (filter.amount) parts.push(`${t(`statistic.stamp.operators.${filter.amountOp}`)} ${filter.amount}`);
  const type = t(`statistic.stamp.periodTypes.${filter.periodType}`);
  if (filter.condition === 'between' && filter.from && filter.to) parts.push(`${type} ${filter.from} ~ ${filter.to}`);
  else if (filter.condition !== 'between' && filter.from) parts.push(`${type} ${t(`statistic.stamp.conditions.${filter.condition}`)} ${filter.from}`);
  return parts.join(' · ');
}
