import type { ReactNode } from 'react';
import { useDisplayContext } from '../../display-context';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { useUsersById } from '../../query';
import { useFormatText } from '../text';
import { cleanApprovals } from './approvals';
import { useProcessSteps } from './use-process-steps';

/**
 * Chosen approvers per step, read-only: "Step: name, name". The module comes from the
 * surrounding card (`RendererDisplayContext`) or `options.moduleCode`.
 */
export function ProcessCardDisplay({ value, options }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const { module } = useDisplayContext();
  const moduleCode = typeof options?.moduleCode === 'string' ? options.moduleCode : module?.code;
  const steps = useProcessSteps(host, moduleCode);
  const approvals = cleanApprovals(value);
  const users = useUsersById(host, approvals.map((a) => a.approver_id));
  const format = useFormatText();
  if (approvals.length === 0) return <span>-</span>;
  const stepIds = steps ? steps.map((s) => s.id) : [...new Set(approvals.map((a) => a.master_process_id))];
  return (
    <ul>
      {stepIds.map((stepId) => {
        const chosen = approvals.filter((a) => a.master_process_id === stepId);
        if (chosen.length === 0) return null;
        const step = steps?.find((s) => s.id === stepId);
        return (
          <li key={stepId}>
            {format.labelValue(step?.process?.name ?? String(stepId), format.list(chosen.map((a) => users.get(a.approver_id)?.name ?? '…')))}
          </li>
        );
      })}
    </ul>
  );
}
