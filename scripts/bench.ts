/**
 * `npm run bench`: prints how fast Ringi's renderer handles an inline editable array compared
 * with plain @rjsf/core on the same schema (mount and median keystroke, in jsdom), and how long
 * server-side validation of a 1000-item purchase takes, and issue #19's pattern and rule-budget
 * figures. Figures only, no assertions.
 */
import { installDom } from './bench/dom';

// React's production build, as users run it (both renderers get the same).
process.env.NODE_ENV = 'production';
installDom();

const { runFormBench } = await import('./bench/form-bench');
const { runValidationBench } = await import('./bench/validation-bench');
const { runHardeningBench } = await import('./bench/hardening-bench');

await runFormBench([200, 1000]);
await runValidationBench(1000);
await runHardeningBench();
process.exit(0);
