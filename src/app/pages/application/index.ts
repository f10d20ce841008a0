export { ApplicationPage, type ApplicationPageParams } from './ApplicationPage';
export { openApplication } from './open-application';
export { DocumentPage, type DocumentPageParams } from './DocumentPage';
export { registerModuleTranslations } from './module-definitions';
