import { beforeAll, describe, expect, test } from 'vitest';
import { within } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { ListCard } from '../../../src/renderer/ListCard';
import { renderWithHost } from '../test-host';

// Issue 31 item 10: an expense account's card showed "payment" (the stored module_type) in every
// language. A summary line of a choice shows the choice's label in the reader's language.
let modules: Record<string, CompiledModule>;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  modules = compileModules(files).modules as Record<string, CompiledModule>;
});

describe('ListCard summary of a choice', () => {
  test.each([
    ['en', 'Payment'],
    ['ja', '支払'],
    ['zh', '付款'],
  ] as const)('an expense account used by payments reads %s "%s", not the code', (language, expected) => {
    const module = modules['expense-account'];
    const shown = (module.translations[language] as { module_type: { options: { payment: string } } }).module_type.options.payment;
    expect(shown).toBe(expected);
    renderWithHost(<ListCard module={module} data={{ company_id: null, module_type: 'payment', name: 'Travel' }} code="EXA-2026-000001" />, { language });
    const card = document.querySelector('[data-list-card="expense-account"]') as HTMLElement;
    const label = (module.translations[language] as { module_type: { label: string } }).module_type.label;
    // zh texts carry word joiners (U+2060) that keep words whole: compared without them.
    const plain = (text: string | null | undefined) => (text ?? '').replaceAll('\u2060', '');
    const labelEl = within(card).getByText((_, el) => el !== null && el.children.length === 0 && plain(el.textContent) === label);
    expect(plain(labelEl.parentElement?.textContent)).toBe(`${label}${shown}`);
    expect(card.textContent).not.toContain('payment');
  });
});
