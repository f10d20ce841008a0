import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SendBackTarget } from './detail-actions';

export interface SendBackDialogProps {
  open: boolean;
  targets: SendBackTarget[];
  onCancel(): void;
  /** The chosen target; the page then confirms and sends `{approve: false, back_to}`. */
  onChoose(target: SendBackTarget): void;
}

const keyOf = (target: SendBackTarget) => String(target.backTo);

/**
 * "Send back to…" (issue #20): a choice of the earlier approved steps (with who approved them)
 * and the requester. The first step before the current one is preselected.
 */
export function SendBackDialog({ open, targets, onCancel, onChoose }: SendBackDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? (targets.length ? keyOf(targets[0]) : '');
  const label = (target: SendBackTarget) => (target.backTo === 'requester'
    ? t('app.approvals.sendBack.requester', { name: target.name })
    : target.approver ? t('app.approvals.sendBack.stepBy', { step: target.name, name: target.approver }) : target.name);
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface aria-label={t('app.approvals.sendBack.title')} data-testid="send-back-dialog">
        <DialogBody>
          <DialogTitle>{t('app.approvals.sendBack.title')}</DialogTitle>
          <DialogContent>
            <RadioGroup value={value} onChange={(_, data) => setChosen(data.value)} aria-label={t('app.approvals.sendBack.choose')}>
              {targets.map((target) => <Radio key={keyOf(target)} value={keyOf(target)} label={label(target)} data-back-to={keyOf(target)} />)}
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('app.common.cancel')}</Button>
            <Button
              appearance="primary"
              disabled={!value}
              onClick={() => {
                const target = targets.find((candidate) => keyOf(candidate) === value);
                if (target) onChoose(target);
              }}
            >
              {t('app.approvals.sendBack.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
