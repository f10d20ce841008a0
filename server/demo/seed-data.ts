import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';

/** Read, not imported: every loader (tsx, Vitest, Playwright's ESM) reads it the same way. */
const moduleMasters = JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/demo/demo-module-masters.json'), 'utf8')) as {
  expenseAccounts: unknown;
  contractItemTypes: unknown;
};
/** Demo data seeded on the first start of an empty database (logins in the README). */

/** Every demo user's password. */
export const DEMO_PASSWORD = 'ringi-demo';

type Names = [en: string, ja: string, zh: string];

export const DEMO_COMPANIES: Array<{
  code: string; names: Names; initial_name: string; is_group: boolean;
  departments: Names[]; locations: string[];
  bank_accounts: Array<{ bank_name: string; branch: string; number: string; type: string }>;
}> = [
  {
    code: 'RH', names: ['Ringi Holdings', 'リンギ・ホールディングス', '林吉控股'], initial_name: 'RH', is_group: true,
    departments: [['Management', '管理部', '管理部'], ['Finance', '経理部', '财务部'], ['Sales', '営業部', '销售部']],
    locations: ['1-1 Marunouchi, Chiyoda-ku, Tokyo', '88 Century Avenue, Pudong, Shanghai'],
    bank_accounts: [
      { bank_name: '三菱UFJ銀行', branch: '丸の内支店', number: '1234567', type: 'ordinary' },
      { bank_name: '中国銀行', branch: '上海浦東支店', number: '6222001234567890', type: 'current' },
    ],
  },
  {
    code: 'RT', names: ['Ringi Trading', 'リンギ・トレーディング', '林吉贸易'], initial_name: 'RT', is_group: true,
    departments: [['Trading', '貿易部', '贸易部'], ['Logistics', '物流部', '物流部']],
    locations: ['2-2 Umeda, Kita-ku, Osaka', '1 Shennan Road, Futian, Shenzhen'],
    bank_accounts: [{ bank_name: 'SMBC', branch: 'Umeda', number: '7654321', type: 'ordinary' }],
  },
  {
    code: 'AP', names: ['Acme Partners', 'アクメ・パートナーズ', '艾克米合伙'], initial_name: 'AP', is_group: false,
    departments: [['Operations', '業務部', '运营部'], ['Legal', '法務部', '法务部']],
    locations: ['100 Market Street, San Francisco'],
    bank_accounts: [{ bank_name: 'Bank of America', branch: 'Market Street', number: '000123456789', type: 'checking' }],
  },
  {
    code: 'RS', names: ['Ringi Systems', 'リンギ・システムズ', '林吉系统'], initial_name: 'RS', is_group: true,
    departments: [['Engineering', '開発部', '研发部'], ['Support', 'サポート部', '支持部'], ['Administration', '総務部', '行政部']],
    locations: ['3-3 Tenjin, Chuo-ku, Fukuoka', '5 Zhongguancun Street, Haidian, Beijing'],
    bank_accounts: [{ bank_name: 'みずほ銀行', branch: '福岡支店', number: '2345678', type: 'ordinary' }],
  },
];

export const DEMO_CURRENCIES: Array<{ code: string; names: Names; decimals: number }> = [
  { code: 'CNY', names: ['Chinese Yuan', '人民元', '人民币'], decimals: 2 },
  { code: 'JPY', names: ['Japanese Yen', '日本円', '日元'], decimals: 0 },
  { code: 'USD', names: ['US Dollar', '米ドル', '美元'], decimals: 2 },
];

export const DEMO_SETTING_TYPES: Array<{ code: string; names: Names }> = [
  { code: 'company-authorizer', names: ['Company Authorizer', '会社決裁者', '公司授权人'] },
  { code: 'company-finance', names: ['Company Finance / Treasury', '会社経理・出納', '公司财务/出纳'] },
  { code: 'company-internal-auditor', names: ['Company Internal Auditor', '会社内部監査', '公司内部审计'] },
  { code: 'company-legal', names: ['Company Legal', '会社法務', '公司法务'] },
];

/**
 * Who approves each step kind for every demo user by default (saved approvers). The steps
 * themselves are module definition data (`processes/<code>.json`), not seed code.
 */
export const DEMO_DEFAULT_APPROVERS: Record<string, string> = {
  'p-manager': 'approver@example.com',
  'p-finance': 'finance@example.com',
  'p-authorizer': 'authorizer@example.com',
  'p-treasury': 'treasury@example.com',
  'p-signer': 'legal@example.com',
};

