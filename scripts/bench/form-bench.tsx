import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { ModuleForm } from '../../src/renderer/ModuleForm';
import { RendererHostContext, type RendererHost } from '../../src/renderer/host';
import { benchData, benchModule, benchSchema } from './bench-schema';
import { measureForm, type FormTiming } from './measure';

function englishResources() {
  const dir = path.resolve(import.meta.dirname, '../../locales/en');
  const translation: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    translation[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  }
  return { en: { translation } };
}

const host: RendererHost = {
  openPage: async () => undefined,
  confirm: async () => true,
  alert: async () => undefined,
  toast: () => undefined,
  api: { get: async () => ({}) as never, post: async () => ({}) as never, delete: async () => ({}) as never, upload: async () => ({}) as never },
  user: null,
  language: 'en',
};

function ringiElement(rows: number): ReactElement {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ resources: englishResources(), lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
  const module = benchModule();
  const wrap = (children: ReactNode) =>
    createElement(I18nextProvider, { i18n }, createElement(FluentProvider, { theme: webLightTheme }, createElement(RendererHostContext.Provider, { value: host }, children)));
  return wrap(createElement(ModuleForm, { module, initialData: benchData(rows), context: { currencies: [{ id: 1, code: 'CNY' }] }, onSubmit: async () => ({}) }));
}

function rjsfElement(rows: number): ReactElement {
  return createElement(Form, { schema: benchSchema as unknown as RJSFSchema, validator, formData: benchData(rows), noHtml5Validate: true });
}

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1).padStart(9);

/** Measures both renderers at each size and prints a table (mount, median keystroke, ratio). */
export async function runFormBench(sizes: number[]): Promise<void> {
  // Ringi renders only the rows on screen from 60 rows on (VirtualRows): the typed row is one a
  // user sees after opening the form (row 4), the same row for both renderers.
  console.log('Inline editable array, rows × 4 fields, jsdom; keystroke = median of 25 (after 5 warm-up) into row 4 (on screen)\n');
  console.log('rows  | renderer          |  mount ms | keystroke ms | keystroke CPU ms | plain rjsf ÷ Ringi (wall / CPU)');
  console.log('------|-------------------|-----------|--------------|------------------|--------------------------------');
  // A discarded warm-up round so the first measured row is not paying for JIT and style injection.
  measureForm(rjsfElement(200), 'root_rows_3_name');
  measureForm(ringiElement(200), 'root_rows_3_name');
  for (const rows of sizes) {
    const inputId = 'root_rows_3_name';
    const plain: FormTiming = measureForm(rjsfElement(rows), inputId);
    const ringi: FormTiming = measureForm(ringiElement(rows), inputId);
    const ratio = plain.keystrokeMs / ringi.keystrokeMs;
    const cpuRatio = plain.keystrokeCpuMs / ringi.keystrokeCpuMs;
    console.log(`${String(rows).padEnd(5)} | plain @rjsf/core  | ${fmt(plain.mountMs)} | ${fmt(plain.keystrokeMs)}    | ${fmt(plain.keystrokeCpuMs)}        |`);
    console.log(`${String(rows).padEnd(5)} | Ringi ModuleForm  | ${fmt(ringi.mountMs)} | ${fmt(ringi.keystrokeMs)}    | ${fmt(ringi.keystrokeCpuMs)}        | ${ratio.toFixed(1)}× / ${cpuRatio.toFixed(1)}× (target ≥ 20× at 1000 rows)`);
  }
  console.log('');
}
