import { createContext, useContext } from 'react';
import type { CompiledModule, RuleContext } from '../engine';

/**
 * What built-in `Display`s need beyond their props: the module (for its currency field and
 * translations) and the rule context (currency ids → codes). Provided by DetailCard, ListCard
 * and ModuleForm; absent in isolation, when displays fall back to plain values.
 */
export interface RendererDisplayContextValue {
  module?: CompiledModule;
  ruleContext?: RuleContext;
}

export const RendererDisplayContext = createContext<RendererDisplayContextValue>({});

/** The surrounding module and rule context, if any. */
export function useDisplayContext(): RendererDisplayContextValue {
  return useContext(RendererDisplayContext);
}
