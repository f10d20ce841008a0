/**
 * Issue 32 item 7: the builder's field list showed "?" as the type of an item list and of the
 * blank module's forward list (finance forwarding). Every field now reads as a kind, in en/ja/zh.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, addItemList, blankModule, type ModuleSource } from '../../../src/engine';
import { BuilderPanel } from '../../../src/app/pages/studio/builder/BuilderPanel';
import { createTestI18n } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });

/** A trip with a currency and a list of legs (created as the builder's Add item list does). */
function tripWithLegs(): ModuleSource {
  const withCurrency = addField(blankModule('trip', tri('Trip')), { name: 'currency_id', type: 'picker', picker: 'CurrencyPicker', labels: tri('Currency', '通貨', '币种') });
  if (!('source' in withCurrency)) throw new Error(withCurrency.refused);
  const result = addItemList(withCurrency.source, {
    name: 'travel_legs', labels: tri('Legs', '行程', '行程'), itemTitles: tri('Leg {{n}}'),
    fields: [{ name: 'route', type: 'text', labels: tri('Route', '経路', '路线') }],
    itemTotal: { name: 'fare', labels: tri('Fare', '運賃', '票价') },
    formTotal: { name: 'total_fare', labels: tri('Total fare', '運賃合計', '票价合计') },
  });
  if (!('source' in result)) throw new Error(result.refused);
  return result.source.source;
}

describe('the builder\'s field list names every field\'s kind', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`an item list and the forward list read as kinds, never "?" (${lang})`, () => {
      const i18n = createTestI18n(lang);
      render(
        <FluentProvider theme={webLightTheme}>
          <I18nextProvider i18n={i18n}>
            <BuilderPanel forms={[tripWithLegs()]} onChange={() => undefined} onCreateSubForm={() => undefined} />
          </I18nextProvider>
        </FluentProvider>,
      );
      expect(screen.getByTestId('studio-field-travel_legs').textContent).toContain(`travel_legs · ${i18n.t('studio.builder.types.itemList')}`);
      expect(screen.getByTestId('studio-field-user_finances').textContent).toContain(`user_finances · ${i18n.t('studio.builder.types.financeForward')}`);
      expect(screen.getByTestId('studio-field-total_fare').textContent).toContain(i18n.t('studio.builder.types.money'));
      for (const row of screen.getAllByTestId(/^studio-field-/)) expect(row.textContent).not.toContain('· ?');
    });
  }
});
