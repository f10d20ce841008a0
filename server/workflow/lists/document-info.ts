import type { BufferInfo } from '../../../src/wire/workflow';
import type { CompiledModule, Translate } from '../../../src/engine';

export type { BufferInfo };

/** Money fields tried when a module has no list-card summary (spec names shared by modules). */
const COMMON_TOTALS = ['total', 'amount', 'total_estimated'];

/**
 * Derives `info` from the module definition's list card (`ui:module.listCard.summary`): every
 * line's value, the first money line as `total`, and the currency code of the form's currency
 * field. Without a definition (an unknown or retired module), common total fields are used.
 */
export function documentInfo(
  module: CompiledModule | undefined, moduleCode: string, data: Record<string, unknown>,
  currencyCodes: Map<number, string>, t: Translate, action = 'create',
): BufferInfo {
  const lines = module?.meta.listCard.summary ?? [];
  const summary = lines.map((line) => ({ label: t(line.label), field: line.field, format: line.format ?? 'text', value: data[line.field] ?? null }));
  const moneyField = lines.find((l) => l.format === 'money')?.field ?? COMMON_TOTALS.find((f) => typeof data[f] === 'number');
  const total = moneyField !== undefined && typeof data[moneyField] === 'number' ? (data[moneyField] as number) : null;
  const currencyId = data[module?.meta.currencyField ?? 'currency_id'];
  return {
    title: module ? actionTitle(module, action, t) : moduleCode,
    total,
    currency: typeof currencyId === 'number' ? currencyCodes.get(currencyId) ?? null : null,
    summary,
  };
}

/** Spec 000 §2/§4 action title: an entity module's request names its action and entity. */
function actionTitle(module: CompiledModule, action: string, t: Translate): string {
  const title = t(module.meta.listCard.title ?? module.meta.title);
  if (!module.meta.entity || !['create', 'edit', 'delete'].includes(action)) return title;
  return t(`server.workflow.actionTitle.${action}`, { entity: title });
}
