/**
 * The signer step (spec 000 §4 "p-signer"): a step whose process `fills` fields shows those
 * fields (the module's own FileUploader, labels and limits) to its approver; the action bar's
 * Approve submits them with the approval; the detail card shows the stored files. The module and
 * step are taken from the real definitions, not named here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { DocumentDetailPage } from '../../../src/app/pages/approvals/DocumentDetailPage';
import { createApprovalsHost } from './approvals-host';
import { documentView, step } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

const SIGNER = { id: 7, name: 'Kenji Legal', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: true, company: null };
let module: CompiledModule;
let stepCode: string;
let field: string;
let label: string;

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const modules = compileModules(files).modules as Record<string, CompiledModule>;
  module = Object.values(modules).find((m) => m.process?.some((s) => s.fills?.length))!;
  const signerStep = module.process!.find((s) => s.fills?.length)!;
  stepCode = signerStep.code;
  field = signerStep.fills![0];
  label = String((module.translations.en[field] as { label: string }).label);
});

function signerDoc(overrides: Parameters<typeof documentView>[1] = {}, fields = [field]) {
  return documentView({ approve: true, reject: true }, {
    module: { code: module.code },
    data: {},
    step_fields: fields,
    approvals: [
      step(50, 1, { status: 1, approver: { id: 9, name: 'First' } }),
      step(51, 2, { active: true, master_process: { id: 102, optional: false, process: { id: 2, code: stepCode, name: 'Signer' } } }),
    ],
    ...overrides,
  });
}

describe('signer step', () => {
  it('shows the signed-file uploader to the signer; Approve sends approve true with the files', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      user: SIGNER,
      routes: {
        'GET /buffers/5': signerDoc(),
        [`GET /module-definitions/${module.code}`]: module,
        'GET /files/99': { id: 99, name: 'slip.pdf', type: 'pdf' },
        'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 2 } },
      },
    });
    const closed: unknown[] = [];
    render(<DocumentDetailPage params={{ documentId: 5 }} close={(r) => closed.push(r)} />, { wrapper: h.Wrapper });
    const form = await screen.findByTestId('step-fields-form');
    expect(form.textContent).toContain('Signer: signed documents');
    expect(within(form).getAllByText(label).length).toBeGreaterThan(0);
    // One bar; its Approve submits the step's form (which has no buttons of its own).
    expect(screen.getAllByRole('toolbar')).toHaveLength(1);
    const approve = within(screen.getByTestId('action-bar')).getByRole('button', { name: 'Approve' });
    expect(approve.getAttribute('form')).toBe('ringi-step-fields-form');
    expect(within(form).queryAllByRole('button', { name: /Approve|Next|Submit/ })).toHaveLength(0);

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' }));
    await user.click(approve);
    await waitFor(() => expect(closed).toEqual(['changed']));
    expect(h.confirms).toEqual(['Add these files and approve?']);
    expect(h.posts('/approvals/51/action')[0].body).toEqual({ approve: true, data: { [field]: [99] } });
  });

  it('asks a plain "approve" when the signer added no file (not "add these files and approve")', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      user: SIGNER,
      routes: {
        'GET /buffers/5': signerDoc(),
        [`GET /module-definitions/${module.code}`]: module,
        'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 2 } },
      },
    });
    const closed: unknown[] = [];
    render(<DocumentDetailPage params={{ documentId: 5 }} close={(r) => closed.push(r)} />, { wrapper: h.Wrapper });
    await screen.findByTestId('step-fields-form');
    await user.click(within(screen.getByTestId('action-bar')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(closed).toEqual(['changed']));
    expect(h.confirms).toEqual(['Approve this application?']);
  });

  it('is not shown when the server names no step fields for the reader; Approve is a plain approval', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      user: SIGNER,
      routes: {
        'GET /buffers/5': signerDoc({}, []),
        [`GET /module-definitions/${module.code}`]: module,
        'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 2 } },
      },
    });
    const closed: unknown[] = [];
    render(<DocumentDetailPage params={{ documentId: 5 }} close={(r) => closed.push(r)} />, { wrapper: h.Wrapper });
    const approve = await within(await screen.findByTestId('action-bar')).findByRole('button', { name: 'Approve' });
    expect(screen.queryByTestId('step-fields-form')).toBeNull();
    await user.click(approve);
    await waitFor(() => expect(closed).toEqual(['changed']));
    expect(h.posts('/approvals/51/action')[0].body).toEqual({ approve: true });
  });

  it('shows the stored signed files on the detail card once the step is done', async () => {
    const h = createApprovalsHost({
      user: SIGNER,
      routes: {
        'GET /buffers/5': documentView({}, {
          module: { code: module.code }, status: 2, data: { [field]: [77] },
          approvals: [step(50, 1, { status: 1 }), step(51, 2, { status: 1, data: { [field]: [77] } })],
          current_approval_id: null,
        }),
        [`GET /module-definitions/${module.code}`]: module,
        'GET /files/77': { id: 77, name: 'signed-contract.pdf', type: 'pdf' },
        'GET /files/77/meta': { id: 77, name: 'signed-contract.pdf', type: 'pdf' },
      },
    });
    render(<DocumentDetailPage params={{ documentId: 5 }} close={() => undefined} />, { wrapper: h.Wrapper });
    const detail = await screen.findByTestId('document-detail');
    await waitFor(() => expect(detail.textContent).toContain('signed-contract.pdf'));
    expect(detail.textContent).toContain(label);
    expect(screen.queryByTestId('step-fields-form')).toBeNull();
  });
});
