import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useFormEnv } from './form-env';

const useStyles = makeStyles({
  box: {
    padding: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
    border: `1px solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
});

/**
 * Shown in place of a field whose UI schema names a widget the registry lacks: the analyst
 * sees which module, field and widget to fix instead of a blank form.
 */
export function UnknownWidgetMessage({ field, widget }: { field: string; widget: string }) {
  const { module, t } = useFormEnv();
  const styles = useStyles();
  return (
    <div role="alert" className={styles.box} data-unknown-widget={widget}>
      <Text>{t('engine.renderer.unknownWidget', { module: module.code, field, widget })}</Text>
    </div>
  );
}
