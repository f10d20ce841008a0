import { useState } from 'react';
import type { AxiosAdapter } from 'axios';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from './feedback';
import { i18n } from './i18n';
import { SessionProvider } from './session';
import { isResetPasswordLink, Shell } from './shell/Shell';

export interface AppProps {
  /** Replaces the HTTP transport; component tests mock the network here. */
  adapter?: AxiosAdapter;
}

/** Ringi's web app: Fluent theme, translations, query cache, toasts/dialogs, session and the shell. */
export function App({ adapter }: AppProps) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [skipTokenCheck] = useState(isResetPasswordLink);
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <FeedbackProvider>
            <SessionProvider adapter={adapter} skipTokenCheck={skipTokenCheck}>
              <Shell />
            </SessionProvider>
          </FeedbackProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </FluentProvider>
  );
}
