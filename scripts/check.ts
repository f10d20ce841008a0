/**
 * `npm run -s check -- --module <code> --data <body.json> [--lang en|ja|zh] [--steps steps.json]`
 * prints exactly one JSON object `{"valid", "violations": [{propertyPath, message}]}` in the
 * spec's order — the server's own validation. Exit 0 when valid, 1 when not, 2 on bad usage or when
 * the module definitions fail the checker (then `refused: true` and the violations are the definition's problems).
 */
import { cliArgs } from './lib/cli-args';
import { runCheck } from './lib/run-check';
import type { Lang } from '../src/engine';

const args = cliArgs(process.argv.slice(2));
const lang = typeof args.lang === 'string' ? args.lang : 'en';
if (typeof args.module !== 'string' || typeof args.data !== 'string' || !['en', 'ja', 'zh'].includes(lang)) {
  console.log(JSON.stringify({ valid: false, violations: [{ propertyPath: '', message: 'usage: check --module <code> --data <body.json> [--lang en|ja|zh] [--steps steps.json]' }] }));
  process.exit(2);
}
const output = await runCheck({
  module: args.module,
  data: args.data,
  lang: lang as Lang,
  steps: typeof args.steps === 'string' ? args.steps : undefined,
});
console.log(JSON.stringify(output));
// 2: the definitions are broken, nothing was judged (as for bad usage).
process.exit(output.refused ? 2 : output.valid ? 0 : 1);
