/**
 * Texts the widgets put together from parts — "label: value", a list of names — take their marks
 * from the reader's language (`engine.format`): Chinese full-width ：，、 where English writes
 * ": " and ", ". The full-size crawl found 96 half-width marks beside Chinese on zh screens, most
 * of them code-built ("合计: …", names joined with ", "); its content check judges these too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { labelValue, listText, pairsText } from '../../../../src/engine';
import { customRegistry } from '../../../../src/renderer/widgets';
import { MultiEnumDisplay } from '../../../../src/renderer/theme/displays';
import { contentChecks } from '../../../e2e/content-checks';
import { createTestI18n } from '../../test-host';
import { createTestHost, hydra, Providers } from './widget-host';

afterEach(() => document.documentElement.removeAttribute('lang'));

const zh = createTestI18n('zh');
const halfWidth = () => {
  document.documentElement.setAttribute('lang', 'zh');
  return contentChecks({ lang: 'zh', latinAllowed: [] }).filter((f) => f.check === 'punctuation');
};

describe('engine.format', () => {
  it('says label and value, pairs and lists in each language\'s marks', () => {
    const t = (lang: 'en' | 'ja' | 'zh') => createTestI18n(lang).t as (key: string, params?: Record<string, string>) => string;
    expect(labelValue(t('zh'), '合计', '1,200')).toBe('合计：1,200');
    expect(pairsText(t('zh'), [['名称', '打印机'], ['金额', '1,200']])).toBe('名称：打印机，金额：1,200');
    expect(listText(t('zh'), ['王伟', '李娜'])).toBe('王伟、李娜');
    expect(listText(t('ja'), ['鈴木', '佐藤'])).toBe('鈴木、佐藤');
    expect(labelValue(t('en'), 'Total', '1,200')).toBe('Total: 1,200');
    expect(pairsText(t('en'), [['Name', 'Pen'], ['Amount', '5']])).toBe('Name: Pen, Amount: 5');
    expect(listText(t('en'), ['Kenji', 'Haruka'])).toBe('Kenji, Haruka');
  });
});

describe('in Chinese', () => {
  it('an item list card reads 合计：…, each item 名称：金额', async () => {
    const host = createTestHost((path, params) => (path === '/currencies' ? hydra([{ id: 1, code: 'CNY' }], params) : undefined));
    const Display = customRegistry.ItemList.Display!;
    const options = { summary: [{ field: 'name', format: 'text' }, { field: 'amount', format: 'money' }] };
    const items = [{ name: '钢笔', amount: 5 }, { name: '办公桌', amount: 1200 }, { name: '椅子', amount: 300.5 }];
    render(<Providers host={host} i18n={zh}><div data-testid="d"><Display value={items} options={options} formData={{ currency_id: 1 }} /></div></Providers>);
    await waitFor(() => expect(screen.getByTestId('d').textContent).toBe('办公桌：1,200椅子：300.5另有1项合计：1,505.5'));
    expect(halfWidth()).toEqual([]);
  });

  it('several chosen values read 甲、乙', () => {
    const host = createTestHost(() => undefined);
    render(<Providers host={host} i18n={zh}><div data-testid="d"><MultiEnumDisplay value={['cash', 'bank']} enumOptions={[{ value: 'cash', label: '现金' }, { value: 'bank', label: '银行转账' }]} /></div></Providers>);
    expect(screen.getByTestId('d').textContent).toBe('现金、银行转账');
    expect(halfWidth()).toEqual([]);
  });
});
