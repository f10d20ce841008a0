import dayjs from 'dayjs';

/** A date as the API wants it (`YYYY-MM-DD`); empty or invalid input → null (spec: empty becomes null). */
export function toApiDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(typeof value === 'string' ? value.replaceAll('/', '-') : value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}
