/**
 * The studio's publish page says how many documents in flight keep their old approval route
 * (issue #20 item 10) — the count the server's check answers — in each language, and nothing
 * about routes when no document keeps another one.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from '../../../src/app/feedback';
import { PublishPage, type PublishParams } from '../../../src/app/pages/studio/PublishPage';
import type { ModuleSource } from '../../../src/engine';
import { createTestI18n } from '../test-host';
import { createTestQueryClient, TestQueryProvider } from '../query-client';

const source: ModuleSource = {
  code: 'route-demo', schema: { type: 'object', properties: {} }, uiSchema: {}, rules: {},
  locales: { en: { title: 'Route demo' }, ja: { title: 'ルート' }, zh: { title: '路线' } },
  process: { steps: [{ code: 'p-manager', names: { en: 'Manager', ja: '上長', zh: '经理' }, roles: [] }] },
} as unknown as ModuleSource;
const draft = { ...source, process: { steps: [...source.process!.steps, { code: 'p-authorizer', names: { en: 'Authorizer', ja: '決裁者', zh: '授权人' }, roles: ['authorizer'] }] } } as ModuleSource;

function show(lang: 'en' | 'ja' | 'zh', counts: Pick<PublishParams, 'inFlight' | 'inFlightOldRoute'>) {
  const i18n = createTestI18n(lang);
  // The page calls the API only when Publish is pressed; this test never presses it.
  const params: PublishParams = { api: {} as PublishParams['api'], draft, previous: { version: 3, source }, ...counts };
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <TestQueryProvider client={createTestQueryClient()}>
          <FeedbackProvider>
            <PublishPage params={params} close={() => undefined} />
          </FeedbackProvider>
        </TestQueryProvider>
      </I18nextProvider>
    </FluentProvider>,
  );
  return { i18n, view };
}

describe('studio publish page: documents in flight that keep the old route', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`says how many keep their filed route (${lang})`, () => {
      const { i18n, view } = show(lang, { inFlight: 5, inFlightOldRoute: 4 });
      expect(screen.getByTestId('studio-in-flight-route').textContent).toBe(i18n.t('studio.inFlightOldRoute', { n: 4 }));
      expect(screen.getByTestId('studio-in-flight').textContent).toBe(i18n.t('studio.inFlightKeep', { n: 5, version: 3 }));
      view.unmount();
    });
  }

  it('says nothing about routes when every document in flight has the new route', () => {
    const { view } = show('en', { inFlight: 5, inFlightOldRoute: 0 });
    expect(screen.queryByTestId('studio-in-flight-route')).toBeNull();
    expect(screen.getByTestId('studio-in-flight')).toBeTruthy();
    view.unmount();
  });
});
