/** Ringi's custom widget names: the one list lives in the engine (src/engine/definitions/widget-names.ts). */
export { customWidgetNames } from '../../engine/definitions/widget-names';
