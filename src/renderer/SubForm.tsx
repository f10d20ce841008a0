/**
 * An item detail page: the same ModuleForm in item mode (Next instead of submit, the sub-form's
 * own rules). ModuleForm hands it to its widgets as `formContext.SubForm`; the ItemList widget
 * opens it with `host.openPage(title, close => <SubForm … onDone={close} />)`.
 */
export { SubForm } from './ModuleForm';
export type { SubFormProps } from './form-context';
