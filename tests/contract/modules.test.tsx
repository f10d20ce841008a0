/**
 * The contract every module definition on disk must keep. It loops over the definitions it
 * finds, so a new module (or sub-form) is covered without test code: checker clean, compiled
 * definition, empty form and detail card snapshots, and its rule table through the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDefinitionFiles, REPO_ROOT } from '../../server/definitions/load-definition-files';
import { checkDefinitions, compileModules, createRuntime, createTranslate, validateSubmission, type CompiledModule, type Lang, type MasterProcessStep } from '../../src/engine';
import { DetailCard } from '../../src/renderer/DetailCard';
import { ModuleForm } from '../../src/renderer/ModuleForm';
import { SubForm } from '../../src/renderer/SubForm';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { lookupTables, renderWithHost } from '../web/test-host';

interface RuleRow {
  name: string;
  lang?: Lang;
  steps?: MasterProcessStep[];
  parent?: Record<string, unknown>;
  body: unknown;
  expected: Array<{ propertyPath: string; message: string }>;
}

const { files, problems: loadProblems } = await loadDefinitionFiles();
const { modules, problems: compileProblems } = compileModules(files);
const checkProblems = checkDefinitions(files, { widgetNames: registryNames });
const codes = Object.keys(modules).sort();
const currencies = lookupTables.currencies.map((c) => ({ id: Number(c.id), code: String(c.code) }));
const fixtureDir = (code: string) => path.join(REPO_ROOT, 'tests/contract/fixtures', code);

function readFixture<T>(code: string, name: string): T | undefined {
  const file = path.join(fixtureDir(code), name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * The rendered DOM as text with React's generated ids (`_r_1u_`, counted across the whole test
 * file) renumbered per snapshot, so adding a module never changes another module's snapshot.
 */
function domSnapshot(container: HTMLElement): string {
  // Behaviour, not styling: labels, controls (type, value, state), buttons, headings, alerts and
  // card fields with their text, in document order. Class names, inline styles and wrapper
  // elements are left out, so a theme change does not rewrite the snapshots.
  const ids = new Map<string, string>();
  // An item page's prefix is React's id with its underscores dropped (`item-r46_…`).
  const id = (value: string) => value.replace(/_r_[0-9a-z]+_|(?<=item-)r[0-9a-z]+(?=_)/g, (raw) => {
    if (!ids.has(raw)) ids.set(raw, `_id${ids.size + 1}_`);
    return ids.get(raw) as string;
  });
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  for (const el of container.querySelectorAll('label, input, textarea, select, button, [data-field], h1, h2, h3, h4, [role="alert"], [role="radio"], [role="checkbox"]')) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'label') lines.push(`label${el.getAttribute('for') ? ` for=${id(el.getAttribute('for')!)}` : ''}: ${text(el)}`);
    else if (tag === 'input' || tag === 'textarea' || tag === 'select') {
      const input = el as HTMLInputElement;
      const flags = ['required', 'disabled', 'readonly', 'checked'].filter((f) => el.hasAttribute(f) || (f === 'checked' && input.checked));
      lines.push(`${tag}${el.id ? `#${id(el.id)}` : ''} type=${input.type}${input.value ? ` value=${JSON.stringify(input.value)}` : ''}${el.getAttribute('aria-label') ? ` aria-label=${JSON.stringify(el.getAttribute('aria-label'))}` : ''}${flags.length ? ` [${flags.join(',')}]` : ''}`);
    } else if (el.hasAttribute('data-field')) lines.push(`field ${id(el.getAttribute('data-field')!)}: ${text(el)}`);
    else lines.push(`${el.getAttribute('role') ?? tag}${el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true' ? ' [disabled]' : ''}: ${text(el)}`);
  }
  return lines.join('\n');
}

/** Problems reported against one module's files (`schemas/<code>.json`, `locales/en/<code>.json`…). */
function problemsOf(code: string, problems: Array<{ file: string; pointer: string; message: string }>) {
  return problems.filter((p) => path.basename(p.file) === `${code}.json`).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
}

test('definitions load and at least one module exists', () => {
  expect(loadProblems).toEqual([]);
  expect(codes.length).toBeGreaterThan(0);
});

describe.each(codes)('module %s', (code) => {
  const module = modules[code] as CompiledModule;

  test('meta-schema and checker clean, compiles without problems', () => {
    expect(problemsOf(code, checkProblems)).toEqual([]);
    expect(problemsOf(code, compileProblems)).toEqual([]);
  });

  test('compiled definition', () => {
    expect(module).toMatchSnapshot();
  });

  test('rendered empty form', async () => {
    const form =
      module.kind === 'subform' ? (
        <SubForm module={module} context={{ currencies }} onDone={() => undefined} />
      ) : (
        <ModuleForm module={module} context={{ currencies, steps: [] }} onSubmit={async () => ({})} />
      );
    const view = renderWithHost(form);
    await view.settled();
    expect(view.container.querySelector('form')).not.toBeNull();
    expect(domSnapshot(view.container)).toMatchSnapshot();
  });

  test('detail card of tests/contract/fixtures/<code>/detail.json', async (context) => {
    const fixture = readFixture<{ data: Record<string, unknown> }>(code, 'detail.json');
    if (!fixture) {
      // Sub-forms are shown inside their parent's card; a module must bring its fixture.
      if (module.kind === 'subform') return context.skip();
      throw new Error(`add ${path.relative(REPO_ROOT, fixtureDir(code))}/detail.json (a stored document of ${code})`);
    }
    const view = renderWithHost(<DetailCard module={module} data={fixture.data} context={{ currencies }} />);
    await view.settled();
    expect(domSnapshot(view.container)).toMatchSnapshot();
  });

  test('rule table of tests/contract/fixtures/<code>/rule-table.json', (context) => {
    const rows = readFixture<RuleRow[]>(code, 'rule-table.json');
    if (!rows) {
      if (module.kind === 'subform') return context.skip();
      throw new Error(`add ${path.relative(REPO_ROOT, fixtureDir(code))}/rule-table.json (bodies and their expected ordered violations)`);
    }
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const t = createTranslate(files.locales, row.lang ?? 'en');
      const ruleContext = { steps: row.steps, currencies, parent: row.parent };
      const violations =
        module.kind === 'subform'
          ? createRuntime(module).validate(row.body as Record<string, unknown>, ruleContext, t)
          : validateSubmission(module, row.body, ruleContext, t);
      expect(violations.map(({ propertyPath, message }) => ({ propertyPath, message })), row.name).toEqual(row.expected);
    }
  });
});
