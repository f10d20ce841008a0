import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { typeInto } from './dom';

// Collect garbage between measurements so one renderer's garbage is not paid by the other.
setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface FormTiming {
  mountMs: number;
  /** Median wall time of a keystroke. */
  keystrokeMs: number;
  /** Median CPU time (user + system) of a keystroke: steadier than wall time on a busy machine. */
  keystrokeCpuMs: number;
}

/**
 * One measurement, identical for both renderers: mount `element` (synchronously flushed), then
 * type `keystrokes` characters into the text input with id `inputId` (a row in the middle),
 * each keystroke timed from the `input` event until React has committed the update.
 */
export function measureForm(element: ReactElement, inputId: string, keystrokes = 25, warmup = 5): FormTiming {
  collectGarbage();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const mountStart = performance.now();
  flushSync(() => root.render(element));
  const mountMs = performance.now() - mountStart;
  const input = document.getElementById(inputId) as HTMLInputElement | null;
  if (!input) throw new Error(`bench: no input #${inputId}`);
  collectGarbage();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let text = input.value;
  for (let i = 0; i < warmup + keystrokes; i++) {
    text += 'x';
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    flushSync(() => typeInto(input, text));
    const elapsed = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (i >= warmup) {
      times.push(elapsed);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
  }
  if (!input.value.endsWith('x'.repeat(warmup + keystrokes))) throw new Error(`bench: typing into #${inputId} did not reach the input`);
  root.unmount();
  container.remove();
  return { mountMs, keystrokeMs: median(times), keystrokeCpuMs: median(cpuTimes) };
}
