/**
 * Ringi's module engine: framework-free TypeScript shared by the browser, the server and the
 * scripts. This file only re-exports; each function lives in a file named after it.
 */
export type {
  Lang, JsonSchema, UiSchema, Logic, Translate, LocaleFile, LocaleBundles,
  ValidationRule, EachItemValidation, EffectRule, ComputedRule, LabelRule, SubmitEnabledRule, RulesFile,
  DefinitionFiles, SummaryLine, DetailSection, SubFormRef, ModuleMeta, ModuleEntity, EntityOperation, StatisticFacts, RecordFacts, RecordFields, ModuleLauncher, LauncherGroup, RelatedAs, CompiledModule,
  Problem, Violation, MasterProcessStep, CurrencyRef, RuleContext, FormData, ModuleRuntime, ChangedPath, DerivedState, AffectedRules,
  CompileOptions, CompileResult, BypassRole, StepRole, ProcessStepDefinition, ProcessFile, StepMode, ApproverResolver, AttachmentKind, AttachmentsFile,
} from './types';
export { LANGS, STEP_ROLES } from './types';

// definitions
export { compileModules } from './definitions/compile-modules';
export { checkDefinitions, checkAndCompile } from './definitions/check-definitions';
export { hiddenRuleMessages } from './definitions/hidden-rule-messages';
export { buildDefinitionSet, definitionSetFromSources, findModule } from './definitions/definition-set';
export type { DefinitionSet, DefinitionSetOptions } from './definitions/definition-set';
export { WIDGET_NAMES, builtInWidgetNames, customWidgetNames } from './definitions/widget-names';
export type { ModuleSource } from './definitions/module-source';
export { copySource, codePrefixOf } from './definitions/copy-source';
export { filesFromSources } from './definitions/files-from-sources';
export { PROCESS_META, ATTACHMENTS_META, ATTACHMENT_EXTENSIONS } from './definitions/part-meta-schemas';
export { SCHEMA_FILE_META, UI_SCHEMA_META, RULES_META } from './definitions/meta-schemas';
export type { CheckOptions } from './definitions/check-definitions';
export { contentHash, stableStringify } from './definitions/content-hash';
export { labelKey } from './definitions/label-key';
export { ROUTE_SEGMENTS, RESERVED_WORDS, moduleCodeProblem, fieldNameProblem, stepCodeProblem } from './definitions/check-names';
export { ruleCostProblems, MAX_RULE_DEPTH, MAX_RULE_FAN_OUT, MAX_RULE_NODES, MAX_RULE_GROWTH } from './definitions/rule-cost';

// routes
export { resolveRoute } from './routes/resolve-route';
export type { ResolvedStep, RouteInput, RouteGap } from './routes/resolve-route';
export type { OrganisationSnapshot, OrgDepartment, OrgPost, OrgUser, RouteRequester } from './routes/organisation-snapshot';
export { checkRoute, NOBODY_APPROVES } from './routes/check-route';
export { routeFields } from './routes/route-fields';
export { approvalsRequired, DEFAULT_STEP_MODE, registerStepMode, stepMode, stepModes } from './routes/step-modes';
export type { StepModeDescriptor } from './routes/step-modes';
export {
  BUILDER_PICKERS, registerWidgetValue, WIDGET_VALUE_TYPES, widgetOf, widgetsHolding, widgetValue, widgetValueMismatch, widgetValues,
} from './definitions/widget-values';
export type { ServerList, WidgetValue, WidgetValueDescriptor } from './definitions/widget-values';
export {
  indexedStatisticPaths, registerStatisticFact, statisticFactDescriptors, statisticFactPaths, statisticFactsVersion,
} from './definitions/statistic-facts';
export type { FactPath, StatisticFactDescriptor, StatisticPathKind } from './definitions/statistic-facts';
export {
  approverResolver, approverResolvers, holdersUpward, registerApproverResolver, resolverKeys, resolverKindsOf, resolverOf, resolverReferences, resolverShape,
} from './routes/approver-resolvers';
export type { ApproverParam, ApproverParamInput, ApproverParamOption, ApproverResolveContext, ApproverResolverDescriptor } from './routes/approver-resolvers';

// rules
export { createRuntime } from './rules/create-runtime';
export { ruleReads, touches } from './rules/dependency-graph';
export type { ReadPath } from './rules/dependency-graph';
export { computeFormData, computeFormDataWithChanges } from './rules/compute-form-data';
export { evaluateLabels } from './rules/evaluate-labels';
export { evaluateSubmitEnabled } from './rules/evaluate-submit-enabled';
export { CUSTOM_OPERATIONS } from './rules/operations';

// payloads
export { buildSubmitPayload } from './payload/build-submit-payload';
export type { SubmitPayload } from './payload/build-submit-payload';
export { readSubmitPayload } from './payload/read-submit-payload';
export { validateComputedData, validateFormData, validateSubmission } from './payload/validate-submission';
export { ajvViolations, formDataViolations } from './payload/ajv-violations';
export { stripUnknownFields } from './payload/strip-unknown-fields';
export { formDataSchema, submitSchema } from './payload/submit-schema';
export { WRAPPER_FIELDS, EDITABLE_WRAPPER_FIELDS, isWrapperField, hasWrapperField } from './payload/wrapper-fields';
export { editingModule, KEPT_ON_EDIT } from './payload/editing';
export { keepsApprovals } from './payload/keeps-approvals';

// money and dates
export { roundByCurrency, currencyDecimals } from './money/round-by-currency';
export { formatMoney } from './money/format-money';
export { toApiDate } from './dates/to-api-date';
export { toDisplayDate } from './dates/to-display-date';
export { toDisplayTimestamp } from './dates/to-display-timestamp';
export { isValidDate } from './dates/is-valid-date';
export { invoiceRegistrationProblem } from './invoices/invoice-registration-problem';
export type { InvoiceRegistrationProblem } from './invoices/invoice-registration-problem';
export { formatFileSize } from './files/format-file-size';

// status numbers of the API
export { BufferStatus, StepStatus } from './status';

// translations
export { createTranslate } from './i18n/create-translate';
export { labelValue, listText, pairsText } from './i18n/format-text';

// the studio's builder (pure edits of a module source)
export * from './builder';
// company calendar (reminders and escalation)
export { addBusinessDays, businessDaysBetween, businessDaysWaited, isBusinessDay, localDate } from './calendar/business-days';
export type { BusinessCalendar } from './calendar/business-days';
