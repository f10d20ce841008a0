import type { CompiledModule, RuleContext } from '../engine';
import type { RendererHost } from './host';

/** The rjsf `formContext` every Ringi widget and field receives. */
export interface RingiFormContext {
  host: RendererHost;
  /** The module being rendered (from src/engine). */
  module: CompiledModule;
  /** The whole current form data (for dependent pickers). */
  formData: Record<string, unknown>;
  /** Set one value by dot path, e.g. 'department_id', 'purchase_goods.0.qty'; runs effects and computed values. */
  setField(path: string, value: unknown): void;
  readOnly: boolean;
  language: 'en' | 'ja' | 'zh';
  /** Master process steps and currencies (id → code, for rounding money by the form's currency). */
  ruleContext?: RuleContext;
}
