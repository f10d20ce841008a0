import { createContext, useContext, type ComponentType } from 'react';
import type { Registry } from '@rjsf/utils';
import type { CompiledModule, Translate } from '../../engine';
import type { RingiFormContext } from '../form-context';
import type { RegistryEntry } from '../registry-types';
import type { FormStore } from './form-store';
import type { InlineArrayFieldProps } from './InlineArrayField';
import type { ObjectFieldsProps } from './ObjectFields';
import type { DataPath } from './paths';

/**
 * What every field of one form shares. The object is stable while the module, language and
 * read-only state stay the same, so memoized rows are not re-rendered by it. The layouts and the
 * registry lookup come from here rather than from imports, so a field can render nested fields
 * (and a widget such as the supplier account can render its object) without an import cycle.
 */
export interface FormEnv {
  module: CompiledModule;
  t: Translate;
  setValue(path: DataPath, value: unknown): void;
  /** An rjsf `Registry` for widgets and fields that use it; `registry.formContext` is the RingiFormContext. */
  registry: Registry;
  formContext: RingiFormContext;
  /** First part of every field's DOM id (`root`, or an item page's own prefix). */
  idPrefix: string;
  readOnly: boolean;
  /** The form's state (data, errors, derived rule answers); fields select their slice. */
  store: FormStore;
  /** The registry entry called `name` (theme built-ins and Ringi's widgets). */
  findEntry(name: string): RegistryEntry | undefined;
  /** The fields of an object (a nested object, a row). */
  Fields: ComponentType<ObjectFieldsProps>;
  /** An array edited inline. */
  ArrayField: ComponentType<InlineArrayFieldProps>;
}

export const FormEnvContext = createContext<FormEnv | null>(null);

/** The env of the surrounding form. */
export function useFormEnv(): FormEnv {
  const env = useContext(FormEnvContext);
  if (!env) throw new Error('Ringi renderer: field rendered outside a ModuleForm');
  return env;
}
