/**
 * The builder's Add field dialog reads the widget-value table (issue #32): a picker over a server
 * list registered in this test is offered under "Server list" with its locale line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { blankModule, registerWidgetValue } from '../../../src/engine';
import { FieldDialog } from '../../../src/app/pages/studio/builder/FieldDialog';
import { fieldRows } from '../../../src/app/pages/studio/builder/field-rows';
import { createTestI18n } from '../test-host';

let unregister: () => void;
beforeAll(() => { unregister = registerWidgetValue({ widget: 'SitePicker', value: 'recordId', list: { table: 'locations' }, builderPicker: true }); });
afterAll(() => unregister());

const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });

describe('the Add field dialog and the widget-value table', () => {
  it('offers a registered picker among the server lists', () => {
    const i18n = createTestI18n('en');
    i18n.addResource('en', 'translation', 'studio.builder.pickers.SitePicker', 'Sites');
    const source = blankModule('trip', tri('Trip'));
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={i18n}>
          <FieldDialog editing={{ name: 'site_id', type: 'picker', picker: 'SitePicker', labels: tri('Site') }} rows={fieldRows(source)} source={source} onSave={() => null} onClose={() => undefined} />
        </I18nextProvider>
      </FluentProvider>,
    );
    const list = screen.getByRole('combobox', { name: /^Server list/ }) as HTMLSelectElement;
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toContain('Sites');
    expect(list.value).toBe('SitePicker');
  });
});
