import { describe, expect, it } from 'vitest';
import { compileModules, createRuntime, labelKey } from '../../src/engine';
import { toyFiles } from './toy-definitions';

describe('compileModules', () => {
  const { modules, problems } = compileModules(toyFiles());
  const toy = modules.toy;

  it('compiles modules and sub-forms without problems', () => {
    expect(problems).toEqual([]);
    expect(Object.keys(modules).sort()).toEqual(['toy', 'toy-item']);
    expect(toy.kind).toBe('module');
    expect(modules['toy-item'].kind).toBe('subform');
  });

  it('inlines sub-form schemas and records the reference', () => {
    expect((toy.schema.properties as any).items.items.properties.qty).toEqual({ type: ['number', 'null'] });
    expect(toy.meta.subForms).toEqual([{ field: 'items', form: 'toy-item' }]);
    expect(toy.subForms['toy-item']).toBe(modules['toy-item']);
    expect((toy.uiSchema as any).items['ui:options'].subForm).toBe('toy-item');
  });

  it('adds the wrapper fields (bypass only where the module has it) and appends them to ui:order', () => {
    expect(Object.keys(toy.schema.properties as object)).toEqual(expect.arrayContaining(['bypass', 'approvals', 'save_approvers', 'send_notification_first_approval']));
    expect((toy.uiSchema as any)['ui:order'].slice(-4)).toEqual(['bypass', 'send_notification_first_approval', 'save_approvers', 'approvals']);
    expect((toy.uiSchema as any).approvals['ui:field']).toBe('ProcessCard');
    const files = toyFiles();
    (files.uiSchemas.toy['ui:module'] as any).hasBypass = false;
    expect((compileModules(files).modules.toy.schema.properties as any).bypass).toBeUndefined();
    expect((modules['toy-item'].schema.properties as any).approvals).toBeUndefined();
  });

  it('adds the shared bypass rules where the module has bypass and its rules do not cover them', () => {
    const files = toyFiles();
    files.rules.toy.visibility = { note: { var: 'bypass' } };
    files.rules.toy.effects = [];
    const runtime = createRuntime(compileModules(files).modules.toy);
    expect(runtime.visibility({ bypass: true })).toEqual({ bypass: true, approvals: false, save_approvers: false, send_notification_first_approval: false, note: true });
    // The switch itself shows unless the host says the user may not bypass (ui:module.bypassRoles).
    expect(runtime.visibility({ bypass: false }, { mayBypass: false }).bypass).toBe(false);
    expect(runtime.visibility({ bypass: false }, { mayBypass: true }).bypass).toBe(true);
    expect(runtime.applyChange({ bypass: false, send_notification_first_approval: true }, { bypass: true, send_notification_first_approval: true }).send_notification_first_approval).toBe(false);
    expect(runtime.applyChange({ bypass: true, send_notification_first_approval: false }, { bypass: false, send_notification_first_approval: false }).send_notification_first_approval).toBe(true);
    (files.uiSchemas.toy['ui:module'] as any).hasBypass = false;
    expect(compileModules(files).modules.toy.rules).toEqual({ ...files.rules.toy });
  });

  it('lifts ui:module into meta with defaults', () => {
    expect(toy.meta).toMatchObject({ code: 'toy', title: 'toy.title', submitPath: '/buffer/toy', bodyKey: 'transaction', hasBypass: true, editable: false, needsStampNo: false, codePrefix: 'TOY', dropZeroItems: { items: 'total' } });
    expect((toy.uiSchema as any)['ui:module']).toBeUndefined();
  });

  it('versions by content: stable for the same files, new for any change', () => {
    expect(compileModules(toyFiles()).modules.toy.version).toBe(toy.version);
    const label = toyFiles();
    (label.locales.ja.toy as any).title = 'changed';
    expect(compileModules(label).modules.toy.version).not.toBe(toy.version);
    const sub = toyFiles();
    (sub.rules['toy-item'].validations as any[]).pop();
    expect(compileModules(sub).modules.toy.version).not.toBe(toy.version);
  });

  it('reports a missing sub-form and a reference cycle; strict throws', () => {
    const missing = toyFiles();
    (missing.schemas.toy.properties as any).items.items = { $ref: 'nope' };
    expect(compileModules(missing).problems.map((p) => p.message)).toContain('no schema for module "nope"');
    const cycle = toyFiles();
    (cycle.schemas['toy-item'].properties as any).self = { type: 'array', items: { $ref: 'toy-item' } };
    expect(compileModules(cycle).problems.map((p) => p.message)).toContain('sub-form reference cycle through "toy-item"');
    expect(() => compileModules(missing, { strict: true })).toThrow(/nope/);
  });
});

describe('labelKey', () => {
  const { modules } = compileModules(toyFiles());
  it.each([
    ['currency_id', 'toy.currency_id.label'],
    ['approvals', 'engine.fields.approvals.label'],
    ['items.0.qty', 'toy-item.qty.label'],
    ['items', 'toy.items.label'],
  ])('%s → %s', (path, key) => {
    expect(labelKey(modules.toy, path)).toBe(key);
  });
});
