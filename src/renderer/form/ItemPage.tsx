import { useId, useMemo, type ComponentType } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { FormData } from '../../engine';
import type { SubFormProps } from '../form-context';
import type { ModuleFormProps } from '../ModuleForm';

// The host's page stack gives a bare scroll area: an item page pads itself like the app's pages.
const useStyles = makeStyles({ page: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`, boxSizing: 'border-box', minWidth: 0 } });

/**
 * An item detail page: `Form` (the ModuleForm, passed in so this file does not import it) in
 * item mode — Next instead of submit, the sub-form's own rules, the parent's data as `$parent`.
 */
export function ItemPage({ Form, module, initialData, parent, context, onDone }: SubFormProps & { Form: ComponentType<ModuleFormProps> }) {
  const styles = useStyles();
  const itemContext = useMemo(() => ({ ...context, parent: parent ?? context?.parent }), [context, parent]);
  // The parent form stays mounted behind this page (and may name fields alike: company_id): ids
  // of its own, so the labels here point at the inputs here. React's id, letters and digits only.
  const idPrefix = `item-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  return (
    <div className={styles.page}>
      <Form
        module={module}
        idPrefix={idPrefix}
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
