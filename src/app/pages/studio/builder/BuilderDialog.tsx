import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, 100vw)', maxHeight: '100dvh', overflowY: 'auto' },
  wide: { maxWidth: 'min(760px, 100vw)' },
  // A select is as wide as its longest option (a rule's order lists whole messages): it shrinks to the dialog.
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, '& .fui-Field': { gridTemplateColumns: 'minmax(0, 1fr)' }, '& .fui-Select, & select': { minWidth: 0, maxWidth: '100%' } },
});

/** The builder's modal dialog: a title, the inputs, the refusal (if any), Save and Cancel. */
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
