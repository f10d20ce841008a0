import dayjs from 'dayjs';

/** A date as shown to users: `YYYY/MM/DD`; empty or invalid → ''. */
export function toDisplayDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY/MM/DD') : '';
}
