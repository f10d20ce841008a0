import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useWidgetText } from '../text';

const useStyles = makeStyles({
  items: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingTop: tokens.spacingVerticalS },
});

/**
 * After an upload in a field with `ui:options.linkToItems` (spec 001 §2 payment: "after upload a
 * dialog asks which payment to link the file to"): one button per item, numbered from 1, and
 * "Do not link". `onChoose(index)` gets the 0-based index, or null.
 */
export function LinkToItemDialog(props: { fileName: string | null; count: number; onChoose(index: number | null): void }): ReactNode {
  const t = useWidgetText();
  const styles = useStyles();
  return (
    <Dialog open={props.fileName !== null} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('related.linkFile.title')}</DialogTitle>
          <DialogContent>
            {t('related.linkFile.message', { name: props.fileName ?? '' })}
            <div className={styles.items}>
              {Array.from({ length: props.count }, (_, i) => (
                <Button key={i} appearance="secondary" onClick={() => props.onChoose(i)}>{t('items.item', { n: i + 1 })}</Button>
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="subtle" onClick={() => props.onChoose(null)}>{t('related.linkFile.skip')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
