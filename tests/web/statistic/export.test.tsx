import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationContext, type Navigation } from '../../../src/app/navigation/navigation-context';
import type { PageStack } from '../../../src/app/navigation/page-stack';
import { SessionContext, type Session } from '../../../src/app/session/session-context';
import { ExportPage } from '../../../src/app/pages/statistic/export/ExportPage';
import { defaultExportForm, exportFormProblem, exportParams } from '../../../src/app/pages/statistic/export/export-form';
import en from '../../../locales/en/statistic.json';
import { createTestHost } from '../test-host';

const modules = [
  { code: 'payment', kind: 'module', meta: { statistics: { export: true } }, translations: { en: { title: 'Payment' } } },
  { code: 'purchase', kind: 'module', meta: { statistics: {} }, translations: { en: { title: 'Purchase' } } },
];

/**
 * The export screen with a session of a finance user of company 1, a page stack that records
 * pops, and a server whose job answers `finalStatus` on its first progress check.
 */
function renderExport(finalStatus: 'done' | 'failed' | 'unreachable') {
  const testHost = createTestHost();
  const calls: Array<{ path: string; params?: Record<string, unknown> }> = [];
  testHost.host.api.get = async <T,>(path: string, params?: Record<string, unknown>): Promise<T> => {
    calls.push({ path, params });
    if (path === '/module-definitions') return { 'hydra:member': modules } as T;
    if (path === '/buffer/export') return { id: 7, status: 'queued', progress: 0, error: null } as T;
    if (path === '/buffer/export/jobs/7') {
      if (finalStatus === 'unreachable') throw new Error('Network Error');
      return (finalStatus === 'done' ? { id: 7, status: 'done', progress: 100, error: null } : { id: 7, status: 'failed', progress: 10, error: 'No CJK font' }) as T;
    }
    throw new Error(`no route ${path}`);
  };
  const pops: unknown[] = [];
  const navigation = { stack: { pop: (r?: unknown) => { pops.push(r); return true; } } as unknown as PageStack, tab: 'statistic', selectTab: () => undefined } as unknown as Navigation;
  const session = { profile: { id: 5, name: 'Chen Jing', is_finance: true, is_authorizer: false, is_ringi_group_member: true, company: { id: 1, name: 'Ringi Holdings' } } } as unknown as Session;
  const user = userEvent.setup();
  render(
    <SessionContext.Provider value={session}>
      <NavigationContext.Provider value={navigation}><ExportPage /></NavigationContext.Provider>
    </SessionContext.Provider>,
    { wrapper: testHost.Wrapper },
  );
  return { ...testHost, calls, pops, user };
}

async function fillAndExport(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Payment' })).toBeTruthy());
  expect(screen.queryByRole('option', { name: 'Purchase' })).toBeNull();
  await user.selectOptions(screen.getByRole('combobox', { name: en.export.module }), 'payment');
  await user.type(screen.getByLabelText(en.export.from), '2026-01-01');
  await user.type(screen.getByLabelText(en.export.to), '2026-03-31');
  await user.click(screen.getByRole('radio', { name: 'XLSX' }));
  await user.click(screen.getByRole('button', { name: en.export.submit }));
}

describe('export form (pure)', () => {
  it('defaults to pdf and completion, checks module, company, period, file type in order', () => {
    const form = defaultExportForm(1);
    expect(form).toMatchObject({ fileType: 'pdf', dateType: 'completion', companyId: 1 });
    expect(exportFormProblem(form)).toBe('statistic.export.problems.module');
    expect(exportFormProblem({ ...form, moduleCode: 'payment', companyId: null })).toBe('statistic.export.problems.company');
    expect(exportFormProblem({ ...form, moduleCode: 'payment', from: '2026-01-01' })).toBe('statistic.export.problems.period');
    expect(exportFormProblem({ ...form, moduleCode: 'payment', from: '2026-02-01', to: '2026-01-01' })).toBe('statistic.export.problems.range');
    expect(exportFormProblem({ ...form, moduleCode: 'payment', from: '2026-01-01', to: '2026-01-31', fileType: '' })).toBe('statistic.export.problems.fileType');
    expect(exportParams({ ...form, moduleCode: 'payment', from: '2026-01-01', to: '2026-01-31' }))
      .toEqual({ moduleCode: 'payment', companyId: 1, period: '2026-01-01~2026-01-31', dateType: 'completion', fileType: 'pdf' });
  });
});

describe('ExportPage', () => {
  it('alerts the first missing choice and starts nothing', async () => {
    const { user, log, calls } = renderExport('done');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Payment' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: en.export.submit }));
    await waitFor(() => expect(log.alerts).toHaveLength(1));
    expect(log.alerts[0].message).toBe(en.export.problems.module);
    expect(calls.some((c) => c.path === '/buffer/export')).toBe(false);
  });

  it('starts the job with the chosen filter, follows its progress, then toasts the e-mail and closes', async () => {
    const { user, log, calls, pops } = renderExport('done');
    await fillAndExport(user);
    expect(await screen.findByTestId('export-progress')).toBeTruthy();
    await waitFor(() => expect(pops).toHaveLength(1));
    expect(calls.find((c) => c.path === '/buffer/export')?.params)
      .toEqual({ moduleCode: 'payment', companyId: 1, period: '2026-01-01~2026-03-31', dateType: 'completion', fileType: 'xlsx' });
    expect(log.toasts).toEqual([{ message: en.export.sent, intent: 'success' }]);
  });

  it('tells the user why a failed job failed and stays open', async () => {
    const { user, log, pops } = renderExport('failed');
    await fillAndExport(user);
    expect(await screen.findByText('No CJK font')).toBeTruthy();
    expect(log.toasts).toEqual([{ message: 'No CJK font', intent: 'error' }]);
    expect(pops).toHaveLength(0);
  });

  it('when the server cannot be reached while the job runs, says the result will be mailed and closes', async () => {
    const { user, log, pops } = renderExport('unreachable');
    await fillAndExport(user);
    await waitFor(() => expect(pops).toHaveLength(1));
    expect(log.toasts).toEqual([{ message: en.export.continues, intent: 'info' }]);
  });
});
