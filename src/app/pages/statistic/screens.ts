import { lazy, type ComponentType } from 'react';
import type { STATISTIC_MENU } from './StatisticPage';

type Entry = (typeof STATISTIC_MENU)[number];

/** The built Statistic screens, one lazy chunk each (a folder per screen); entries not listed are not yet available. */
export const STATISTIC_SCREENS: Partial<Record<Entry, ComponentType>> = {
  paymentProjection: lazy(() => import('./payment-projection/PaymentProjectionPage').then((m) => ({ default: m.PaymentProjectionPage }))),
  invoiceManagement: lazy(() => import('./invoice-management/InvoiceManagementPage').then((m) => ({ default: m.InvoiceManagementPage }))),
  companyBankAccount: lazy(() => import('./finance-accounts/BankAccountsPage').then((m) => ({ default: m.BankAccountsScreen }))),
  expenseAccount: lazy(() => import('./finance-accounts/ExpenseAccountsPage').then((m) => ({ default: m.ExpenseAccountsScreen }))),
  export: lazy(() => import('./export/ExportPage').then((m) => ({ default: m.ExportPage }))),
  records: lazy(() => import('./records/RecordsPage').then((m) => ({ default: m.RecordsPage }))),
  exchangeRates: lazy(() => import('./exchange-rates/ExchangeRatesPage').then((m) => ({ default: m.ExchangeRatesPage }))),
  journalExport: lazy(() => import('./journal-export/JournalExportPage').then((m) => ({ default: m.JournalExportPage }))),
  budgets: lazy(() => import('./budgets/BudgetsPage').then((m) => ({ default: m.BudgetsPage }))),
  documentSearch: lazy(() => import('./document-search/DocumentSearchPage').then((m) => ({ default: m.DocumentSearchPage }))),
};
