import type { StatisticFacts } from '../types';
import { exchangeFields } from '../money/exchange';

/**
 * A value a step's condition may read besides the form's fields: derived by the server for the
 * filing (the authority) and for the process card's resolve call, never typed by the requester.
 * One table read by the resolver (the values), the route checker (the names are known), the
 * process card (which form fields they depend on) and the studio builder (the choices offered,
 * labelled `studio.builder.routeValues.<name>`).
 */
export interface RouteValueDescriptor {
  /** The name a condition reads: `{"var": name}`. */
  name: string;
  /** How the builder offers it (`money` compares as a number, `text` by value, `checkbox` is true or not). */
  type: 'money' | 'text' | 'checkbox';
  /** The form fields it is derived from (asked again when one changes). */
  sources(facts: StatisticFacts | undefined, schemaFields: readonly string[]): string[];
}

const BUILT_IN: RouteValueDescriptor[] = [
  {
    // The document's amount converted into its company's reporting currency (docs/MODULES.md "Currencies and conversion").
    name: 'reporting_amount', type: 'money',
    sources: (facts, fields) => { const f = exchangeFields(facts, fields); return f ? [f.amount, f.currency] : []; },
  },
  {
    // The company's reporting currency code (the document's own currency where none is set).
    name: 'reporting_currency', type: 'text',
    sources: (facts, fields) => { const f = exchangeFields(facts, fields); return f ? [f.currency] : []; },
  },
  // Budgets (issue #36 item 4, docs/MODULES.md "Budgets"): of the budgets the document asks of,
  // the least that would remain after it (negative when over), and whether any is over. Asked
  // again on any change (the server derives them from the module's `ui:module.budget`).
  { name: 'budget.remaining', type: 'money', sources: (_facts, fields) => [...fields] },
  { name: 'budget.over', type: 'checkbox', sources: (_facts, fields) => [...fields] },
];

/** Every route value, in the order the builder offers them. */
export function routeValues(): RouteValueDescriptor[] {
  return BUILT_IN;
}

/** The route value of a name, or null. */
export function routeValue(name: string): RouteValueDescriptor | null {
  return BUILT_IN.find((v) => v.name === name) ?? null;
}
