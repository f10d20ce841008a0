/**
 * Widget names for the renderer's registry: the one list lives in the engine
 * (src/engine/definitions/widget-names.ts), where the checker reads it without React.
 */
export { builtInWidgetNames, WIDGET_NAMES as registryNames } from '../engine/definitions/widget-names';
