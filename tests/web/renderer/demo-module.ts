import { compileModules, type CompiledModule, type DefinitionFiles } from '../../../src/engine';

const en = {
  title: 'Demo',
  currency_id: { label: 'Currency', options: { '1': 'CNY', '2': 'JPY' } },
  company_id: { label: 'Company', options: { '1': 'Ringi Holdings', '2': 'Ringi Japan' } },
  department_id: { label: 'Department', options: { '10': 'Sales', '20': 'Tokyo Office' } },
  note: { label: 'Note for approvers' },
  start_date: { label: 'Start date' },
  period_end: { label: 'Period end' },
  lines: { label: 'Lines', name: { label: 'Name' }, amount: { label: 'Amount' } },
  total: { label: 'Total' },
  messages: { currency: 'Please select currency', company: 'Please select company', department: 'Please select department', total: 'Total must not be zero' },
};

/**
 * A small module written for the renderer's tests: only theme widgets, one visibility rule
 * (bypass hides the note), one effect (company clears department), one computed total.
 */
export function demoFiles(): DefinitionFiles {
  return {
    schemas: {
      demo: {
        $id: 'demo',
        type: 'object',
        properties: {
          currency_id: { type: ['integer', 'null'], enum: [1, 2, null], default: null },
          company_id: { type: ['integer', 'null'], enum: [1, 2, null], default: null },
          department_id: { type: ['integer', 'null'], enum: [10, 20, null], default: null },
          note: { type: ['string', 'null'] },
          start_date: { type: ['string', 'null'], default: null },
          period_end: { type: ['string', 'null'], default: null },
          lines: {
            type: 'array',
            default: [],
            items: { type: 'object', properties: { name: { type: ['string', 'null'] }, amount: { type: ['number', 'null'] } } },
          },
          total: { type: 'number', default: 0 },
        },
      },
    },
    uiSchemas: {
      demo: {
        'ui:module': {
          kind: 'module',
          title: 'demo.title',
          submitPath: '/buffer/demo',
          editable: true,
          hasBypass: true,
          needsStampNo: false,
          bodyKey: null,
          listCard: { title: 'demo.title', summary: [{ label: 'demo.total.label', field: 'total', format: 'money' }] },
          detailCard: { sections: [{ fields: ['company_id', 'department_id', 'currency_id', 'start_date', 'lines', 'total', 'bypass'] }] },
        },
        'ui:order': ['currency_id', 'company_id', 'department_id', 'bypass', 'note', 'start_date', 'period_end', 'lines', 'total'],
        currency_id: { 'ui:widget': 'select' },
        company_id: { 'ui:widget': 'select' },
        department_id: { 'ui:widget': 'select' },
        note: { 'ui:widget': 'textarea' },
        start_date: { 'ui:widget': 'date' },
        period_end: { 'ui:widget': 'maskedDate' },
        lines: {
          'ui:options': { summary: [{ label: 'demo.lines.name.label', field: 'name', format: 'text' }, { label: 'demo.lines.amount.label', field: 'amount', format: 'money' }] },
          items: { name: { 'ui:widget': 'text' }, amount: { 'ui:widget': 'money' } },
        },
        total: { 'ui:widget': 'money', 'ui:readonly': true },
        approvals: { 'ui:field': 'hidden' },
      },
    },
    rules: {
      demo: {
        validations: [
          { field: 'currency_id', when: { blank: [{ var: 'currency_id' }] }, message: 'demo.messages.currency' },
          { field: 'company_id', when: { blank: [{ var: 'company_id' }] }, message: 'demo.messages.company' },
          { field: 'department_id', when: { blank: [{ var: 'department_id' }] }, message: 'demo.messages.department' },
          { field: 'total', when: { '!': [{ '>': [{ var: 'total' }, 0] }] }, message: 'demo.messages.total' },
        ],
        visibility: { note: { '!': [{ var: 'bypass' }] } },
        effects: [{ on: 'company_id', set: { department_id: null } }],
        computed: [{ field: 'total', value: { round_currency: [{ sum: [{ var: 'lines' }, 'amount'] }, { var: 'currency_id' }] } }],
      },
    },
    locales: { en: { demo: en }, ja: { demo: en }, zh: { demo: en } },
  };
}

/** The compiled demo module (throws if the engine reports a compile problem). */
export function demoModule(): CompiledModule {
  const { modules, problems } = compileModules(demoFiles());
  if (!modules.demo) throw new Error(`demo module did not compile: ${JSON.stringify(problems)}`);
  return modules.demo;
}

/** Currencies as the app would pass them in the rule context (id → code). */
export const demoCurrencies = [
  { id: 1, code: 'CNY' },
  { id: 2, code: 'JPY' },
];
