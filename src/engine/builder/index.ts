/** The studio's builder: pure functions over a module source (no React, no server). */
export type { Texts } from './texts';
export { BUILDER_LANGS, FIELD_NAME } from './texts';
export type { Condition, ConditionInput, ConditionOperator, ConditionSentence } from './conditions';
export { conditionFields, conditionLogic, conditionOperator, conditionOperators, describeCondition, readCondition, registerConditionOperator } from './conditions';
export type { FieldType } from './field-types';
export { FIELD_TYPES, SERVER_PICKERS, TYPE_LIMITS, typeOf } from './field-types';
export type { TextPatternId } from './text-patterns';
export { TEXT_PATTERNS, MAX_PATTERN_LENGTH, patternShapeProblem, textPatternId } from './text-patterns';
export type { FieldSpec, OptionSpec, Refusal, BuilderResult } from './field-spec';
export { addField, specNames } from './add-field';
export { editField, moveField, removeField, fieldGroup } from './change-field';
export type { RuleUse } from './field-usage';
export { rulesUsing, fieldUses } from './field-usage';
export type { ValidationSpec, ComputedSpec } from './rule-builders';
export { addValidation, moveValidation, removeValidation, setVisibility, addClearEffect, setComputed, computedLogic } from './rule-builders';
export type { ItemListSpec, ItemListResult } from './item-list';
export { addItemList, summarizeItemField } from './item-list';
export { blankModule } from './blank-module';
