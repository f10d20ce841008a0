import type { JsonSchema } from '../types';
import { dataPath, fieldName } from './data-path-schemas';
import { STATISTIC_FACT_SCHEMAS } from './statistic-facts';

/** Meta-schema of a module's JSON Schema file: an object schema with properties. */
export const SCHEMA_FILE_META: JsonSchema = {
  type: 'object',
  required: ['type', 'properties'],
  properties: {
    $id: { type: 'string' },
    title: { type: 'string' },
    type: { const: 'object' },
    properties: { type: 'object', minProperties: 1, additionalProperties: { type: 'object' } },
    required: { type: 'array', items: { type: 'string' } },
  },
};

const summaryLine = {
  type: 'object',
  required: ['label', 'field'],
  properties: { label: { type: 'string' }, field: { type: 'string' }, format: { enum: ['money', 'date', 'text', 'count'] } },
  additionalProperties: false,
};

/** Meta-schema of `ui:module.statistics` (see `StatisticFacts`): the statistics-fact table's schemas, live. */
const STATISTIC_FACTS = { type: 'object', additionalProperties: false, properties: STATISTIC_FACT_SCHEMAS };

/** Meta-schema of one numbering rule (`ui:module.numbering.application` / `.decision`); the format's tokens are checked by `parseNumberingFormat`. */
const NUMBERING_RULE = {
  type: 'object', required: ['format'], additionalProperties: false,
  properties: { format: { type: 'string', minLength: 1, maxLength: 64 }, sequence: { enum: ['module', 'shared'] } },
};

/** A top-level field name (follow-ups carry whole fields over). */
const topField = { type: 'string', pattern: '^[a-z_][a-z0-9_]{0,63}$' };

