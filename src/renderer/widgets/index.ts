import type { RegistryEntry } from '../registry-types';

/** Ringi's custom widgets and fields by name (pickers, item lists, uploaders, process card). */
export const customRegistry: Record<string, RegistryEntry> = {};
