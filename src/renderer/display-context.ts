import { createContext, useContext, type ReactNode } from 'react';
import type { CompiledModule, RuleContext, Translate } from '../engine';

/**
 * What built-in `Display`s need beyond their props: the module (for its currency field and
 * translations) and the rule context (currency ids → codes). Provided by DetailCard, ListCard
 * and ModuleForm; absent in isolation, when displays fall back to plain values.
 */
export interface RendererDisplayContextValue {
  module?: CompiledModule;
  ruleContext?: RuleContext;
  /** A field of `module` (a sub-form, say) shown read-only through its widget's Display, `data` being that module's document. */
  renderValue?: (module: CompiledModule, field: string, data: Record<string, unknown>, t: Translate) => ReactNode;
}

export const RendererDisplayContext = createContext<RendererDisplayContextValue>({});

/** The surrounding module and rule context, if any. */
export function useDisplayContext(): RendererDisplayContextValue {
  return useContext(RendererDisplayContext);
}
