import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after this long: a ceiling for a loaded 2-core CI machine, not a
// speed expectation (speed is measured by `npm run bench`).
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup; without it
// Fluent's focus management runs against a torn-down document ("NodeFilter is not defined").
afterEach(() => {
  cleanup();
});
