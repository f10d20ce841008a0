import type { KeyboardEvent, ReactNode } from 'react';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  title: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, wordBreak: 'break-all' },
});

/**
 * The dialog a file is previewed in (image gallery, PDF viewer): the file's name with a close
 * button, then the preview. Clicks stay inside: React events bubble out of the dialog's portal to
 * the card around a Display.
 */
export function PreviewDialog(props: {
  label: string; name: string; closeLabel: string; onClose(): void; onKeyDown?(event: KeyboardEvent): void;
  surfaceClassName?: string; bodyClassName?: string; contentClassName?: string; children: ReactNode;
}): ReactNode {
  const styles = useStyles();
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Dialog open onOpenChange={(_, data) => !data.open && props.onClose()}>
        <DialogSurface className={props.surfaceClassName} aria-label={props.label} onKeyDown={props.onKeyDown}>
          <DialogBody className={props.bodyClassName}>
            <DialogTitle className={styles.title}>
              <span>{props.name}</span>
              <Button appearance="subtle" icon={<DismissRegular />} aria-label={props.closeLabel} onClick={props.onClose} />
            </DialogTitle>
            <DialogContent className={props.contentClassName}>{props.children}</DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </span>
  );
}
