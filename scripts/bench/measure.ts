import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
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
  /** Median of the keystrokes: the input event plus main-thread blocking in the next 300 ms. */
  keystrokeMs: number;
  /** Median process CPU time (user + system) of the same windows: steadier than wall time on a loaded machine. */
  keystrokeCpuMs: number;
  /** How many text inputs the form had in the DOM after mounting (virtualized rows mount fewer). */
  inputs: number;
}

/** How long the bench waits after each keystroke for deferred work (effects, transitions, timers). */
export const SETTLE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The main thread's busy time from `start` until now: Node's event-loop utilisation counts every
 * task (the event handler, React's scheduled renders, effects, timers) and not the idle wait.
 */
function busySince(start: ReturnType<typeof performance.eventLoopUtilization>): number {
  return performance.eventLoopUtilization(start).active;
}

/**
 * One measurement, identical for both renderers: mount `element` (synchronously flushed, timed),
 * wait for the mount's deferred work, then type `keystrokes` characters into the text input with
 * id `inputId`. A keystroke costs what a user waits for: the `input` event (React renders a
 * discrete update inside it) plus everything the main thread runs in the next 300 ms.
 */
export async function measureForm(element: ReactElement, inputId: string, keystrokes = 7, warmup = 3): Promise<FormTiming> {
  collectGarbage();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const mountStart = performance.now();
  flushSync(() => root.render(element));
  const mountMs = performance.now() - mountStart;
  await sleep(SETTLE_MS);
  const input = document.getElementById(inputId) as HTMLInputElement | null;
  if (!input) throw new Error(`bench: no input #${inputId}`);
  const inputs = container.querySelectorAll('input').length;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let text = input.value;
  for (let i = 0; i < warmup + keystrokes; i++) {
    collectGarbage();
    await sleep(20);
    text += 'x';
    const cpuStart = process.cpuUsage();
    const start = performance.eventLoopUtilization();
    typeInto(input, text);
    await sleep(SETTLE_MS);
    const busy = busySince(start);
    const cpu = process.cpuUsage(cpuStart);
    if (i >= warmup) {
      times.push(busy);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
  }
  const typed = document.getElementById(inputId) as HTMLInputElement | null;
  if (!typed?.value.endsWith('x'.repeat(warmup + keystrokes))) throw new Error(`bench: typing into #${inputId} did not reach the input`);
  root.unmount();
  container.remove();
  return { mountMs, keystrokeMs: median(times), keystrokeCpuMs: median(cpuTimes), inputs };
}

/** Median busy and CPU time of 7 idle 300 ms waits: what a keystroke's window costs with no keystroke. */
export async function idleBaseline(): Promise<{ busyMs: number; cpuMs: number }> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    collectGarbage();
    await sleep(20);
    const cpuStart = process.cpuUsage();
    const start = performance.eventLoopUtilization();
    await sleep(SETTLE_MS);
    times.push(busySince(start));
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  return { busyMs: median(times), cpuMs: median(cpuTimes) };
}
