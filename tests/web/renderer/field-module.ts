import { compileModules, type CompiledModule, type RulesFile } from '../../../src/engine';

/**
 * A one-off module `w` with the given properties and UI schema entries, for testing a widget
 * inside the real form. `labels` are English labels by field; every other language reuses them.
 */
export function fieldModule(
  properties: Record<string, unknown>,
  ui: Record<string, unknown>,
  labels: Record<string, unknown>,
  meta: Record<string, unknown> = {},
  validations: RulesFile['validations'] = [],
): CompiledModule {
  const locale = { title: 'W', ...labels };
  const { modules, problems } = compileModules({
    schemas: { w: { $id: 'w', type: 'object', properties } },
    uiSchemas: {
      w: {
        'ui:module': { kind: 'module', title: 'w.title', editable: true, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] }, ...meta },
        approvals: { 'ui:field': 'hidden' },
        save_approvers: { 'ui:widget': 'hidden' },
        send_notification_first_approval: { 'ui:widget': 'hidden' },
        ...ui,
      },
    },
    rules: { w: { validations, visibility: {}, effects: [], computed: [] } },
    locales: { en: { w: locale }, ja: { w: locale }, zh: { w: locale } },
  });
  if (!modules.w) throw new Error(`w did not compile: ${JSON.stringify(problems)}`);
  return modules.w;
}
