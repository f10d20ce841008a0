import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { i18n, setLanguage } from '../../../src/app/i18n';
import { PageStack } from '../../../src/app/navigation';
import { PageFrame } from '../../../src/app/shell/PageFrame';
import { texts } from './locale';

function Broken(): never {
  throw new Error('page broke');
}

describe('page frame', () => {
  it('shows a failing page as an alert with the page-failed text, not a blank screen', async () => {
    await setLanguage('en');
    const stack = new PageStack();
    stack.reset({ title: 'Broken', render: () => <Broken /> });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={i18n}>
          <PageFrame entry={stack.entries[0]} stack={stack} covered={false} />
        </I18nextProvider>
      </FluentProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(texts.en.common.pageFailed);
    quiet.mockRestore();
  });
});
