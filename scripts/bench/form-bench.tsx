import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { ModuleForm } from '../../src/renderer/ModuleForm';
import { RendererHostContext, type RendererHost } from '../../src/renderer/host';
import { benchData, benchModule, benchSchema } from './bench-schema';
import { idleBaseline, measureForm, median, type FormTiming } from './measure';

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

/** Ringi's ModuleForm over the bench module with `rows` rows, in the app's providers. */
export function ringiElement(rows: number): ReactElement {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ resources: englishResources(), lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
  const module = benchModule();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) =>
    createElement(
      I18nextProvider,
      { i18n },
      createElement(FluentProvider, { theme: webLightTheme }, createElement(QueryClientProvider, { client: queryClient }, createElement(RendererHostContext.Provider, { value: host }, children))),
    );
  return wrap(createElement(ModuleForm, { module, initialData: benchData(rows), context: { currencies: [{ id: 1, code: 'CNY' }] }, onSubmit: async () => ({}) }));
}

function rjsfElement(rows: number): ReactElement {
  return createElement(Form, { schema: benchSchema as unknown as RJSFSchema, validator, formData: benchData(rows), noHtml5Validate: true });
}

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1).padStart(8);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The typed input: the first row's first field (the text `name`). */
const INPUT_ID = 'root_rows_0_name';

/**
 * Measures both renderers at each size, in interleaved rounds (rjsf, Ringi, rjsf, Ringi…) so a
 * change of machine load hits both, and prints each round, the medians and the targets.
 */
export async function runFormBench(sizes: number[], rounds = 2): Promise<void> {
  console.log('Inline editable array, rows × 4 fields (text, number, money, text), jsdom, React production build.');
  console.log(`Keystroke = the input event + main-thread busy time in the next 300 ms (deferred work counts), median of 7 (after 3 warm-up), into row 1 (#${INPUT_ID}).`);
  // A discarded warm-up so the first measured round is not paying for JIT and style injection.
  await measureForm(rjsfElement(200), INPUT_ID);
  await measureForm(ringiElement(200), INPUT_ID);
  const baseline = await idleBaseline();
  console.log(`Load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}; an idle 300 ms window costs ${baseline.busyMs.toFixed(2)} ms busy, ${baseline.cpuMs.toFixed(2)} ms CPU here (included in every keystroke figure).\n`);
  const results: Record<string, { ringi: FormTiming[]; plain: FormTiming[] }> = {};
  console.log('round | rows  | renderer          | mount ms | keystroke ms | keystroke CPU ms | inputs mounted');
  console.log('------|-------|-------------------|----------|--------------|------------------|---------------');
  for (let round = 1; round <= rounds; round++) {
    for (const rows of sizes) {
      const plain = await measureForm(rjsfElement(rows), INPUT_ID);
      const ringi = await measureForm(ringiElement(rows), INPUT_ID);
      (results[rows] ??= { ringi: [], plain: [] }).plain.push(plain);
      results[rows].ringi.push(ringi);
      console.log(`${String(round).padEnd(5)} | ${String(rows).padEnd(5)} | plain @rjsf/core  | ${fmt(plain.mountMs)} | ${fmt(plain.keystrokeMs)}     | ${fmt(plain.keystrokeCpuMs)}         | ${plain.inputs}`);
      console.log(`${String(round).padEnd(5)} | ${String(rows).padEnd(5)} | Ringi ModuleForm  | ${fmt(ringi.mountMs)} | ${fmt(ringi.keystrokeMs)}     | ${fmt(ringi.keystrokeCpuMs)}         | ${ringi.inputs}`);
    }
  }
  const key = (rows: number, who: 'ringi' | 'plain') => median(results[rows][who].map((r) => r.keystrokeMs));
  const cpu = (rows: number, who: 'ringi' | 'plain') => median(results[rows][who].map((r) => r.keystrokeCpuMs));
  const mount = (rows: number) => median(results[rows].ringi.map((r) => r.mountMs));
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  const ringiLarge = key(large, 'ringi');
  const ratio = key(large, 'plain') / ringiLarge;
  const growth = ringiLarge / key(small, 'ringi');
  console.log(`\nMedian over rounds, ${large} rows: Ringi ${ringiLarge.toFixed(2)} ms (CPU ${cpu(large, 'ringi').toFixed(2)}), plain rjsf ${key(large, 'plain').toFixed(1)} ms (CPU ${cpu(large, 'plain').toFixed(1)}).`);
  console.log(`CPU-time view (steadier when the machine is loaded): Ringi ${cpu(large, 'ringi').toFixed(2)} ms, ${large}/${small} rows ${(cpu(large, 'ringi') / cpu(small, 'ringi')).toFixed(2)} ×, rjsf ÷ Ringi ${(cpu(large, 'plain') / cpu(large, 'ringi')).toFixed(1)} ×.`);
  console.log(`  Ringi keystroke ≤ 2 ms ................ ${ringiLarge.toFixed(2)} ms — ${verdict(ringiLarge <= 2)}`);
  console.log(`  ${large} rows ≤ 1.2 × ${small} rows ......... ${growth.toFixed(2)} × — ${verdict(growth <= 1.2)}`);
  console.log(`  plain rjsf ÷ Ringi ≥ 20 ............... ${ratio.toFixed(1)} × — ${verdict(ratio >= 20)}`);
  console.log(`  Ringi mount of ${large} rows ≤ 200 ms ..... ${mount(large).toFixed(1)} ms — ${verdict(mount(large) <= 200)}`);
  console.log(`Load average now ${loadavg().map((n) => n.toFixed(2)).join(' ')}.\n`);
}
