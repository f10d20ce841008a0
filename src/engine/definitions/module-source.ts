import type { AttachmentsFile, JsonSchema, Lang, LocaleFile, ProcessFile, RulesFile, UiSchema } from '../types';

/**
 * Everything one module (or sub-form) is, as one JSON body: what the studio edits, what
 * `GET /api/module-definitions/{code}/source` answers and `POST`/`PUT` publish. Round-trippable.
 */
export interface ModuleSource {
  code: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  rules: RulesFile;
  locales: Record<Lang, LocaleFile>;
  /** Approval steps; null for a sub-form. */
  process: ProcessFile | null;
  /** Attachment kinds; null when the module takes no uploads. */
  attachments: AttachmentsFile | null;
}
