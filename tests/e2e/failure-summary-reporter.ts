import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Ends the run with where its time went (the slowest spec files, and the whole run), so a CI
 * log's tail shows what to shorten; then repeats each failed journey's error at the very end of the run, after the line reporter's
 * summary: a CI log read from its tail (the crawl's long screen list comes last) otherwise names a
 * failed test without saying why. Each error's first lines, colours
 * stripped (the stack starts with the message); the attachments' paths follow, and the page as
 * the failure left it (the start of Playwright's error context: its accessibility snapshot).
 */
const MAX_LINES = 40;
const SNAPSHOT_LINES = 80;
// eslint-disable-next-line no-control-regex -- the terminal colour codes Playwright writes into messages
const COLOURS = /\u001b\[[0-9;]*m/g;

export default class FailureSummaryReporter implements Reporter {
  private readonly failed: Array<{ test: TestCase; result: TestResult }> = [];
  private readonly perFile = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, '');
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + result.duration);
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) this.failed.push({ test, result });
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.perFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`\nPlaywright: ${Math.round(result.duration / 1000)} s in all; slowest files: ${slowest.map(([file, ms]) => `${file} ${Math.round(ms / 1000)} s`).join(', ')}`);
    if (this.failed.length === 0) return;
    const lines = [`\n=== ${this.failed.length} failed (run ${result.status}); why, for each ===`];
    for (const { test, result: run } of this.failed) {
      lines.push(`\n--- ${test.titlePath().filter(Boolean).join(' › ')} (${run.status}, ${Math.round(run.duration / 1000)} s)`);
      for (const error of run.errors) {
        const text = (error.stack ?? error.message ?? error.value ?? '').replace(COLOURS, '');
        lines.push(...text.split('\n').filter((line) => line.trim() !== '').slice(0, MAX_LINES));
      }
      const shown = new Set<string>();
      for (const attachment of run.attachments) {
        // Playwright may attach one file twice (seen with the error context): printed once.
        if (!attachment.path || shown.has(attachment.path)) continue;
        shown.add(attachment.path);
        lines.push(`  ${attachment.name}: ${attachment.path}`);
        // The page as the failure left it (Playwright's accessibility snapshot): what the user saw.
        if (attachment.name === 'error-context' && existsSync(attachment.path)) {
          const snapshot = /```yaml\n([\s\S]*?)```/.exec(readFileSync(attachment.path, 'utf8'))?.[1] ?? '';
          lines.push(...snapshot.split('\n').filter((line) => line.trim() !== '').slice(0, SNAPSHOT_LINES).map((line) => `    ${line}`));
        }
      }
    }
    console.log(lines.join('\n'));
  }
}
