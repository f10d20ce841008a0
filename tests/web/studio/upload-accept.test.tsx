/**
 * Issue 32 item 7: the upload's file dialog offered every type although the document type accepts
 * only some (a PDF itinerary). The input's `accept` is the attachment kind's extensions, and a
 * file of another type is refused before it is sent.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { acceptAttribute, isAcceptedFile, ACCEPT_ATTRIBUTE } from '../../../src/renderer/widgets/file-uploader/file-rules';
import { createTestHost, fakeModule, renderForm } from '../renderer/widgets/widget-host';

const schema: RJSFSchema = { type: 'object', properties: { itinerary: { type: 'array', title: 'Itinerary', items: { type: 'integer' } } } };
const uiSchema = { itinerary: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'itinerary', maxFiles: 1 } } };

describe('the upload accepts its document type\'s files only', () => {
  it('the file input\'s accept names the kind\'s extensions', () => {
    const host = createTestHost(() => undefined);
    renderForm(host, schema, uiSchema, {}, fakeModule('trip', { attachments: { itinerary: { accept: ['pdf'], maxFiles: 1, maxBytes: 1_000_000 } } }));
    expect((screen.getByTestId('root_itinerary-input') as HTMLInputElement).accept).toBe('.pdf');
  });

  it('a kind-less upload keeps every accepted type', () => {
    const host = createTestHost(() => undefined);
    renderForm(host, schema, uiSchema, {}, fakeModule('trip'));
    expect((screen.getByTestId('root_itinerary-input') as HTMLInputElement).accept).toBe(ACCEPT_ATTRIBUTE);
  });

  it('a file of another type is refused without an upload', async () => {
    const host = createTestHost(() => undefined);
    renderForm(host, schema, uiSchema, {}, fakeModule('trip', { attachments: { itinerary: { accept: ['pdf'], maxFiles: 1, maxBytes: 1_000_000 } } }));
    const input = screen.getByTestId('root_itinerary-input') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(host.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(acceptAttribute(['PDF', '.jpg'])).toBe('.pdf,.jpg');
    expect(isAcceptedFile({ name: 'plan.pdf' }, ['pdf'])).toBe(true);
    expect(isAcceptedFile({ name: 'photo.png', type: 'image/png' }, ['pdf'])).toBe(false);
  });
});
