import { themeEntries } from './theme';
import { customRegistry } from './widgets';
import type { RegistryEntry } from './registry-types';

export type { RegistryEntry, DisplayProps, EnumChoice } from './registry-types';

/** Every widget and field a UI schema may name: the theme's built-ins, then Ringi's custom ones. */
export const widgetRegistry: Readonly<Record<string, RegistryEntry>> = { ...themeEntries, ...customRegistry };

/** Raised when a UI schema names a widget the registry does not have. */
export class UnknownWidgetError extends Error {
  constructor(
    readonly moduleCode: string,
    readonly field: string,
    readonly widget: string,
  ) {
    super(`Unknown widget "${widget}" for field "${field}" in module "${moduleCode}"`);
    this.name = 'UnknownWidgetError';
  }
}

/** The registry entry called `name`, or undefined. */
export function findRegistryEntry(name: string): RegistryEntry | undefined {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, name) ? widgetRegistry[name] : undefined;
}

/** The registry entry called `name`; an unknown name throws an error naming module, field and widget. */
export function getRegistryEntry(name: string, moduleCode: string, field: string): RegistryEntry {
  const entry = findRegistryEntry(name);
  if (!entry) throw new UnknownWidgetError(moduleCode, field, name);
  return entry;
}
