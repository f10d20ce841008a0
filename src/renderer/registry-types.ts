import type { ComponentType } from 'react';
import type { JsonSchema } from '../engine';

/** A choice with its translated label (enum options as the renderer computes them). */
export interface EnumChoice {
  value: unknown;
  label: string;
}

/**
 * Props of a registry entry's `Display` (read-only rendering in detail and list cards):
 * the stored value, the field's `ui:options`, the whole stored document, and for built-ins
 * the field's schema and translated enum choices. The host comes from `useRendererHost()`.
 */
export interface DisplayProps {
  value: unknown;
  options?: Record<string, unknown>;
  formData?: Record<string, unknown>;
  schema?: JsonSchema;
  enumOptions?: EnumChoice[];
}

/** One registry entry (docs/ARCHITECTURE.md "Widgets and the form context"). */
export interface RegistryEntry {
  // rjsf widgets and fields have different prop types; the registry keeps both.
  component: ComponentType<any>;
  kind: 'widget' | 'field';
  Display?: ComponentType<DisplayProps>;
}