/** Person-in-charge types of background groups; each decides the approver of one setting type. */
export const DEMO_PIC_TYPES: Array<{ code: string; names: Names; setting_type: string }> = [
  { code: 'pic-authorizer', names: ['Authorizer in charge', '決裁担当者', '授权负责人'], setting_type: 'company-authorizer' },
  { code: 'pic-finance', names: ['Finance in charge', '経理担当者', '财务负责人'], setting_type: 'company-finance' },
  { code: 'pic-legal', names: ['Legal in charge', '法務担当者', '法务负责人'], setting_type: 'company-legal' },
];

/** Background groups: name, member companies, person in charge per pic type. */
export const DEMO_BACKGROUNDS: Array<{ name: string; companies: string[]; pics: Record<string, string> }> = [
  { name: '本社・貿易グループ', companies: ['RH', 'RT'], pics: { 'pic-authorizer': 'authorizer@example.com', 'pic-finance': 'finance@example.com' } },
  { name: 'システム・パートナーグループ', companies: ['RS', 'AP'], pics: { 'pic-legal': 'legal@example.com' } },
];

type Flag = 'is_authorizer' | 'is_company_authorizer' | 'is_finance' | 'is_treasury' | 'is_legal';

export const DEMO_USERS: Array<{
  email: string; name: string; initial_name: string; company: string; department: string; location: number;
  join_date: string; flags: Flag[];
  /** false: a colleague without a password yet (as if invited; "forgot password" gives one). Default true. */
  login?: boolean;
}> = [
  { email: 'employee@example.com', name: 'Emi Tanaka', initial_name: 'ET', company: 'RH', department: 'Sales', location: 0, join_date: '2021-04-01', flags: [] },
  { email: 'approver@example.com', name: 'Kenji Sato', initial_name: 'KS', company: 'RH', department: 'Sales', location: 0, join_date: '2015-04-01', flags: [] },
  { email: 'approver2@example.com', name: 'Li Wei', initial_name: 'LW', company: 'RT', department: 'Trading', location: 1, join_date: '2018-07-01', flags: [] },
  { email: 'authorizer@example.com', name: 'Haruka Suzuki', initial_name: 'HS', company: 'RH', department: 'Management', location: 0, join_date: '2012-04-01', flags: ['is_authorizer'] },
  { email: 'finance@example.com', name: 'Chen Jing', initial_name: 'CJ', company: 'RH', department: 'Finance', location: 1, join_date: '2019-03-01', flags: ['is_finance'] },
  { email: 'treasury@example.com', name: 'Yuki Yamamoto', initial_name: 'YY', company: 'RH', department: 'Finance', location: 0, join_date: '2017-10-01', flags: ['is_treasury'] },
  { email: 'legal@example.com', name: 'Sara Kobayashi', initial_name: 'SK', company: 'RH', department: 'Management', location: 0, join_date: '2016-01-15', flags: ['is_legal'] },
  // Group member + company authorizer = group admin (spec 000 §6).
  { email: 'admin@example.com', name: 'Ringi Admin', initial_name: 'RA', company: 'RH', department: 'Management', location: 0, join_date: '2010-04-01', flags: ['is_authorizer'] },
  { email: 'client@example.com', name: 'Alex Morgan', initial_name: 'AM', company: 'AP', department: 'Operations', location: 0, join_date: '2022-09-01', flags: [] },
  // More colleagues, so lists, counts, search and infinite scroll can be tried.
  { email: 'rt.authorizer@example.com', name: 'Wang Fang', initial_name: 'WF', company: 'RT', department: 'Trading', location: 1, join_date: '2014-05-01', flags: ['is_authorizer'] },
  { email: 'rs.authorizer@example.com', name: 'Takeshi Mori', initial_name: 'TM', company: 'RS', department: 'Administration', location: 0, join_date: '2013-02-01', flags: ['is_authorizer'] },
  { email: 'ap.authorizer@example.com', name: 'Jordan Lee', initial_name: 'JL', company: 'AP', department: 'Legal', location: 0, join_date: '2016-08-01', flags: ['is_authorizer'] },
  { email: 'aiko.ito@example.com', name: 'Aiko Ito', initial_name: 'AI', company: 'RH', department: 'Sales', location: 0, join_date: '2020-04-01', flags: [], login: false },
  { email: 'daichi.kato@example.com', name: 'Daichi Kato', initial_name: 'DK', company: 'RH', department: 'Sales', location: 1, join_date: '2019-10-01', flags: [], login: false },
  { email: 'mei.nakamura@example.com', name: 'Mei Nakamura', initial_name: 'MN', company: 'RH', department: 'Finance', location: 0, join_date: '2021-01-15', flags: [], login: false },
  { email: 'ryo.hayashi@example.com', name: 'Ryo Hayashi', initial_name: 'RH', company: 'RH', department: 'Management', location: 0, join_date: '2018-06-01', flags: [], login: false },
  { email: 'zhang.wei@example.com', name: 'Zhang Wei', initial_name: 'ZW', company: 'RH', department: 'Sales', location: 1, join_date: '2022-03-01', flags: [], login: false },
  { email: 'liu.yang@example.com', name: 'Liu Yang', initial_name: 'LY', company: 'RT', department: 'Logistics', location: 1, join_date: '2020-07-01', flags: [], login: false },
  { email: 'sota.kimura@example.com', name: 'Sota Kimura', initial_name: 'SK', company: 'RT', department: 'Logistics', location: 0, join_date: '2017-04-01', flags: ['is_finance'], login: false },
  { email: 'hina.shimizu@example.com', name: 'Hina Shimizu', initial_name: 'HS', company: 'RT', department: 'Trading', location: 0, join_date: '2023-04-01', flags: [], login: false },
  { email: 'kaito.yamada@example.com', name: 'Kaito Yamada', initial_name: 'KY', company: 'RS', department: 'Engineering', location: 0, join_date: '2019-04-01', flags: [], login: false },
  { email: 'yui.matsumoto@example.com', name: 'Yui Matsumoto', initial_name: 'YM', company: 'RS', department: 'Engineering', location: 1, join_date: '2021-09-01', flags: [], login: false },
  { email: 'chen.hao@example.com', name: 'Chen Hao', initial_name: 'CH', company: 'RS', department: 'Support', location: 1, join_date: '2022-11-01', flags: [], login: false },
  { email: 'nanami.inoue@example.com', name: 'Nanami Inoue', initial_name: 'NI', company: 'RS', department: 'Support', location: 0, join_date: '2020-02-01', flags: ['is_treasury'], login: false },
  { email: 'sam.patel@example.com', name: 'Sam Patel', initial_name: 'SP', company: 'AP', department: 'Operations', location: 0, join_date: '2021-06-01', flags: [], login: false },
];

