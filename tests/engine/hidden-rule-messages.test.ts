import { describe, expect, it } from 'vitest';
import { hiddenRuleMessages, type DefinitionFiles } from '../../src/engine';

const files = (maxLength: number | undefined, when: unknown): DefinitionFiles => ({
  schemas: { m: { type: 'object', properties: { code: { type: ['string', 'null'], ...(maxLength === undefined ? {} : { maxLength }) } } } },
  uiSchemas: {},
  rules: { m: { validations: [{ field: 'code', when, message: 'm.messages.code' } as never] } },
  locales: { en: {}, ja: {}, zh: {} },
});
const length = (n: number) => ({ '>': [{ length: [{ var: 'code' }] }, n] });

describe('hiddenRuleMessages', () => {
  it.each([
    ['a length rule on a field with a schema maxLength', 20, length(20), 1],
    ['a length rule nested in and/or', 20, { or: [{ blank: [{ var: 'code' }] }, length(5)] }, 1],
    ['a length rule on a field without maxLength', undefined, length(20), 0],
    ['a rule that does not measure length', 20, { blank: [{ var: 'code' }] }, 0],
  ])('%s → %i warning(s)', (_name, maxLength, when, count) => {
    const warnings = hiddenRuleMessages(files(maxLength as number | undefined, when), 'm');
    expect(warnings).toHaveLength(count as number);
    if (count) expect(warnings[0]).toMatchObject({ file: 'rules/m.json', pointer: '/validations/0/when', message: expect.stringContaining('m.messages.code') });
  });
});
