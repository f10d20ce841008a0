/** The enum choices live in the engine (the server prints them too); re-exported for the renderer. */
export { enumChoices } from '../../engine';
