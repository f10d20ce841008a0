import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { renderWithHost } from '../../test-host';
import { fieldModule } from '../field-module';

describe('a picker in the form, its label from the translations', () => {
  test('names its items by its own labelKey (a location by its address), not by the label\'s key the form hands it for titles', async () => {
    const module = fieldModule(
      { company_id: { type: ['integer', 'null'], default: null }, location_id: { type: ['integer', 'null'], default: null } },
      { company_id: { 'ui:widget': 'hidden' }, location_id: { 'ui:widget': 'LocationPicker' } },
      { company_id: { label: 'Company' }, location_id: { label: 'Location' } },
    );
    const { user } = renderWithHost(<ModuleForm module={module} initialData={{ company_id: 1 }} context={{ steps: [] }} onSubmit={async () => ({})} />);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Location' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Location' }));
    const page = await screen.findByRole('dialog', { name: 'Location' });
    await user.click(await within(page).findByRole('button', { name: '1-2-3 Shibuya' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Location' }).textContent).toBe('1-2-3 Shibuya'));
  });
});
