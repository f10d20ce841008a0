import { useMemo } from 'react';
import type { RuleContext } from '../engine';
import { useRendererHost } from './host';
import { useCurrencies } from './widgets/use-currencies';

const EMPTY: RuleContext = {};

/**
 * The rule context a form or card works with: the caller's, plus the currencies from
 * `/currencies` (one cached request per host) when the caller gave none — money is rounded by
 * the currency's code while forms store its id.
 */
export function useRuleContext(context: RuleContext | undefined): RuleContext {
  const host = useRendererHost();
  const fetched = useCurrencies(host, !context?.currencies);
  return useMemo(() => {
    if (context?.currencies || !fetched) return context ?? EMPTY;
    return { ...context, currencies: fetched.map(({ id, code }) => ({ id, code })) };
  }, [context, fetched]);
}