/** Every user's approver per setting type. */
export const DEMO_USER_SETTINGS: Record<string, string> = {
  'company-authorizer': 'authorizer@example.com',
  'company-finance': 'finance@example.com',
  'company-legal': 'legal@example.com',
};

/**
 * Master rows that belong to modules (keyed by module code, so they are data, not TypeScript):
 * the expense accounts every company gets per module with `ui:module.expenseAccounts`, and the
 * contract item types per module with `ui:module.contractItemTypes`.
 */
export const DEMO_EXPENSE_ACCOUNTS: Array<{ module_type: string; code: string; names: Names; is_transportation?: boolean }> = moduleMasters.expenseAccounts as unknown as Array<{ module_type: string; code: string; names: Names; is_transportation?: boolean }>;

export const DEMO_CONTRACT_ITEM_TYPES: Record<string, Array<{ code: string; names: Names }>> = moduleMasters.contractItemTypes as unknown as Record<string, Array<{ code: string; names: Names }>>;

/** The small code lists (id, code, name). */
export const DEMO_CODE_LISTS: Record<'contract_frequencies' | 'corporate_seal_types' | 'collection_sales_evidence_types', Array<{ code: string; names: Names }>> = {
  contract_frequencies: [
    { code: 'once', names: ['One-off', '一回のみ', '一次性'] },
    { code: 'monthly', names: ['Monthly', '毎月', '每月'] },
    { code: 'quarterly', names: ['Quarterly', '四半期ごと', '每季度'] },
    { code: 'yearly', names: ['Yearly', '毎年', '每年'] },
  ],
  corporate_seal_types: [
    { code: 'company-seal', names: ['Company seal', '社印', '公章'] },
    { code: 'representative-seal', names: ['Representative seal', '代表者印', '法人章'] },
    { code: 'contract-seal', names: ['Contract seal', '契約印', '合同章'] },
    { code: 'finance-seal', names: ['Finance seal', '銀行印', '财务章'] },
  ],
  collection_sales_evidence_types: [
    { code: 'contract', names: ['Contract', '契約書', '合同'] },
    { code: 'invoice', names: ['Invoice', '請求書', '发票'] },
    { code: 'delivery-note', names: ['Delivery note', '納品書', '送货单'] },
    { code: 'receipt', names: ['Receipt', '受領書', '收据'] },
  ],
};

/** One demo holiday: date, names (en, ja, zh), and `true` for a weekend date that is worked (调休). */
type DemoHoliday = [date: string, en: string, ja: string, zh: string, working?: boolean];

/**
 * The demo companies' calendars (`demo-calendars.json`): Japanese national holidays of 2026/2027
 * for the Japanese companies, the Chinese holiday schedule for Ringi Trading, weekends only for
 * Acme Partners. Reminders and escalation count business days in them.
 */
export const DEMO_CALENDARS = JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/demo/demo-calendars.json'), 'utf8')) as {
  companies: Record<string, { calendar: string | null; time_zone: string }>;
  calendars: Record<string, DemoHoliday[]>;
};
