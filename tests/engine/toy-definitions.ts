import type { DefinitionFiles, LocaleFile } from '../../src/engine';

/**
 * A small module family used by the engine tests: `toy` (bypass, body under `transaction`,
 * items edited by the `toy-item` sub-form, zero-total items dropped).
 */
export function toyFiles(): DefinitionFiles {
  const toyLocale = (prefix: string): LocaleFile => ({
    title: `${prefix} Toy`,
    currency_id: { label: `${prefix} Currency` },
    company_id: { label: `${prefix} Company` },
    department_id: { label: `${prefix} Department` },
    items: { label: `${prefix} Items` },
    total: { label: `${prefix} Total` },
    note: { label: `${prefix} Note` },
    kind: { label: `${prefix} Kind`, options: { a: 'A', b: 'B' } },
    messages: { currency: `${prefix} Pick a currency`, company: `${prefix} Pick a company`, total: `${prefix} Total is zero`, note: `${prefix} Note too long ({{n}})` },
  });
  const itemLocale = (prefix: string): LocaleFile => ({
    title: `${prefix} Item`,
    index: { label: 'No.' },
    name: { label: `${prefix} Name` },
    qty: { label: `${prefix} Qty` },
    price: { label: `${prefix} Price` },
    total: { label: `${prefix} Total` },
    messages: { name: `${prefix} Enter a name` },
  });
  const engine = (prefix: string): LocaleFile => ({
    alertTitle: `${prefix} Alert`,
    fields: { bypass: { label: 'Bypass' }, send_notification_first_approval: { label: 'Notify' }, save_approvers: { label: 'Remember' }, approvals: { label: 'Process' } },
    messages: { approvers: `${prefix} Choose approvers` },
    validation: { type: '{{field}} must be {{type}}', invalid: '{{field}} is invalid', body: 'Body must be an object', maxLength: '{{field}} too long' },
    types: { integer: 'a whole number', number: 'a number', string: 'text' },
  });
  return {
    processes: { toy: { steps: [{ code: 'p-toy', names: { en: 'Toy step', ja: 'トイ承認', zh: '玩具审批' }, optional: true }] } },
    schemas: {
      toy: {
        $id: 'toy', type: 'object',
        properties: {
          currency_id: { type: ['integer', 'string', 'null'] },
          company_id: { type: ['integer', 'null'] },
          department_id: { type: ['integer', 'null'] },
          items: { type: 'array', items: { $ref: 'toy-item' } },
          total: { type: 'number' },
          note: { type: ['string', 'null'], maxLength: 10 },
          kind: { type: 'string', enum: ['a', 'b'] },
        },
      },
      'toy-item': {
        $id: 'toy-item', type: 'object',
        properties: { index: { type: 'integer' }, name: { type: ['string', 'null'] }, qty: { type: ['number', 'null'] }, price: { type: ['number', 'null'] }, total: { type: 'number' } },
      },
    },
    uiSchemas: {
      toy: {
        'ui:module': { kind: 'module', title: 'toy.title', hasBypass: true, bypassRoles: ['is_finance'], bodyKey: 'transaction', codePrefix: 'TOY', dropZeroItems: { items: 'total' }, listCard: { summary: [{ label: 'toy.total.label', field: 'total', format: 'money' }] } },
        'ui:order': ['currency_id', 'company_id', 'department_id', 'items', 'total', 'note', 'kind'],
        currency_id: { 'ui:widget': 'CurrencyPicker' },
        items: { 'ui:field': 'ItemList' },
      },
      'toy-item': { 'ui:module': { kind: 'subform', title: 'toy-item.title' }, name: { 'ui:widget': 'text' } },
    },
    rules: {
      toy: {
        validations: [
          { field: 'currency_id', when: { blank: [{ var: 'currency_id' }] }, message: 'toy.messages.currency' },
          { field: 'company_id', when: { blank: [{ var: 'company_id' }] }, message: 'toy.messages.company' },
          { field: 'total', when: { '!': [{ '>': [{ sum: [{ var: 'items' }, 'total'] }, 0] }] }, message: 'toy.messages.total' },
          { field: 'note', when: { '>': [{ length: [{ var: 'note' }] }, 5] }, message: 'toy.messages.note', params: { n: { length: [{ var: 'note' }] } } },
          { field: 'approvals', when: { '!': [{ approvals_complete: [{ var: 'approvals' }, { var: 'bypass' }] }] }, message: 'engine.messages.approvers' },
          { each: 'items' },
        ],
        visibility: {
          approvals: { '!': [{ var: 'bypass' }] },
          save_approvers: { '!': [{ var: 'bypass' }] },
          send_notification_first_approval: { '!': [{ var: 'bypass' }] },
        },
        effects: [
          { on: 'company_id', set: { department_id: null } },
          { on: 'bypass', set: { send_notification_first_approval: { '!': [{ var: 'bypass' }] } } },
        ],
        computed: [{ field: 'total', value: { round_currency: [{ sum: [{ var: 'items' }, 'total'] }, { var: 'currency_id' }] } }],
      },
      'toy-item': {
        validations: [{ field: 'name', when: { blank: [{ var: 'name' }] }, message: 'toy-item.messages.name' }],
        computed: [{ field: 'total', value: { round_currency: [{ '*': [{ to_number: [{ var: 'qty' }] }, { to_number: [{ var: 'price' }] }] }, { var: '$parent.currency_id' }] } }],
      },
    },
    locales: {
      en: { toy: toyLocale('en'), 'toy-item': itemLocale('en'), engine: engine('en') },
      ja: { toy: toyLocale('ja'), 'toy-item': itemLocale('ja'), engine: engine('ja') },
      zh: { toy: toyLocale('zh'), 'toy-item': itemLocale('zh'), engine: engine('zh') },
    },
  };
}

/** Widget names the toy definitions use. */
export const TOY_WIDGETS = ['text', 'switch', 'checkbox', 'CurrencyPicker', 'ItemList', 'ProcessCard'];
