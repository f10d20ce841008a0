import type { ApproverRole } from './database';

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
    departments: [['Management', '経営企画部', '管理部'], ['Finance', '経理部', '财务部'], ['Sales', '営業部', '销售部']],
    locations: ['1-1 Marunouchi, Chiyoda-ku, Tokyo', '88 Century Avenue, Pudong, Shanghai'],
    bank_accounts: [
      { bank_name: 'MUFG Bank', branch: 'Marunouchi', number: '1234567', type: 'ordinary' },
      { bank_name: 'Bank of China', branch: 'Shanghai Pudong', number: '6222001234567890', type: 'current' },
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

/** Processes (approval step kinds) and the demo user who is everyone's default approver there. */
export const DEMO_PROCESSES: Array<{ code: string; names: Names; approver_role: ApproverRole | null; default_approver?: string }> = [
  { code: 'p-manager', names: ['Manager approval', '上長承認', '经理审批'], approver_role: null, default_approver: 'approver@example.com' },
  { code: 'p-director', names: ['Director approval', '部長承認', '总监审批'], approver_role: null },
  { code: 'p-finance', names: ['Finance review', '経理確認', '财务审核'], approver_role: 'finance', default_approver: 'finance@example.com' },
  { code: 'p-authorizer', names: ['Company authorizer', '決裁者承認', '公司授权人审批'], approver_role: 'authorizer', default_approver: 'authorizer@example.com' },
  { code: 'p-treasury', names: ['Treasury', '出納', '出纳'], approver_role: 'treasury', default_approver: 'treasury@example.com' },
  { code: 'p-legal', names: ['Legal review', '法務確認', '法务审核'], approver_role: 'legal' },
  { code: 'p-signer', names: ['Signer', '押印', '盖章'], approver_role: 'legal', default_approver: 'legal@example.com' },
];

/** Ordered steps per module; `?` marks an optional step. */
export const DEMO_MASTER_PROCESSES: Record<string, string[]> = {
  reimbursement: ['p-manager', 'p-director?', 'p-finance', 'p-treasury'],
  payment: ['p-manager', 'p-director?', 'p-finance', 'p-authorizer', 'p-treasury'],
  purchase: ['p-manager', 'p-director?', 'p-authorizer'],
  'contract-supplier': ['p-manager', 'p-legal?', 'p-authorizer', 'p-signer'],
  'contract-customer': ['p-manager', 'p-legal?', 'p-authorizer', 'p-signer'],
  'corporate-seal': ['p-manager', 'p-legal?', 'p-signer'],
  'collection-debt': ['p-manager', 'p-director?', 'p-finance'],
  'collection-report': ['p-manager', 'p-director?', 'p-finance'],
  'collection-sales': ['p-manager', 'p-director?', 'p-finance'],
};

type Flag = 'is_authorizer' | 'is_company_authorizer' | 'is_finance' | 'is_treasury' | 'is_legal';

export const DEMO_USERS: Array<{
  email: string; name: string; initial_name: string; company: string; department: string; location: number;
  join_date: string; flags: Flag[];
}> = [
  { email: 'employee@example.com', name: 'Emi Tanaka', initial_name: 'ET', company: 'RH', department: 'Sales', location: 0, join_date: '2021-04-01', flags: [] },
  { email: 'approver@example.com', name: 'Kenji Sato', initial_name: 'KS', company: 'RH', department: 'Sales', location: 0, join_date: '2015-04-01', flags: [] },
  { email: 'approver2@example.com', name: 'Li Wei', initial_name: 'LW', company: 'RT', department: 'Trading', location: 1, join_date: '2018-07-01', flags: [] },
  { email: 'authorizer@example.com', name: 'Haruka Suzuki', initial_name: 'HS', company: 'RH', department: 'Management', location: 0, join_date: '2012-04-01', flags: ['is_authorizer'] },
  { email: 'finance@example.com', name: 'Chen Jing', initial_name: 'CJ', company: 'RH', department: 'Finance', location: 1, join_date: '2019-03-01', flags: ['is_finance'] },
  { email: 'treasury@example.com', name: 'Yuki Yamamoto', initial_name: 'YY', company: 'RH', department: 'Finance', location: 0, join_date: '2017-10-01', flags: ['is_treasury'] },
  { email: 'legal@example.com', name: 'Sara Kobayashi', initial_name: 'SK', company: 'RH', department: 'Management', location: 0, join_date: '2016-01-15', flags: ['is_legal'] },
  { email: 'admin@example.com', name: 'Ringi Admin', initial_name: 'RA', company: 'RH', department: 'Management', location: 0, join_date: '2010-04-01', flags: ['is_company_authorizer'] },
  { email: 'client@example.com', name: 'Alex Morgan', initial_name: 'AM', company: 'AP', department: 'Operations', location: 0, join_date: '2022-09-01', flags: [] },
];

/** Every user's approver per setting type. */
export const DEMO_USER_SETTINGS: Record<string, string> = {
  'company-authorizer': 'authorizer@example.com',
  'company-finance': 'finance@example.com',
  'company-legal': 'legal@example.com',
};

/** Expense accounts every company gets, per module type; the spec names them name/name_jp/name_zh. */
export const DEMO_EXPENSE_ACCOUNTS: Array<{ module_type: 'reimbursement' | 'payment'; code: string; names: Names; is_transportation?: boolean }> = [
  { module_type: 'reimbursement', code: 'R-TRANSPORT', names: ['Transportation', '旅費交通費', '交通费'], is_transportation: true },
  { module_type: 'reimbursement', code: 'R-MEALS', names: ['Meals and entertainment', '交際費', '招待费'] },
  { module_type: 'reimbursement', code: 'R-OFFICE', names: ['Office supplies', '事務用品費', '办公用品费'] },
  { module_type: 'reimbursement', code: 'R-COMM', names: ['Communication', '通信費', '通讯费'] },
  { module_type: 'payment', code: 'P-TRANSPORT', names: ['Freight and transport', '荷造運賃', '运费'], is_transportation: true },
  { module_type: 'payment', code: 'P-RENT', names: ['Rent', '地代家賃', '房租'] },
  { module_type: 'payment', code: 'P-OUTSOURCING', names: ['Outsourcing', '業務委託費', '外包费'] },
  { module_type: 'payment', code: 'P-UTILITIES', names: ['Utilities', '水道光熱費', '水电费'] },
];

export const DEMO_CONTRACT_ITEM_TYPES: Record<string, Array<{ code: string; names: Names }>> = {
  'contract-supplier': [
    { code: 'goods', names: ['Purchase Goods', '物品購入', '采购商品'] },
    { code: 'services', names: ['Services', 'サービス', '服务'] },
    { code: 'hr', names: ['Human Resource', '人材', '人力资源'] },
    { code: 'other', names: ['Other', 'その他', '其他'] },
  ],
  'contract-customer': [
    { code: 'goods', names: ['Sales of goods', '商品販売', '商品销售'] },
    { code: 'services', names: ['Service revenue', 'サービス収入', '服务收入'] },
    { code: 'other', names: ['Other revenue', 'その他収入', '其他收入'] },
  ],
};

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
