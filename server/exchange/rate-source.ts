import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** A rate as a source answers it: reporting units for one unit of the currency, and the day it is of. */
export interface SourcedRate {
  rate: number;
  rate_date: string;
}

/**
 * Where exchange rates come from. One implementation today, the company's own rate table
 * (`exchange_rates`, entered on the screen or imported by CSV); a daily TTM feed can be another
 * source behind the same interface (its rows written with `source = 'feed'`, or answered here).
 */
export interface RateSource {
  /** Stored in `data.exchange.source` of each document converted with it. */
  readonly name: string;
  /** The latest rate of `currencyId` in `companyId`'s table on or before `day` (YYYY-MM-DD); null when there is none. */
  rateOn(db: Kysely<Database>, companyId: number, currencyId: number, day: string): Promise<SourcedRate | null>;
}

/** The company's rate table: the row of the latest `rate_date` on or before the day. */
export const tableRateSource: RateSource = {
  name: 'table',
  async rateOn(db, companyId, currencyId, day) {
    const row = await db.selectFrom('exchange_rates').select(['rate', 'rate_date'])
      .where('company_id', '=', companyId).where('currency_id', '=', currencyId).where('rate_date', '<=', day)
      .orderBy('rate_date', 'desc').limit(1).executeTakeFirst();
    return row ? { rate: Number(row.rate), rate_date: row.rate_date } : null;
  },
};
