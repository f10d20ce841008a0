import { describe, expect, test } from 'vitest';
import { WIDGET_NAMES as registryNames, builtInWidgetNames } from '../../../src/engine/definitions/widget-names';
import { getRegistryEntry, UnknownWidgetError, widgetRegistry } from '../../../src/renderer/registry';
import { ringiTheme } from '../../../src/renderer/theme';

describe('widget registry', () => {
  test('has exactly the names listed in src/engine/definitions/widget-names.ts (built-in and custom)', () => {
    expect(Object.keys(widgetRegistry).sort()).toEqual([...registryNames].sort());
    expect(new Set(registryNames).size).toBe(registryNames.length);
  });

  test('every built-in widget is in the rjsf theme object, and every widget entry that shows a value has a Display', () => {
    for (const name of builtInWidgetNames) {
      expect(ringiTheme.widgets[name], name).toBeTypeOf('function');
      if (name !== 'hidden') expect(widgetRegistry[name].Display, name).toBeTypeOf('function');
    }
  });

  test('an unknown name throws an error naming module, field and widget', () => {
    expect(() => getRegistryEntry('ColourWheel', 'purchase', 'colour')).toThrow(UnknownWidgetError);
    expect(() => getRegistryEntry('ColourWheel', 'purchase', 'colour')).toThrow('Unknown widget "ColourWheel" for field "colour" in module "purchase"');
    expect(() => getRegistryEntry('toString', 'purchase', 'x')).toThrow(UnknownWidgetError);
    expect(getRegistryEntry('money', 'purchase', 'budget').kind).toBe('widget');
  });
});
