import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider, useFeedback } from '../../../src/app/feedback';
import { i18n, setLanguage } from '../../../src/app/i18n';

function ToastOnMount() {
  const feedback = useFeedback();
  useEffect(() => feedback.toast('Saved before the toaster was loaded', 'success'), [feedback]);
  return null;
}

describe('feedback provider', () => {
  it('shows a toast asked for before the toaster chunk is in, once it is', async () => {
    await setLanguage('en');
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={i18n}>
          <FeedbackProvider>
            <ToastOnMount />
          </FeedbackProvider>
        </I18nextProvider>
      </FluentProvider>,
    );
    expect(await screen.findByText('Saved before the toaster was loaded')).toBeTruthy();
  });
});
