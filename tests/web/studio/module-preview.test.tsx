/**
 * Issue 32 item 7, the studio's live preview: it said "This module has no approval process" while
 * the draft had a step (the server knows only published steps, none for a new module), and kept
 * showing the main form while the builder edited an item form. It now shows the draft's own
 * steps, and the item form being edited as its item page.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuilderPanel } from '../../../src/app/pages/studio/builder/BuilderPanel';
import { addField, addItemList, blankModule, type ModuleSource } from '../../../src/engine';
import { ModulePreview } from '../../../src/app/pages/studio/ModulePreview';
import { createTestHost } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });

function trip(): { source: ModuleSource; subForm: ModuleSource } {
  const withCurrency = addField(blankModule('business-trip', tri('Business trip')), { name: 'purpose', type: 'text', labels: tri('Purpose') });
  if (!('source' in withCurrency)) throw new Error(withCurrency.refused);
  const result = addItemList(withCurrency.source, {
    name: 'travel_legs', labels: tri('Legs'), itemTitles: tri('Leg {{n}}'),
    fields: [{ name: 'route', type: 'text', labels: tri('Route') }],
    itemTotal: { name: 'fare', labels: tri('Fare') },
    formTotal: { name: 'total_fare', labels: tri('Total fare') },
  });
  if (!('source' in result)) throw new Error(result.refused);
  result.source.source.process!.steps[0].names = tri('Head approval', '部門長承認', '部门负责人审批');
  return result.source;
}

/** The preview in a host whose server knows nothing of the draft (a new module): its step list is empty there. */
function show(formCode: string | null) {
  const testHost = createTestHost();
  const lookup = testHost.host.api.get;
  testHost.host.api.get = async <T,>(path: string, params?: Record<string, unknown>) =>
    (path === '/master_processes' ? ({ 'hydra:member': [], 'hydra:totalItems': 0 } as T) : lookup<T>(path, params));
  const { source, subForm } = trip();
  render(<ModulePreview draft={source} subSources={{ [subForm.code]: subForm }} unpublished={[source.code, subForm.code]} formCode={formCode} />, { wrapper: testHost.Wrapper });
  return { source, subForm, settled: testHost.settled };
}

describe('the live preview', () => {
  it('shows the draft\'s own approval step, never "no approval process"', async () => {
    const { settled } = show(null);
    const phone = await screen.findByTestId('studio-phone');
    await within(phone).findByRole('textbox', { name: 'Purpose' });
    await settled();
    expect(phone.textContent).toContain('Head approval');
    expect(phone.textContent).not.toContain('This module has no approval process');
  });

  it('shows the item form the builder edits as its item page, not the main form', async () => {
    const { subForm, settled } = show('business-trip-travel-legs');
    const item = await screen.findByTestId('studio-preview-item');
    await within(item).findByRole('textbox', { name: 'Route' });
    await settled();
    expect(item.getAttribute('aria-label')).toContain(subForm.code);
    expect(within(screen.getByTestId('studio-phone')).queryByRole('textbox', { name: 'Purpose' })).toBeNull();
  });

  it('shows the main form when the module itself is edited', async () => {
    show('business-trip');
    await within(await screen.findByTestId('studio-phone')).findByRole('textbox', { name: 'Purpose' });
    expect(screen.queryByTestId('studio-preview-item')).toBeNull();
  });

  it.each([
    ['the published step of the same code', true, 41],
    ['no step (a step not published yet): the people the picker offers without a step\'s rule', false, undefined],
  ])('a draft step\'s approver picker asks for the candidates of %s, never the preview\'s own step id', async (_name, published, expected) => {
    const testHost = createTestHost();
    const lookup = testHost.host.api.get;
    const asked: Array<Record<string, unknown> | undefined> = [];
    testHost.host.api.get = async <T,>(path: string, params?: Record<string, unknown>) => {
      if (path === '/master_processes') return { 'hydra:member': [{ id: 41, optional: false, any_of: true, position: 1, module_code: 'business-trip', process: { id: 9, code: 'p-approval', name: 'Approval' } }], 'hydra:totalItems': 1 } as T;
      if (path === '/users/approver') {
        asked.push(params);
        return { 'hydra:member': [{ id: 5, name: 'Jiro Head' }], 'hydra:totalItems': 1 } as T;
      }
      return lookup<T>(path, params);
    };
    const { source, subForm } = trip();
    source.process!.steps[0].code = 'p-approval';
    render(<ModulePreview draft={source} subSources={{ [subForm.code]: subForm }} unpublished={published ? [subForm.code] : [source.code, subForm.code]} formCode={null} />, { wrapper: testHost.Wrapper });
    const phone = await screen.findByTestId('studio-phone');
    await userEvent.setup().click(await within(phone).findByRole('button', { name: /Head approval/ }));
    expect(await screen.findByText('Jiro Head')).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.masterProcessId).toBe(expected);
  });

  it('the builder tells which form it edits (what the module editor hands the preview)', async () => {
    const testHost = createTestHost();
    const { source, subForm } = trip();
    const edited: string[] = [];
    render(<BuilderPanel forms={[source, subForm]} onChange={() => undefined} onCreateSubForm={() => undefined} onFormChange={(code) => edited.push(code)} />, { wrapper: testHost.Wrapper });
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Form being edited' }), subForm.code);
    expect(edited).toEqual([subForm.code]);
  });
});
