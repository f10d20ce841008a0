/**
 * `npm run modules:check [-- --root <dir>]`: check every module definition (meta-schema, widget
 * names, rule vars, sub-form references, translation keys). One line per problem —
 * `file#pointer: message` — and exit 1 when there is any. Warnings (`warning: …`, a rule message a
 * schema limit hides) are printed and never fail it.
 */
import { cliArgs } from './lib/cli-args';
import { modulesWarnings, runModulesCheck } from './lib/run-modules-check';

const args = cliArgs(process.argv.slice(2));
const problems = await runModulesCheck(typeof args.root === 'string' ? args.root : undefined);
for (const p of problems) console.log(`${p.file}#${p.pointer}: ${p.message}`);
// Warnings never fail the check.
for (const w of await modulesWarnings(typeof args.root === 'string' ? args.root : undefined)) console.log(`warning: ${w.file}#${w.pointer}: ${w.message}`);
console.log(problems.length ? `${problems.length} problem(s)` : 'All module definitions are valid');
process.exit(problems.length ? 1 : 0);
