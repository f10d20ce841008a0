import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, 100vw)', maxHeight: '100dvh', overflowY: 'auto' },
  wide: { maxWidth: 'min(760px, 100vw)' },
  // A select is as wide as its longest option (a rule's order lists whole messages): it shrinks to the dialog.
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, '& .fui-Field': { gridTemplateColumns: 'minmax(0, 1fr)' }, '& .fui-Select, & select': { minWidth: 0, maxWidth: '100%' } },
});

/** A dialog's refused save: the refusal's key (`studio.builder.refused.<refused>`, it says which input) and its sentence. */
export interface BuilderRefusal {
  refused: string;
  text: string;
}

/**
 * The sentence of `refusal` when the dialog shows it beside `input` (`inputs` maps each refusal key
 * to its input), else undefined; `below` is a refusal no input of the dialog takes (shown below them).
 */
export function refusalAt(refusal: BuilderRefusal | null, inputs: Record<string, string>) {
  const at = (input: string) => (refusal && inputs[refusal.refused] === input ? refusal.text : undefined);
  return {
    at,
    /** Props of a Fluent Field marked with the refusal of `input`. */
    field: (input: string) => ({ validationState: at(input) ? ('error' as const) : ('none' as const), validationMessage: at(input) }),
    below: refusal && !inputs[refusal.refused] ? refusal.text : null,
  };
}

/** The builder's modal dialog: a title, the inputs, a refusal no input takes (if any), Save and Cancel. */
export function BuilderDialog({ title, error, wide, onSave, onClose, children }: {
  title: string; error: string | null; wide?: boolean; onSave: () => void; onClose: () => void; children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={mergeClasses(styles.surface, wide && styles.wide)}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {children}
            {error && <MessageBar intent="error" layout="multiline" role="alert">{error}</MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onSave}>{t('studio.builder.save')}</Button>
            <Button onClick={onClose}>{t('studio.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
