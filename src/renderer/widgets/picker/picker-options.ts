import { fillEndpoint, readPath } from '../fill-endpoint';
import type { LabelKey } from './item-label';
import { DEFAULT_DEBOUNCE_MS, DEFAULT_PICKER_PAGE_SIZE } from './PickerPage';

/**
 * A picker's configuration: the widget's defaults overlaid by the field's `ui:options`.
 * Strings in `endpoint`, `itemEndpoint` and `extraParams` may hold `{field}` placeholders
 * (dot paths into the form data) and `{$module}` (the code of the module being rendered).
 */
export interface PickerOptions {
  /** List endpoint, e.g. `/companies/{company_id}/departments`. */
  endpoint: string;
  /** Endpoint of one record by `{id}`; without it the name is found in the list (page of 100). */
  itemEndpoint?: string;
  /** Search query parameter; `null` for short lists without a search box. */
  searchParam: string | null;
  labelKey: LabelKey;
  /** A second line per row (a key or `{key}` template), e.g. a bank account's type. */
  descriptionKey?: string;
  /**
   * The description is a code (a bank account's `ordinary`/`current`): shown through the
   * translation `<descriptionCodes>.<code>` (e.g. `engine.codes.bankAccountType`), the raw code
   * only when no translation exists.
   */
  descriptionCodes?: string;
  /** Fields that must be set first; the widget is disabled with a hint until then. */
  dependsOn: string[];
  itemsPerPage: number;
  extraParams: Record<string, unknown>;
  multiple: boolean;
  debounceMs: number;
  /** After a pick, also set these form fields from the item: `{ "contract_item_type_code": "code" }`. */
  alsoSet: Record<string, string>;
  /**
   * Locks the field to the signed-in user's own company unless they hold every listed profile
   * flag (`["is_ringi_group_member", "is_authorizer"]`: only group admins may choose another).
   * The value is set to the own company and the picker is disabled; the server enforces the same.
   */
  ownCompanyUnless: string[] | null;
}

const BASE: PickerOptions = {
  endpoint: '',
  searchParam: 'name',
  labelKey: 'name',
  dependsOn: [],
  itemsPerPage: DEFAULT_PICKER_PAGE_SIZE,
  extraParams: {},
  multiple: false,
  debounceMs: DEFAULT_DEBOUNCE_MS,
  alsoSet: {},
  ownCompanyUnless: null,
};

/** Defaults, then the widget's own defaults, then `ui:options` (unknown keys ignored). */
export function readPickerOptions(defaults: Partial<PickerOptions>, uiOptions: Record<string, unknown> | undefined): PickerOptions {
  const merged = { ...BASE, ...defaults } as PickerOptions;
  const o = uiOptions ?? {};
  if (typeof o.endpoint === 'string') merged.endpoint = o.endpoint;
  if (typeof o.itemEndpoint === 'string') merged.itemEndpoint = o.itemEndpoint;
  if (typeof o.searchParam === 'string' || o.searchParam === null) merged.searchParam = o.searchParam as string | null;
  if (typeof o.labelKey === 'string' || (typeof o.labelKey === 'object' && o.labelKey !== null)) merged.labelKey = o.labelKey as LabelKey;
  if (typeof o.descriptionKey === 'string') merged.descriptionKey = o.descriptionKey;
  if (typeof o.descriptionCodes === 'string') merged.descriptionCodes = o.descriptionCodes;
  if (typeof o.dependsOn === 'string') merged.dependsOn = [o.dependsOn];
  if (Array.isArray(o.dependsOn)) merged.dependsOn = o.dependsOn.filter((d): d is string => typeof d === 'string');
  if (typeof o.itemsPerPage === 'number' && o.itemsPerPage > 0) merged.itemsPerPage = o.itemsPerPage;
  if (typeof o.extraParams === 'object' && o.extraParams !== null) merged.extraParams = { ...merged.extraParams, ...(o.extraParams as Record<string, unknown>) };
  if (typeof o.multiple === 'boolean') merged.multiple = o.multiple;
  if (typeof o.debounceMs === 'number' && o.debounceMs >= 0) merged.debounceMs = o.debounceMs;
  if (typeof o.alsoSet === 'object' && o.alsoSet !== null) merged.alsoSet = o.alsoSet as Record<string, string>;
  if (Array.isArray(o.ownCompanyUnless)) merged.ownCompanyUnless = o.ownCompanyUnless.filter((f): f is string => typeof f === 'string');
  return merged;
}

/** The company a picker is locked to for this user (`ownCompanyUnless`), or null when it is free. */
export function lockedCompany(options: PickerOptions, user: { company?: { id: number } | null } | null): number | null {
  if (!options.ownCompanyUnless || !user?.company) return null;
  const flags = user as unknown as Record<string, unknown>;
  return options.ownCompanyUnless.every((flag) => flags[flag] === true) ? null : user.company.id;
}

/** The data placeholders are filled from: the form data plus `$module`. */
export function placeholderData(formData: Record<string, unknown> | undefined, moduleCode: string | undefined): Record<string, unknown> {
  return { ...formData, $module: moduleCode };
}

/** The first dependency that has no value yet, or undefined when the picker may open. */
export function missingDependency(options: PickerOptions, formData: Record<string, unknown> | undefined): string | undefined {
  return options.dependsOn.find((field) => {
    const value = readPath(formData, field);
    return value === undefined || value === null || value === '';
  });
}

/** `extraParams` with `{field}` strings filled; null while one of them has no value. */
export function fillParams(params: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.includes('{')) {
      const filled = fillEndpoint(value, data);
      if (filled === null) return null;
      out[key] = decodeURIComponent(filled);
    } else {
      out[key] = value;
    }
  }
  return out;
}
