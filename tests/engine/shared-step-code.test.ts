/**
 * Issue 32 item 7: renaming the blank module's manager step (`p-manager`, shared by the demo
 * modules) gave one identical problem per module that keeps the name — 15 of them, about other
 * modules' files. A step code's meaning is the one most modules give it: only the module that
 * differs (the draft) is told, once, naming the module the meaning comes from.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { blankModule, checkDefinitions, filesFromSources, type DefinitionFiles, type ModuleSource } from '../../src/engine';
import { sharedMeaning, sharedStepOf } from '../../src/engine/definitions/shared-steps';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { sourcesFromFiles } from '../../server/definitions/module-source';
import { baseLocales } from '../../server/definitions/definition-store';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';

let disk: DefinitionFiles;
let sources: Record<string, ModuleSource>;
beforeAll(async () => {
  disk = (await loadDefinitionFiles()).files;
  sources = sourcesFromFiles(disk);
});

const sharedProblems = (draft: ModuleSource) => {
  const all = { ...sources, [draft.code]: draft };
  return checkDefinitions(filesFromSources(all, baseLocales(disk, Object.keys(all))), { widgetNames: WIDGET_NAMES }).filter((p) => sharedStepOf(p.message));
};

describe('a shared step code with other names', () => {
  it('the real set agrees on every shared step', () => {
    expect(sharedProblems(blankModule('business-trip', { en: 'Trip', ja: '出張', zh: '出差' }))).toEqual([]);
  });

  it('a blank module that renames its manager step gets one problem, at its own step', () => {
    const users = Object.values(sources).filter((s) => (s.process?.steps ?? []).some((step) => step.code === 'p-manager'));
    expect(users.length).toBeGreaterThan(2);
    const draft = blankModule('business-trip', { en: 'Trip', ja: '出張', zh: '出差' });
    draft.process!.steps[0].names = { en: 'Head approval', ja: '部門長承認', zh: '部门负责人审批' };
    const problems = sharedProblems(draft);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'processes/business-trip.json', pointer: '/steps/0' });
    expect(sharedStepOf(problems[0].message)).toEqual({ step: 'p-manager', module: users.map((s) => s.code).sort()[0] });
  });

  it('the meaning most modules give a code wins; a tie goes to the first module', () => {
    expect(sharedMeaning([{ module: 'a', meaning: 'X' }, { module: 'b', meaning: 'Y' }, { module: 'c', meaning: 'Y' }])).toEqual({ meaning: 'Y', modules: ['b', 'c'] });
    expect(sharedMeaning([{ module: 'a', meaning: 'X' }, { module: 'b', meaning: 'Y' }])).toEqual({ meaning: 'X', modules: ['a'] });
  });
});
