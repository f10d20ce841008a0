import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { CompiledModule, FormData, RuleContext } from '../engine';
import { ModuleForm } from './ModuleForm';

export interface SubFormProps {
  /** The compiled sub-form (a module of kind `subform`, e.g. `module.subForms['purchase-goods']`). */
  module: CompiledModule;
  /** The item being edited (absent for a new one). */
  initialData?: FormData;
  /** The parent form's data: the sub-form's rules see it as `$parent`. */
  parent?: FormData;
  context?: RuleContext;
  /** Called with the validated item when the user presses Next. */
  onDone(item: FormData): void;
}

// The host's page stack gives a bare scroll area: an item page pads itself like the app's pages.
const useStyles = makeStyles({ page: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`, boxSizing: 'border-box', minWidth: 0 } });

/**
 * An item detail page: the same ModuleForm in item mode (Next instead of submit, the sub-form's
 * own rules). The ItemList widget opens it with `host.openPage(title, close => <SubForm … onDone={close} />)`.
 */
export function SubForm({ module, initialData, parent, context, onDone }: SubFormProps) {
  const styles = useStyles();
  const itemContext = useMemo(() => ({ ...context, parent: parent ?? context?.parent }), [context, parent]);
  return (
    <div className={styles.page}>
    <ModuleForm
      module={module}
      initialData={initialData}
      context={itemContext}
      mode="item"
      onSubmit={async (item) => {
        onDone(item as FormData);
      }}
    />
    </div>
  );
}
