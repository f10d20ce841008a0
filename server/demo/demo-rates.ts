import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';

/** The demo's exchange-rate data (`server/demo/demo-rates.json`). */
export interface DemoRates {
  /** Reporting currency code per company code. */
  reporting: Record<string, string>;
  /** Rounding rule per company code. */
  rounding: Record<string, 'half_up' | 'down' | 'half_even'>;
  /** Yen for one unit of each currency: the centre the daily rates move around. */
  jpyPer: Record<string, number>;
  /** Days of rates up to today (the oldest demo documents are about 240 days old). */
  days: number;
}

export function readDemoRates(): DemoRates {
  return JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/demo/demo-rates.json'), 'utf8')) as DemoRates;
}

const DAY_MS = 86_400_000;

/**
 * A company's rate table as the CSV its finance staff would import: for every currency but the
 * reporting one, one rate a day for `days` days up to `today` — the cross rate of the yen values,
 * moved a little from day to day (deterministic: the same day gives the same rate), 4 decimals.
 */
export function demoRateCsv(rates: DemoRates, reporting: string, today: Date): string {
  const lines = ['currency,date,rate'];
  const base = Math.floor(today.getTime() / DAY_MS);
  for (const [code, yen] of Object.entries(rates.jpyPer)) {
    if (code === reporting) continue;
    for (let back = rates.days; back >= 0; back -= 1) {
      const day = base - back;
      const wave = 1 + 0.012 * Math.sin(day / 9) + 0.006 * Math.sin(day / 2.3 + code.length);
      const rate = ((yen * wave) / rates.jpyPer[reporting]).toFixed(4);
      lines.push(`${code},${new Date(day * DAY_MS).toISOString().slice(0, 10)},${rate}`);
    }
  }
  return lines.join('\n');
}
