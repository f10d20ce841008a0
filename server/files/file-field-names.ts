// The walk is the engine's (the web app keeps a pending document's attachments offline with it too).
export { fileFieldNames } from '../../src/engine/definitions/file-field-names';
