import type { ModuleSource } from '../../../engine';
import { codePrefixOf } from '../../../engine';

/**
 * The starting point of "New from template": the smallest module that passes the checker — one
 * required text field with its ordered validation, a list and detail card, one approval step
 * anyone may take, and its texts in en/ja/zh.
 */
export function moduleTemplate(code: string): ModuleSource {
  const title = { en: 'New application', ja: '新しい申請', zh: '新申请' };
  const subject = { en: 'Subject', ja: '件名', zh: '主题' };
  const message = { en: 'Enter the subject', ja: '件名を入力してください', zh: '请输入主题' };
  return {
    code,
    schema: { type: 'object', required: [], properties: { subject: { type: ['string', 'null'], maxLength: 200 } } },
    uiSchema: {
      'ui:module': {
        kind: 'module', title: `${code}.title`, submitPath: `/buffer/${code}`, codePrefix: codePrefixOf(code), bodyKey: null,
        hasBypass: false, needsStampNo: false, editable: true, launcher: { order: 100, icon: 'documentText' },
        listCard: { title: `${code}.title`, summary: [{ label: `${code}.subject.label`, field: 'subject', format: 'text' }] },
        detailCard: { sections: [{ fields: ['subject'] }] },
      },
      'ui:order': ['subject', '*'],
      subject: { 'ui:widget': 'text' },
    },
    rules: { validations: [{ field: 'subject', when: { blank: [{ var: 'subject' }] }, message: `${code}.messages.subject` }] },
    locales: Object.fromEntries((['en', 'ja', 'zh'] as const).map((lang) => [lang, {
      title: title[lang], subject: { label: subject[lang] }, messages: { subject: message[lang] },
    }])) as unknown as ModuleSource['locales'],
    process: { steps: [{ code: 'p-manager', names: { en: 'Manager approval', ja: '上長承認', zh: '经理审批' }, roles: [] }] },
    attachments: null,
  };
}
