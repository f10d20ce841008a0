export { ApplicationPage, type ApplicationPageParams } from './ApplicationPage';
export { openApplication } from './open-application';
export { DocumentPage, type DocumentPageParams } from './DocumentPage';
export { fetchModuleDefinitions, fetchModuleDefinition, registerModuleTranslations, MODULE_DEFINITIONS_KEY } from './module-definitions';