/** Meta-schema of the `ui:module` block. */
export const UI_MODULE_META: JsonSchema = {
  type: 'object',
  required: ['kind', 'title'],
  additionalProperties: false,
  properties: {
    kind: { enum: ['module', 'subform'] },
    title: { type: 'string' },
    submitPath: { type: 'string', pattern: '^/' },
    editable: { type: 'boolean' },
    hasBypass: { type: 'boolean' },
    bypassRoles: { type: 'array', items: { enum: ['is_authorizer', 'is_company_authorizer', 'is_finance', 'is_treasury', 'is_legal'] }, uniqueItems: true },
    needsStampNo: { type: 'boolean' },
    allowUrgent: { type: 'boolean' },
    companyField: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' },
    relatedApprovalSource: { type: 'string' },
    bodyKey: { type: ['string', 'null'], pattern: '^[a-z][a-z_]{0,31}$' },
    codePrefix: { type: 'string', pattern: '^[A-Z][A-Z0-9]{1,7}$' },
    launcher: {
      type: 'object', required: ['order'], additionalProperties: false,
      properties: {
        order: { type: 'number' }, groupOrder: { type: 'number' }, label: { type: 'string' }, groupOnly: { type: 'boolean' }, icon: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } },
        group: {
          type: 'object', required: ['key', 'order', 'title'], additionalProperties: false,
          properties: { key: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' }, order: { type: 'number' }, title: { type: 'string' }, intro: { type: 'string' }, icon: { type: 'string' } },
        },
      },
    },
    listCard: { type: 'object', properties: { title: { type: 'string' }, summary: { type: 'array', items: summaryLine } }, additionalProperties: false },
    detailCard: {
      type: 'object',
      properties: {
        sections: {
          type: 'array',
          items: {
            type: 'object',
            required: ['fields'],
            properties: { title: { type: 'string' }, highlight: { type: 'string' }, fields: { type: 'array', items: { type: 'string' } } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    dropZeroItems: { type: 'object', additionalProperties: { type: 'string' } },
    currencyField: { type: 'string' },
    resetKeeps: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    moreMenu: { type: 'boolean' },
    entity: {
      type: 'object', required: ['kind', 'operations'], additionalProperties: false,
      properties: {
        kind: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' },
        operations: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['create', 'edit', 'delete'] } },
      },
    },
    statistics: STATISTIC_FACTS,
    relatedAs: {
      type: 'object', required: ['list'], additionalProperties: false,
      properties: {
        list: { enum: ['purchases', 'contracts'] }, search: { type: 'array', items: fieldName, maxItems: 10 }, accounts: fieldName,
        fields: { type: 'object', maxProperties: 20, propertyNames: { pattern: '^[a-z_][a-z0-9_]{0,63}$' }, additionalProperties: fieldName },
        items: { type: 'object', maxProperties: 5, propertyNames: { pattern: '^[a-z_][a-z0-9_]{0,63}$' }, additionalProperties: { type: 'array', items: fieldName, maxItems: 20 } },
        itemType: fieldName,
      },
    },
    expenseAccounts: { type: 'boolean' },
    contractItemTypes: { type: 'object', additionalProperties: false, properties: { alias: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } } },
    listSearch: { type: 'array', items: dataPath, maxItems: 10 },
    numbering: { type: 'object', additionalProperties: false, properties: { application: NUMBERING_RULE, decision: NUMBERING_RULE } },
    budget: {
      type: 'object', required: ['department', 'expenseAccount', 'amount', 'over'], additionalProperties: false,
      properties: { department: fieldName, lines: dataPath, expenseAccount: fieldName, amount: fieldName, over: { enum: ['warn', 'refuse', 'route'] } },
    },
    followUps: {
      type: 'array', maxItems: 10,
      items: {
        type: 'object', required: ['module', 'link', 'fields'], additionalProperties: false,
        properties: {
          module: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' },
          link: topField,
          fields: { type: 'object', maxProperties: 50, propertyNames: { pattern: '^[a-z_][a-z0-9_]{0,63}$' }, additionalProperties: topField },
          amounts: { type: 'object', required: ['origin', 'followUp'], additionalProperties: false, properties: { origin: topField, followUp: topField } },
        },
      },
    },
  },
  if: { properties: { kind: { const: 'module' } } },
  // eslint-disable-next-line unicorn/no-thenable -- `then` is JSON Schema's keyword here, never awaited
  then: { required: ['kind', 'title', 'codePrefix'] },
};

/** Meta-schema of a UI schema file. */
export const UI_SCHEMA_META: JsonSchema = {
  type: 'object',
  required: ['ui:module'],
  properties: {
    'ui:module': UI_MODULE_META,
    'ui:order': { type: 'array', items: { type: 'string' } },
  },
  // A field's own UI entry: Ringi's keys are checked where they are read; this one only by type.
  additionalProperties: { properties: { 'ui:keepsApprovals': { type: 'boolean' } } },
};

/** Meta-schema of a rules file. */
export const RULES_META: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    validations: {
      type: 'array',
      items: {
        oneOf: [
          {
            type: 'object',
            required: ['when', 'field', 'message'],
            properties: { when: {}, field: { type: 'string' }, message: { type: 'string' }, params: { type: 'object' } },
            additionalProperties: false,
          },
          { type: 'object', required: ['each'], properties: { each: { type: 'string' } }, additionalProperties: false },
        ],
      },
    },
    visibility: { type: 'object' },
    effects: {
      type: 'array',
      items: {
        type: 'object',
        required: ['on', 'set'],
        properties: { on: { type: 'string' }, if: {}, set: { type: 'object', minProperties: 1 } },
        additionalProperties: false,
      },
    },
    computed: {
      type: 'array',
      items: { type: 'object', required: ['field', 'value'], properties: { field: { type: 'string' }, value: {} }, additionalProperties: false },
    },
    labels: {
      type: 'object',
      additionalProperties: {
        type: 'array',
        items: { type: 'object', required: ['when', 'label'], properties: { when: {}, label: { type: 'string' } }, additionalProperties: false },
      },
    },
    submitEnabled: { type: 'object', required: ['if'], properties: { if: {}, hint: { type: 'string' } }, additionalProperties: false },
  },
};
