import { expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { withTheme } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { ringiTheme } from '../../../src/renderer/theme';
import { renderWithHost } from '../test-host';

const ThemedForm = withTheme(ringiTheme);

const schema: RJSFSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name' },
    amount: { type: 'number', title: 'Amount' },
    urgent: { type: 'boolean', title: 'Urgent' },
  },
};

test('the theme object works as a plain rjsf theme: labels with required mark, Fluent inputs, inline errors, no error list', async () => {
  const submitted: unknown[] = [];
  const { user, container } = renderWithHost(
    <ThemedForm schema={schema} uiSchema={{ amount: { 'ui:widget': 'money' } }} validator={validator} noHtml5Validate onSubmit={(e) => submitted.push(e.formData)} />,
  );
  expect(screen.getByText('Name').closest('label')?.textContent).toContain('*');
  expect((screen.getByLabelText(/Amount/) as HTMLInputElement).maxLength).toBe(20);
  expect(screen.getByRole('checkbox', { name: 'Urgent' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(container.querySelector('[data-inline-error]')).not.toBeNull());
  expect(container.querySelector('.error-detail, .errors')).toBeNull();
  expect(submitted).toEqual([]);
  await user.type(screen.getByLabelText(/Name/), 'Desk');
  await user.type(screen.getByLabelText(/Amount/), '12.5');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(submitted).toEqual([{ name: 'Desk', amount: 12.5 }]));
});
