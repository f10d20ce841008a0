import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup; without it
// Fluent's focus management runs against a torn-down document ("NodeFilter is not defined").
afterEach(() => {
  cleanup();
});
