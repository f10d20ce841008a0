import { convertAmount, EXCHANGE_FIELD, firstNumber, type DocumentExchange, type JournalFacts, type JournalSource } from '../../src/engine';

/**
 * The one place that says in which currency and amounts a document is booked (issue 35 items 1
 * and 5). A document filed with an exchange (`data.exchange`, server/exchange: the rate used and
 * the converted amount in the company's reporting currency) books in the reporting currency: each
 * amount × the stored rate (rounded by the stored rule to whole units, the presets take integers)
 * and the total is the stored converted amount. A document without one books its own amounts in
 * its own currency (`currencyCode` of its currency id), rounded to whole units.
 */
export function bookedAmounts(source: JournalSource, facts: JournalFacts, currencyCode: (id: number) => string): { currency: string; amount(value: number): number; total?: number } {
  const exchange = source.data[EXCHANGE_FIELD] as DocumentExchange | undefined;
  if (exchange && typeof exchange === 'object' && Number.isFinite(Number(exchange.rate)) && exchange.reporting_currency) {
    const rate = Number(exchange.rate);
    const whole = (value: number) => convertAmount(value, rate, 0, exchange.rounding ?? 'half_up') ?? Math.round(value * rate);
    return { currency: exchange.reporting_currency, amount: whole, total: Math.round(Number(exchange.reporting_amount)) };
  }
  const currencyId = firstNumber(source.data, facts.currency);
  return { currency: currencyId === null ? '' : currencyCode(currencyId), amount: (value) => Math.round(value) };
}
