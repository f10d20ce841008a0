import { describe, expect, it } from 'vitest';
import { configure, render, screen } from '@testing-library/react';
import { tokens } from '@fluentui/react-components';
import { ApprovalCard } from '../../../src/app/pages/approvals/ApprovalCard';
import { DocumentDetailPage } from '../../../src/app/pages/approvals/DocumentDetailPage';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost } from './approvals-host';
import { bufferItem, documentView } from './fixtures';

// Spec 000 §2 and §4: a delete request's action title is shown in red (the danger colour) on the
// list card and on the detail page, so it never reads as a create or an edit.
configure({ asyncUtilTimeout: 5000 });

const RED = tokens.colorPaletteRedForeground1;

/** The colour the page's style sheets give the action title (the class the component sets, not an inline style). */
function titleColour(title: HTMLElement): string {
  expect(title.getAttribute('style') ?? '', 'the colour comes from a class').not.toContain('color');
  return getComputedStyle(title).color;
}

describe('the action title of a delete request', () => {
  for (const action of ['delete', 'edit', 'create'] as const) {
    it(`on the list card: ${action} ${action === 'delete' ? 'is' : 'is not'} red`, async () => {
      const h = createApprovalsHost({ routes: {} });
      const item = bufferItem(7, { action, info: { title: 'User', total: null, currency: null, summary: [] } });
      render(<ApprovalCard item={item} onOpen={() => undefined} />, { wrapper: h.Wrapper });
      const title = await screen.findByText('User');
      expect(title.getAttribute('data-action')).toBe(action);
      if (action === 'delete') expect(titleColour(title)).toBe(RED);
      else expect(titleColour(title)).not.toBe(RED);
    });

    it(`on the detail page: ${action} ${action === 'delete' ? 'is' : 'is not'} red`, async () => {
      const doc = documentView({}, { action, info: { title: 'Company bank account', total: null, currency: null, summary: [] } });
      const h = createApprovalsHost({
        routes: {
          'GET /buffers/5': doc,
          'GET /module-definitions/demo': demoModule(),
          'GET /remember_email_push/next_user/5': { is_notified: true, next_approval_id: 52 },
        },
      });
      render(<DocumentDetailPage params={{ documentId: 5 }} close={() => undefined} />, { wrapper: h.Wrapper });
      const title = await screen.findByText('Company bank account');
      expect(title.getAttribute('data-action')).toBe(action);
      if (action === 'delete') expect(titleColour(title)).toBe(RED);
      else expect(titleColour(title)).not.toBe(RED);
    });
  }
});
