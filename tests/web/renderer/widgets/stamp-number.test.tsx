/**
 * NextStampNumber: the document's own stamp number when it has one, else the preview from
 * `GET /api/stamp_statistics/next_code`; read-only, labelled, with the help line; the card shows
 * the stored value.
 */
import { expect, test } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { readDefinitionSet } from '../../../../server/definitions/definition-store';
import type { CompiledModule } from '../../../../src/engine';
import { DetailCard } from '../../../../src/renderer/DetailCard';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { customRegistry } from '../../../../src/renderer/widgets';
import { NEXT_STAMP_PATH } from '../../../../src/renderer/widgets/stamp-number/NextStampNumberWidget';
import { createTestHost } from '../../test-host';

const { modules } = await readDefinitionSet(undefined, { check: false });
/** The modules whose form uses the widget, from the definitions (never listed here). */
const stampCodes = Object.values(modules)
  .filter((m: CompiledModule) => m.kind === 'module' && Object.values(m.uiSchema).some((ui) => (ui as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'NextStampNumber'))
  .map((m) => m.code);
const stamped = modules[stampCodes[0]];

test('some module definitions use the widget (the cases below come from them)', () => {
  expect(stampCodes.length).toBeGreaterThan(0);
});

/** A test host whose stamp preview answers `answer` (or fails), recording the queries. */
function hostWithPreview(answer: string | Error) {
  const testHost = createTestHost();
  const asked: Array<{ path: string; params?: Record<string, unknown> }> = [];
  const get = testHost.host.api.get;
  testHost.host.api.get = (async (path: string, params?: Record<string, unknown>) => {
    if (path !== NEXT_STAMP_PATH) return get(path, params);
    asked.push({ path, params });
    if (answer instanceof Error) throw answer;
    return { stamp_no: answer };
  }) as typeof get;
  return { ...testHost, asked };
}

test('registered as a widget with a Display', () => {
  expect(customRegistry.NextStampNumber.kind).toBe('widget');
  expect(customRegistry.NextStampNumber.Display).toBeTypeOf('function');
});

test.each(stampCodes)('%s: a new form shows the preview of its module, read-only, labelled, with the help line', async (code) => {
  const { Wrapper, asked } = hostWithPreview('XX2026-0042');
  render(<ModuleForm module={modules[code]} context={{ steps: [] }} onSubmit={async () => ({})} />, { wrapper: Wrapper });
  const input = screen.getByLabelText('Next stamp number') as HTMLInputElement;
  await waitFor(() => expect(input.value).toBe('XX2026-0042'));
  expect(input.readOnly).toBe(true);
  expect(asked).toEqual([{ path: NEXT_STAMP_PATH, params: { module_code: code } }]);
  const help = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  expect(help?.textContent).toBe('Numbered when the document is filed');
});

test('a document that has a stamp number shows it and asks for no preview', async () => {
  const { Wrapper, asked, settled } = hostWithPreview('CSL2026-0042');
  render(<ModuleForm module={stamped} initialData={{ stamp_no: 'CSL2026-0007' }} context={{ steps: [] }} onSubmit={async () => ({})} />, { wrapper: Wrapper });
  await settled();
  expect((screen.getByLabelText('Next stamp number') as HTMLInputElement).value).toBe('CSL2026-0007');
  expect(asked).toEqual([]);
});

test('no preview (request failed): empty with a "not numbered yet" placeholder, nothing else breaks', async () => {
  const { Wrapper, asked, settled } = hostWithPreview(Object.assign(new Error('bad'), { status: 400 }));
  render(<ModuleForm module={stamped} context={{ steps: [] }} onSubmit={async () => ({})} />, { wrapper: Wrapper });
  await waitFor(() => expect(asked.length).toBe(1));
  await settled();
  const input = screen.getByLabelText('Next stamp number') as HTMLInputElement;
  expect(input.value).toBe('');
  expect(input.placeholder).toBe('Not numbered yet');
});

test('the detail card shows the stored value, "-" before filing', async () => {
  const { Wrapper, settled } = hostWithPreview('CSL2026-0042');
  const { container, unmount } = render(<DetailCard module={stamped} data={{ stamp_no: 'CSL2026-0007' }} />, { wrapper: Wrapper });
  await settled();
  expect(container.querySelector('[data-highlight="stamp_no"]')?.textContent).toContain('CSL2026-0007');
  unmount();
  const empty = render(<DetailCard module={stamped} data={{}} />, { wrapper: Wrapper });
  await settled();
  expect(empty.container.querySelector('[data-highlight="stamp_no"]')?.textContent).toMatch(/-$/);
});
