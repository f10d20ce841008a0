/**
 * Ringi's module engine: framework-free TypeScript shared by the browser, the server and the
 * scripts. This file only re-exports; each function lives in a file named after it.
 */
export type {
  Lang, JsonSchema, UiSchema, Logic, Translate, LocaleFile, LocaleBundles,
  ValidationRule, EachItemValidation, EffectRule, ComputedRule, LabelRule, SubmitEnabledRule, RulesFile,
  DefinitionFiles, SummaryLine, DetailSection, SubFormRef, ModuleMeta, ModuleNumbering, NumberingRule, ModuleBudget, FollowUp, ModuleEntity, EntityOperation, StatisticFacts, RecordFacts, RecordFields, ModuleLauncher, LauncherGroup, RelatedAs, CompiledModule,
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
export { routeValue, routeValues } from './routes/route-values';
export type { RouteValueDescriptor } from './routes/route-values';
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

// numbering (issue #36 item 1)
export { NUMBERING_TOKENS, numberingToken } from './numbering/numbering-tokens';
export type { NumberingToken, NumberingValues } from './numbering/numbering-tokens';
export { parseNumberingFormat, MAX_FORMAT_LENGTH } from './numbering/parse-numbering-format';
export { formatNumber, numberAround } from './numbering/format-number';
export { fiscalPeriodOf, fiscalYearOf, isFiscalYearStart, FISCAL_START_PATTERN } from './numbering/fiscal-year';
export type { FiscalPeriod } from './numbering/fiscal-year';
// budgets (issue #36 item 4)
export { budgetLines, type BudgetLine } from './budgets/budget-lines';
// follow-up documents (issue #36 item 5)
export { followUpData, followUpEntry } from './follow-ups/follow-up-data';
export { followUpDifference, type FollowUpDifference } from './follow-ups/follow-up-difference';
export { checkFollowUps } from './follow-ups/check-follow-ups';

// money and dates
export { roundByCurrency, currencyDecimals } from './money/round-by-currency';
export { formatMoney } from './money/format-money';
export { convertAmount, RATE_DECIMALS, ROUNDING_RULES } from './money/convert-amount';
export type { RoundingRule } from './money/convert-amount';
export { EXCHANGE_FIELD, exchangeFields } from './money/exchange';
export type { DocumentExchange } from './money/exchange';
export { toApiDate } from './dates/to-api-date';
export { toDisplayDate } from './dates/to-display-date';
export { toDisplayTimestamp } from './dates/to-display-timestamp';
export { isValidDate } from './dates/is-valid-date';
export { invoiceRegistrationProblem } from './invoices/invoice-registration-problem';
export type { InvoiceRegistrationProblem } from './invoices/invoice-registration-problem';
export { formatFileSize } from './files/format-file-size';

// status numbers of the API
export { DocumentStatus, StepStatus } from './status';

// translations
export { createTranslate } from './i18n/create-translate';
export { labelValue, listText, pairsText } from './i18n/format-text';

// the studio's builder (pure edits of a module source)
export * from './builder';
// company calendar (reminders and escalation)
export { addBusinessDays, businessDaysBetween, businessDaysWaited, isBusinessDay, localDate } from './calendar/business-days';
export type { BusinessCalendar } from './calendar/business-days';
export { enumChoices, type EnumChoice } from './definitions/enum-choices';
export { detailText, fieldDefinition, EMPTY_TEXT, type DetailTextOptions, type DetailTextRow, type DetailTextSection } from './cards/detail-text';
export { buildJournal, isBalanced } from './journals/build-journal';
export type { JournalContext, JournalProblem, JournalSource } from './journals/build-journal';
export type { JournalFacts, JournalLineFacts } from './journals/journal-facts';
export type { AccountRef, Journal, JournalMapping, JournalRow, Posting, TaxClassKey, TaxRate } from './journals/journal-types';
export { TRANSITIONAL_NAME_KEYS } from './journals/journal-types';
export {
  INVOICE_DEDUCTIONS, INVOICE_SYSTEM_START, TRANSITIONAL_SCHEDULE, TRANSITIONAL_YEARLY_CAPS, invoiceDeduction, isTransitional, transitionalCapFor,
} from './journals/invoice-deduction';
export type { InvoiceDeduction, TransitionalDeduction } from './journals/invoice-deduction';
export { firstNumber, firstText, valuesAt } from './journals/values-at';
