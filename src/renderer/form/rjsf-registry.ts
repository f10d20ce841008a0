import { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type Registry, type RJSFSchema, type TemplatesType } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { JsonSchema } from '../../engine';
import type { RingiFormContext } from '../form-context';
import { ringiTheme } from '../theme';

/**
 * The rjsf `Registry` handed to every widget and field, so standard rjsf components (and
 * Ringi's custom ones written as rjsf fields) find templates, widgets, schema utilities and
 * `registry.formContext` exactly where rjsf puts them.
 */
export function buildRjsfRegistry(rootSchema: JsonSchema, formContext: RingiFormContext, idPrefix = 'root'): Registry {
  const defaults = getDefaultRegistry();
  return {
    ...defaults,
    widgets: { ...defaults.widgets, ...ringiTheme.widgets },
    templates: { ...defaults.templates, ...ringiTheme.templates } as TemplatesType,
    fields: { ...defaults.fields, ...ringiTheme.fields },
    formContext,
    rootSchema: rootSchema as RJSFSchema,
    schemaUtils: createSchemaUtils(validator, rootSchema as RJSFSchema),
    globalFormOptions: { idPrefix, idSeparator: '_' },
  } as Registry;
}
