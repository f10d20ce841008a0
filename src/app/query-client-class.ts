// Loaded on demand by query-client.ts: importing the class alone (not the package's namespace)
// keeps the rest of TanStack Query out of the first screen's chunks.
export { QueryClient } from '@tanstack/react-query';
