import { useMemo } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CompiledModule, JsonSchema, UiSchema } from '../../../engine';
import { ModuleForm } from '../../../renderer';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** `id` of the step-fields `<form>`: the detail page's action bar submits it with its Approve button. */
export const STEP_FIELDS_FORM_ID = 'ringi-step-fields-form';
/** First part of its field ids: the edit page opens over the detail page with a form of the same module (no id twice). */
export const STEP_FIELDS_ID_PREFIX = 'step-fields';

/**
 * The document's module cut down to the fields a step fills (`processes/<code>.json` → `fills`):
 * the same schema, widgets (the FileUploader with its document type and limit) and labels as the
 * module, without its rules (the filing form hides these fields; here they are the point).
 */
export function stepFieldsModule(module: CompiledModule, fields: string[]): CompiledModule {
  const properties = (module.schema.properties ?? {}) as Record<string, JsonSchema>;
  const ui = module.uiSchema as Record<string, unknown>;
  return {
    ...module,
    schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, properties[f]])) } as JsonSchema,
    uiSchema: { 'ui:order': fields, ...Object.fromEntries(fields.map((f) => [f, ui[f] ?? {}])) } as UiSchema,
    rules: {},
    meta: { ...module.meta, kind: 'subform', subForms: [] },
    subForms: {},
  };
}

/**
 * What the approver of a step that fills fields (the signer: signed contract or seal files) adds
 * with their approval. No buttons of its own: the page's action bar Approve submits it
 * (`STEP_FIELDS_FORM_ID`), and `onSubmit` confirms and sends `{approve: true, data}`.
 */
export function StepFieldsForm({ module, fields, data, stepName, onSubmit }: {
  module: CompiledModule; fields: string[]; data: Record<string, unknown>; stepName: string;
  onSubmit(data: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const formModule = useMemo(() => stepFieldsModule(module, fields), [module, fields]);
  const initialData = useMemo(() => Object.fromEntries(fields.map((f) => [f, Array.isArray(data[f]) ? data[f] : []])), [fields, data]);
  return (
    <div className={styles.root} data-testid="step-fields-form">
      <Text weight="semibold">{t('app.approvals.stepFields.title', { step: stepName })}</Text>
      <Text size={200}>{t('app.approvals.stepFields.hint')}</Text>
      <ModuleForm
        module={formModule}
        mode="item"
        formId={STEP_FIELDS_FORM_ID}
        idPrefix={STEP_FIELDS_ID_PREFIX}
        externalSubmit
        initialData={initialData}
        onSubmit={async (item) => {
          await onSubmit(Object.fromEntries(fields.map((f) => [f, (item as Record<string, unknown>)[f] ?? []])));
        }}
      />
    </div>
  );
}
