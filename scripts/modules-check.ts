/**
 * `npm run modules:check [-- --root <dir>]`: check every module definition (meta-schema, widget
 * names, rule vars, sub-form references, translation keys). One line per problem —
 * `file#pointer: message` — and exit 1 when there is any.
 */
import { cliArgs } from './lib/cli-args';
import { runModulesCheck } from './lib/run-modules-check';

const args = cliArgs(process.argv.slice(2));
const problems = await runModulesCheck(typeof args.root === 'string' ? args.root : undefined);
for (const p of problems) console.log(`${p.file}#${p.pointer}: ${p.message}`);
console.log(problems.length ? `${problems.length} problem(s)` : 'All module definitions are valid');
process.exit(problems.length ? 1 : 0);
