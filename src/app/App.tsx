import { useEffect, useState } from 'react';
import type { ApiTransport } from './api';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from './feedback';
import { i18n } from './i18n';
import { loadQueryClient, newQueryClientIfLoaded } from './query-client';
import { SessionProvider } from './session';
import { retryDelay } from './session/retry-delay';
import { isResetPasswordLink, Shell } from './shell/Shell';
import { markStart } from '../start-watch';

export interface AppProps {
  /** Replaces the HTTP transport; component tests mock the network here. */
  adapter?: ApiTransport;
}

/** Ringi's web app: Fluent theme, translations, query cache, toasts/dialogs, session and the shell. */
export function App({ adapter }: AppProps) {
  // The query cache arrives just after the first screen (the shell waits for it before a signed-in
  // page); QueryClientProvider's own work (mount/unmount) is done here over its context.
  const [queryClient, setQueryClient] = useState<QueryClient | undefined>(newQueryClientIfLoaded);
  // The start's watch (src/start-watch.ts) stands down once the app is on screen.
  useEffect(() => markStart('rendered'), []);
  useEffect(() => {
    if (queryClient) return;
    let live = true;
    let timer: number | undefined;
    // A chunk that did not arrive (a dropped connection on the phone) is asked for again, 1 s, 2 s,
    // 4 s … at most 15 s apart, as the session's check is: the splash says the app is still starting.
    const attempt = (failures: number) => {
      loadQueryClient().then(
        (client) => live && setQueryClient(client),
        (error: unknown) => {
          console.error('[ringi] query cache failed to load; trying again:', error);
          if (live) timer = window.setTimeout(() => attempt(failures + 1), retryDelay(failures));
        },
      );
    };
    attempt(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [queryClient]);
  useEffect(() => {
    queryClient?.mount();
    return () => queryClient?.unmount();
  }, [queryClient]);
  const [skipTokenCheck] = useState(isResetPasswordLink);
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientContext.Provider value={queryClient}>
          <FeedbackProvider>
            <SessionProvider adapter={adapter} skipTokenCheck={skipTokenCheck}>
              <Shell />
            </SessionProvider>
          </FeedbackProvider>
        </QueryClientContext.Provider>
      </I18nextProvider>
    </FluentProvider>
  );
}
