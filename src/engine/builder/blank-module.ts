import { codePrefixOf } from '../definitions/copy-source';
import type { ModuleSource } from '../definitions/module-source';
import type { BypassRole, ProcessStepDefinition } from '../types';
import { BUILDER_LANGS, type Texts } from './texts';

const FIELDS = {
  company_id: { en: 'Company', ja: '会社', zh: '公司' },
  user_finances: { en: 'Forward document', ja: '書類転送', zh: '转发文件' },
  companyRequired: { en: 'Please select company', ja: '会社を選択してください', zh: '请选择公司' },
};
// The demo modules' manager step: the head of the requester's department (the requester may change it).
const MANAGER: ProcessStepDefinition = {
  code: 'p-manager', names: { en: 'Manager approval', ja: '上長承認', zh: '经理审批' },
  approvers: [{ position: 'head', of: 'requester' }], editable: true, skip: { requester: true },
};

/**
 * A blank module that already is a working form: the company (required), finance forwarding
 * (`user_finances`), the wrapper fields the compiler adds (approvals, notify, save approvers, and
 * bypass when `bypassRoles` are given) placed in order, list and detail cards, a launcher, one
 * manager step approved by the head of the requester's department, and its texts in en, ja and zh.
 */
export function blankModule(code: string, titles: Texts, bypassRoles: BypassRole[] = []): ModuleSource {
  const hasBypass = bypassRoles.length > 0;
  return {
    code,
    schema: {
      $id: code, title: code, type: 'object',
      properties: {
        company_id: { type: ['integer', 'null'], default: null },
        user_finances: { type: 'array', default: [], items: { type: 'integer' } },
      },
    },
    uiSchema: {
      'ui:module': {
        kind: 'module', title: `${code}.title`, submitPath: `/buffer/${code}`, codePrefix: codePrefixOf(code), bodyKey: null,
        hasBypass, ...(hasBypass ? { bypassRoles } : {}), needsStampNo: false, editable: true, moreMenu: true,
        launcher: { order: 100, icon: 'documentText' },
        listCard: { title: `${code}.title`, summary: [] },
        detailCard: { sections: [{ fields: ['company_id'] }, { fields: ['user_finances'] }] },
      },
      'ui:order': ['company_id', 'user_finances', ...(hasBypass ? ['bypass'] : []), 'save_approvers', 'send_notification_first_approval', 'approvals'],
      company_id: { 'ui:widget': 'CompanyPicker' },
      user_finances: { 'ui:widget': 'FinanceUsersPicker', 'ui:options': { extraParams: { companyId: '{company_id}' } } },
    },
    rules: {
      validations: [
        { field: 'company_id', when: { blank: [{ var: 'company_id' }] }, message: `${code}.messages.company_id_required` },
        { field: 'approvals', when: { '!': [{ approvals_complete: [{ var: 'approvals' }, hasBypass ? { var: 'bypass' } : false] }] }, message: 'engine.messages.approvers' },
      ],
      visibility: {}, effects: [], computed: [],
    },
    locales: Object.fromEntries(BUILDER_LANGS.map((lang) => [lang, {
      title: titles[lang],
      company_id: { label: FIELDS.company_id[lang] },
      user_finances: { label: FIELDS.user_finances[lang] },
      messages: { company_id_required: FIELDS.companyRequired[lang] },
    }])) as unknown as ModuleSource['locales'],
    process: { steps: [structuredClone(MANAGER)] },
    attachments: null,
  };
}
