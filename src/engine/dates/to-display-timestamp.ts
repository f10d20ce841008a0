import dayjs from 'dayjs';

/** A timestamp as shown to users: `YYYY/MM/DD HH:mm` in local time; empty or invalid → ''. */
export function toDisplayTimestamp(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY/MM/DD HH:mm') : '';
}
