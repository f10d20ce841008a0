import type { CompiledModule } from '../../engine';
import { useDisplayContext } from '../display-context';
import type { RendererHost } from '../host';
import { currencyCodeOf, formatAmount } from '../money';
import type { Collection } from '../../wire/common';
import type { Currency as WireCurrency, SmallListQuery } from '../../wire/masters';
import { useResource } from '../query';

/** A currency as `/currencies` lists it: the wire shape, src/wire/masters.ts. */
export type Currency = WireCurrency;

// Currencies are a short list: one cached page covers it (the spec's lookup lists use 100).
const CURRENCY_PARAMS = { page: 1, itemsPerPage: 100 } satisfies SmallListQuery;

/** Every currency (one cached query, `['currencies', …]`); undefined while loading. */
export function useCurrencies(host: RendererHost, enabled = true): Currency[] | undefined {
  const body = useResource<Collection<Currency> | Currency[]>(host, enabled ? '/currencies' : null, CURRENCY_PARAMS);
  if (!body) return undefined;
  return Array.isArray(body) ? body : body['hydra:member'];
}

/**
 * Money of a form for display, rounded and grouped by the form's currency (the module's
 * currency field, resolved through the rule context's currencies or `/currencies`).
 */
export function useMoneyFormat(host: RendererHost, module: CompiledModule | undefined, data: Record<string, unknown> | undefined): (amount: unknown) => string {
  const { ruleContext, module: surrounding } = useDisplayContext();
  const fetched = useCurrencies(host, !ruleContext?.currencies);
  const owner = module ?? surrounding;
  const code = currencyCodeOf(data, owner?.meta?.currencyField, ruleContext?.currencies ?? fetched);
  return (amount) => formatAmount(amount, code, host.language);
}
