/**
 * Issue 32 item 7, the studio's module list: it uses a desktop's width (the page is wide), Disable
 * asks first and names the module by its name (not its code), and "New blank module" empties its
 * inputs once the module is open in the editor.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionContext, type Session } from '../../../src/app/session/session-context';
import { NavigationContext, type Navigation } from '../../../src/app/navigation/navigation-context';
import type { PageStack } from '../../../src/app/navigation/page-stack';
import { FeedbackContext, type Feedback } from '../../../src/app/feedback/feedback-context';
import { StudioPage } from '../../../src/app/pages/studio/StudioPage';
import { openStudio } from '../../../src/app/pages/studio/open-studio';
import type { Lang } from '../../../src/engine';
import { createTestHost } from '../test-host';

// The editor (CodeMirror inside) is a page pushed on the stack, never rendered here.
vi.mock('../../../src/app/pages/studio/ModuleEditorPage', () => ({ ModuleEditorPage: () => null }));

const modules = [{ code: 'trip-request', kind: 'module', version: 2, disabled: false, title: { en: 'Trip request', ja: '出張申請', zh: '出差申请' } }];

function renderStudio(lang: Lang = 'en', confirmAnswer = true) {
  const testHost = createTestHost({ language: lang });
  const posts: string[] = [];
  const confirms: Array<{ message: string; title?: string; danger?: boolean }> = [];
  const toasts: string[] = [];
  const pushed: Array<{ params?: { start?: { code: string; locales: Record<string, { title?: string }> } } }> = [];
  const api = {
    get: async (path: string) => ({ data: path === '/module-studio/modules' ? { 'hydra:member': modules, 'hydra:totalItems': 1 } : {} }),
    post: async (path: string) => { posts.push(path); return { data: { code: 'trip-request', disabled: true } }; },
  };
  const session = { api, profile: null, roles: [], status: 'authenticated' } as unknown as Session;
  const stack = { push: async (spec: (typeof pushed)[number]) => { pushed.push(spec); return undefined; }, top: { id: 1 } } as unknown as PageStack;
  const feedback: Feedback = {
    toast: (message) => { toasts.push(message); },
    confirm: async (message, title, options) => { confirms.push({ message, title, danger: options?.danger }); return confirmAnswer; },
    alert: async () => undefined,
  };
  render(
    <SessionContext.Provider value={session}>
      <NavigationContext.Provider value={{ stack, tab: 'admin', selectTab: () => undefined } as unknown as Navigation}>
        <FeedbackContext.Provider value={feedback}>
          <StudioPage />
        </FeedbackContext.Provider>
      </NavigationContext.Provider>
    </SessionContext.Provider>,
    { wrapper: testHost.Wrapper },
  );
  return { posts, confirms, toasts, pushed, i18n: testHost.i18n };
}

describe('the studio\'s module list', () => {
  it('opens as a wide page (a desktop uses its width, not a 480 px column)', () => {
    const specs: Array<{ wide?: boolean }> = [];
    openStudio({ push: async (spec: { wide?: boolean }) => { specs.push(spec); } } as unknown as PageStack);
    expect(specs).toEqual([expect.objectContaining({ wide: true })]);
  });

  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`Disable asks first, naming the module by its name (${lang})`, async () => {
      const { posts, confirms, toasts, i18n } = renderStudio(lang);
      const name = modules[0].title[lang];
      await userEvent.setup().click(await screen.findByRole('button', { name: i18n.t('studio.disableNamed', { name }) }));
      await waitFor(() => expect(posts).toEqual(['/module-definitions/trip-request/disable']));
      expect(confirms).toEqual([{ message: i18n.t('studio.disableConfirm', { name }), title: i18n.t('studio.disableTitle', { name }), danger: true }]);
      expect(confirms[0].message).toContain(name);
      expect(`${confirms[0].title} ${confirms[0].message}`).not.toContain('trip-request');
      await waitFor(() => expect(toasts).toEqual([i18n.t('studio.disabledDone', { name })]));
      expect(toasts[0]).not.toContain('trip-request');
    });
  }

  it('Disable answered "no" changes nothing', async () => {
    const { posts, confirms } = renderStudio('en', false);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Disable Trip request' }));
    await waitFor(() => expect(confirms).toHaveLength(1));
    expect(posts).toEqual([]);
  });

  it('"New blank module" opens the module and empties its inputs for the next one', async () => {
    const user = userEvent.setup();
    const { pushed } = renderStudio('en');
    const code = screen.getByTestId('studio-new-code') as HTMLInputElement;
    await user.type(code, 'business-trip');
    await user.type(screen.getByLabelText('Title (en)'), 'Business trip');
    await user.type(screen.getByLabelText('Title (ja)'), '出張');
    await user.type(screen.getByLabelText('Title (zh)'), '出差');
    await user.click(screen.getByRole('button', { name: 'New blank module' }));
    expect(pushed[0].params?.start?.code).toBe('business-trip');
    expect(pushed[0].params?.start?.locales.ja.title).toBe('出張');
    expect(code.value).toBe('');
    for (const lang of ['en', 'ja', 'zh']) expect((screen.getByLabelText(`Title (${lang})`) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'New blank module' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
