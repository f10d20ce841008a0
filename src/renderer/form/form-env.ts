import { createContext, useContext } from 'react';
import type { Registry } from '@rjsf/utils';
import type { CompiledModule, Translate } from '../../engine';
import type { RingiFormContext } from '../form-context';
import type { DataPath } from './paths';

/**
 * What every field of one form shares. The object is stable while the module, language and
 * read-only state stay the same, so memoized rows are not re-rendered by it.
 */
export interface FormEnv {
  module: CompiledModule;
  t: Translate;
  setValue(path: DataPath, value: unknown): void;
  /** An rjsf `Registry` for widgets and fields that use it; `registry.formContext` is the RingiFormContext. */
  registry: Registry;
  formContext: RingiFormContext;
  readOnly: boolean;
}

export const FormEnvContext = createContext<FormEnv | null>(null);

/** The env of the surrounding form. */
export function useFormEnv(): FormEnv {
  const env = useContext(FormEnvContext);
  if (!env) throw new Error('Ringi renderer: field rendered outside a ModuleForm');
  return env;
}
