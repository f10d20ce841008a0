/**
 * InvoiceRegistrationNo: a sub-form whose definition uses the widget (derived, never named) shows
 * the server's verdict on the number as the user types — valid, or the reason — in a live region.
 */
import { expect, test } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readDefinitionSet } from '../../../../server/definitions/definition-store';
import { invoiceRegistrationProblem, type CompiledModule } from '../../../../src/engine';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { customRegistry } from '../../../../src/renderer/widgets';
import { createTestHost } from '../../test-host';

const { modules } = await readDefinitionSet(undefined, { check: false });
const uses = (m: CompiledModule) => Object.values(m.uiSchema).some((ui) => (ui as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'InvoiceRegistrationNo');
const form = Object.values(modules).flatMap((m) => [m, ...Object.values(m.subForms)]).find(uses)!;
const field = Object.entries(form.uiSchema).find(([, ui]) => (ui as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'InvoiceRegistrationNo')![0];
const label = (form.translations.en as Record<string, { label?: string }>)[field]?.label ?? field;

test('registered as a widget with a Display, and used by a definition', () => {
  expect(customRegistry.InvoiceRegistrationNo.kind).toBe('widget');
  expect(form).toBeDefined();
});

test('shows the verdict of /invoice_registrations as the number is typed', async () => {
  const testHost = createTestHost();
  const asked: string[] = [];
  testHost.host.api.get = (async (path: string) => {
    asked.push(path);
    const number = decodeURIComponent(path.split('/').pop()!);
    const problem = invoiceRegistrationProblem(number);
    return { valid: problem === null, reason: problem === 'checkDigit' ? 'check digit does not match' : problem ? 'T followed by 13 digits' : null };
  }) as typeof testHost.host.api.get;
  const user = userEvent.setup();
  render(<ModuleForm module={form} context={{ steps: [] }} onSubmit={async () => ({})} />, { wrapper: testHost.Wrapper });
  const input = screen.getByLabelText(label);
  await user.type(input, 'T2180301018771');
  const verdict = () => document.getElementById(`${input.id}__registration`)?.textContent;
  await waitFor(() => expect(verdict()).toBe('check digit does not match'));
  await user.clear(input);
  await user.type(input, 'T1180301018771');
  await waitFor(() => expect(verdict()).toBe('A valid registration number'));
  expect(asked.at(-1)).toBe('/invoice_registrations/T1180301018771');
});
