import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useFormEnv } from './form-env';

/**
 * Shown in place of a field whose UI schema names a widget the registry lacks: the analyst
 * sees which module, field and widget to fix instead of a blank form.
 */
export function UnknownWidgetMessage({ field, widget }: { field: string; widget: string }) {
  const { module, t } = useFormEnv();
  return (
    <MessageBar intent="error" role="alert" data-unknown-widget={widget}>
      <MessageBarBody>{t('engine.renderer.unknownWidget', { module: module.code, field, widget })}</MessageBarBody>
    </MessageBar>
  );
}
