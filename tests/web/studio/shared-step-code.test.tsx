/**
 * Issue 32 item 7: renaming a blank module's step (its code `p-manager` is shared) gave 15
 * identical errors. The checker now reports it once, at the draft's step
 * (tests/engine/shared-step-code.test.ts); the steps editor says beside the code, in the
 * studio's language, that step codes are shared, and offers a new code.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { blankModule, type Lang, type ModuleSource, type ProcessFile } from '../../../src/engine';
import { sharedStepMessage } from '../../../src/engine/definitions/shared-steps';
import { StepsEditor, newStepCode } from '../../../src/app/pages/studio/StepsEditor';
import type { StudioViolation } from '../../../src/app/pages/studio/studio-api';
import { createTestI18n } from '../test-host';

function renamed(): ModuleSource {
  const source = blankModule('business-trip', { en: 'Trip', ja: '出張', zh: '出差' });
  source.process!.steps[0].names = { en: 'Head approval', ja: '部門長承認', zh: '部门负责人审批' };
  return source;
}

function Steps({ source, problems, onSave }: { source: ModuleSource; problems: StudioViolation[]; onSave(next: ProcessFile): void }) {
  const [process, setProcess] = useState(source.process as ProcessFile);
  return <StepsEditor source={source} value={process} problems={problems} onChange={(next) => { onSave(next); setProcess(next); }} />;
}

function show(lang: Lang, problems: StudioViolation[]) {
  const saved: { process?: ProcessFile } = {};
  const i18n = createTestI18n(lang);
  render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <Steps source={renamed()} problems={problems} onSave={(next) => { saved.process = next; }} />
      </I18nextProvider>
    </FluentProvider>,
  );
  return { saved, t: i18n.t };
}

const technical = sharedStepMessage('p-manager', ['collection-debt', 'purchase']);

describe('a shared step code', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`is said once beside the code, and a new code is offered (${lang})`, async () => {
      // The wire's message may be the sentence of the studio, the technical text in detail.
      const { saved, t } = show(lang, [{ propertyPath: '/process/steps/0', message: 'worded by the server', detail: technical }]);
      const sentence = t('studio.steps.sharedCode', { code: 'p-manager', module: 'collection-debt' });
      expect(screen.getAllByText(sentence)).toHaveLength(1);
      await userEvent.setup().click(screen.getByRole('button', { name: t('studio.steps.useNewCode', { code: 'p-manager-business-trip' }) }));
      expect(saved.process?.steps[0].code).toBe('p-manager-business-trip');
      expect(screen.queryByText(sentence)).toBeNull();
    });
  }

  it('reads the technical message too, and says nothing for other problems', () => {
    show('en', [{ propertyPath: '/process/steps/0', message: technical }, { propertyPath: '/process/steps/0/roles/0', message: 'must be equal to one of the allowed values' }]);
    expect(screen.getAllByText(/Step codes are shared by all modules/)).toHaveLength(1);
  });

  it('a new code is unique among the module\'s steps', () => {
    expect(newStepCode('p-manager', 'trip', [])).toBe('p-manager-trip');
    expect(newStepCode('p-manager', 'trip', ['p-manager-trip'])).toBe('p-manager-trip-2');
    expect(newStepCode('p-manager', 'x'.repeat(80), []).length).toBeLessThanOrEqual(64);
  });
});
