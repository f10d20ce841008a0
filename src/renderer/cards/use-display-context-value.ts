import { createElement, useMemo } from 'react';
import type { CompiledModule, RuleContext } from '../../engine';
import type { RendererDisplayContextValue } from '../display-context';
import { FieldValue } from './FieldValue';

/**
 * The display context DetailCard, ListCard and ModuleForm provide: the module, the rule context
 * and `renderValue`, which shows a (sub-form's) field through its widget's Display, so an item
 * row names a picked record the way its own card does. Stable while module and context are
 * (a new value would make React walk every row looking for consumers).
 */
export function useDisplayContextValue(module: CompiledModule, ruleContext: RuleContext): RendererDisplayContextValue {
  return useMemo(
    () => ({ module, ruleContext, renderValue: (sub, field, data, t) => createElement(FieldValue, { module: sub, field, data, t }) }),
    [module, ruleContext],
  );
}
