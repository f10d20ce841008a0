import type { ComponentType } from 'react';
import type { CompiledModule, FormData, RuleContext } from '../engine';
import type { RendererHost } from './host';
import type { FormSettling } from './form/form-settling';

/** Props of an item's page (a sub-form in item mode: Next returns the item instead of submitting). */
export interface SubFormProps {
  /** The compiled sub-form (a module of kind `subform`, e.g. `module.subForms['purchase-goods']`). */
  module: CompiledModule;
  /** The item being edited (absent for a new one). */
  initialData?: FormData;
  /** The parent form's data: the sub-form's rules see it as `$parent`. */
  parent?: FormData;
  context?: RuleContext;
  /** Called with the validated item when the user presses Next. */
  onDone(item: FormData): void;
}

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
  /**
   * The item page the form renders sub-forms with (the ItemList widget opens it). Given by the
   * form, so a widget never imports the form that renders it.
   */
  SubForm?: ComponentType<SubFormProps>;
  /** Holds Submit while a widget fills a value of its own (`form/form-settling.ts`); absent outside a module form. */
  settling?: FormSettling;
}
