import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import type { MasterProcessStep } from '../../../engine';
import type { RendererHost } from '../../host';
import { useUsersById } from '../../query';
import { resourceKey } from '../../resource-key';
import { formContextOf } from '../form-context-of';
import { PickerPage } from '../picker/PickerPage';
import { useWidgetText } from '../text';
import { cleanApprovals, isCompanyAuthorizer, isStepLocked, readPresetApprovers, type Approval, type ApproverInfo } from './approvals';
import { useProcessSteps } from './use-process-steps';
import { useResolvedRoute, type RouteStep } from './use-resolved-route';
import type { Collection } from '../../../wire/common';
import type { DefaultProcess, SavedApprover, SavedApproverQuery } from '../../../wire/processes';
import type { ApproverQuery } from '../../../wire/users';
import { keepWordsIn } from '../../../engine/i18n/keep-words';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  required: { color: tokens.colorPaletteRedForeground1, marginInlineStart: tokens.spacingHorizontalXXS },
  approvers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyleType: 'none', margin: 0, padding: 0 },
  approver: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  blocked: { color: tokens.colorPaletteRedForeground1 },
});

/** Whether the signed-in user is a member of the provider group (the profile's `is_ringi_group_member`). */
function userIsGroupMember(host: RendererHost): boolean {
  return host.user?.is_ringi_group_member === true;
}

/**
 * The company-authorizer badge of a picker row. Its own component, translated when it renders:
 * the picker page is written when it opens, and a text put in then kept the language it was
 * opened in (会社承認者 in English after switching in place).
 */
function AuthorizerBadge(): ReactNode {
  const text = useWidgetText();
  return <Badge appearance="tint">{text('process.authorizer')}</Badge>;
}

/** The step's name as the process gives it. */
function stepName(step: MasterProcessStep): string {
  return step.process?.name ?? step.process?.code ?? String(step.id);
}

/**
 * The approval chain of a form (rjsf field for `approvals`): one row per step of the module's
 * process with a plus button opening the approver multi-select page. Value: an array of
 * `{approver_id, master_process_id}`; several approvers per step are allowed.
 *
 * `ui:options`: `moduleCode` (default: the module rendered), `rememberField` (default
 * `save_approvers`: when on, an empty card is preloaded from `/saved_approvers`, else from the
 * default approvers of `/my-default-process/{moduleCode}`).
 */
export function ProcessCardField(props: FieldProps): ReactNode {
  const ctx = formContextOf(props.registry, 'ProcessCard');
  const { host } = ctx;
  const text = useWidgetText();
  const styles = useStyles();
  const options = getUiOptions(props.uiSchema);
  const moduleCode = typeof options.moduleCode === 'string' ? options.moduleCode : ctx.module?.code;
  const rememberField = typeof options.rememberField === 'string' ? options.rememberField : 'save_approvers';
  const steps = useProcessSteps(host, moduleCode);
  // The route for the current values (conditions, resolved approvers, skips); undefined: show every step.
  const route = useResolvedRoute(host, moduleCode === ctx.module?.code ? ctx.module : undefined, ctx.formData);
  const approvals = cleanApprovals(props.formData);
  const [known, setKnown] = useState<Map<number, ApproverInfo>>(new Map());
  const readOnly = Boolean(props.readonly || props.disabled || ctx.readOnly);
  const latest = useRef({ props, approvals });
  latest.current = { props, approvals };

  const learn = (users: ApproverInfo[]) =>
    setKnown((old) => {
      const next = new Map(old);
      for (const user of users) next.set(user.id, { ...old.get(user.id), ...user });
      return next;
    });
  // What this card last wrote, as JSON: an empty value that is not ours came from outside (a reset,
  // the form cleared after a successful submit), and an empty card from outside is preloaded again.
  const written = useRef<string | null>(null);
  const change = (next: Approval[]) => {
    written.current = JSON.stringify(next);
    latest.current.props.onChange(next, latest.current.props.fieldPathId.path);
  };

  // The approvers an empty card is filled with: the saved ones (when the remember switch is on)
  // or else the default approvers. Asked per fill (`round`), with the switch as it was then.
  const [fill, setFill] = useState<{ round: number; remember: boolean } | null>(null);
  const preload = () => setFill((old) => ({ round: (old?.round ?? 0) + 1, remember: ctx.formData?.[rememberField] !== false }));
  const presets = useQuery({
    queryKey: resourceKey('/saved_approvers', { moduleCode, remember: fill?.remember, round: fill?.round }, 'presets'),
    queryFn: async () => {
      const defaults = () =>
        host.api.get<DefaultProcess>(`/my-default-process/${encodeURIComponent(moduleCode ?? '')}`).then((body) => body?.default_approvers ?? null);
      if (!fill?.remember) return defaults();
      // Partial: asked only once the module is known (`enabled`).
      const saved = await host.api.get<Collection<SavedApprover>>('/saved_approvers', { moduleCode } satisfies Partial<SavedApproverQuery>);
      return readPresetApprovers(saved, steps ?? []).length > 0 ? (saved ?? null) : defaults();
    },
    enabled: fill !== null && Boolean(steps && moduleCode) && !readOnly,
    staleTime: Infinity,
  });
  // Each fill is applied once, and only into a card that is still empty when the answer comes.
  const filled = useRef(0);
  const write = useRef({ learn, change });
  write.current = { learn, change };
  useEffect(() => {
    if (!fill || !steps || presets.data === undefined || filled.current === fill.round) return;
    filled.current = fill.round;
    const rows = readPresetApprovers(presets.data, steps);
    if (rows.length === 0 || latest.current.approvals.length > 0) return;
    write.current.learn(rows.flatMap((r) => (r.approver ? [r.approver] : [])));
    write.current.change(rows.map((r) => r.approval));
  }, [fill, steps, presets.data]);

  // Preload once the steps are known, only into an empty card: a draft or an edit keeps its own choices.
  const preloaded = useRef(false);
  useEffect(() => {
    if (preloaded.current || !steps || !moduleCode || readOnly) return;
    preloaded.current = true;
    if (latest.current.approvals.length === 0) preload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once the steps are known; the rest is read through `latest`
  }, [steps]);

  // Emptied from outside while mounted (reset, successful submit): fill again like on first mount.
  // Removing the last approver by hand writes [] itself and is left alone.
  const rawKey = JSON.stringify(props.formData ?? null);
  const seenKey = useRef(rawKey);
  useEffect(() => {
    const before = seenKey.current;
    seenKey.current = rawKey;
    if (!preloaded.current || before === rawKey || approvals.length > 0 || rawKey === written.current) return;
    written.current = null;
    preload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the stored value matters here
  }, [rawKey]);

  // Names for approvers known only by id (a draft, an edit): one cached `/users/{id}` query each.
  const fetched = useUsersById(host, approvals.map((a) => a.approver_id).filter((id) => !known.has(id)));
  const userOf = (id: number): ApproverInfo | undefined => known.get(id) ?? fetched.get(id);

  // A step's name in every language, from the definition (the server words `process.name` in the
  // language of the request, so a page opened before a language switch would keep it).
  const namesOf = (step: MasterProcessStep) =>
    moduleCode === ctx.module?.code ? ctx.module?.process?.find((s) => s.code === step.process?.code)?.names : undefined;

  const openStep = async (step: MasterProcessStep) => {
    const companyId = ctx.formData?.company_id;
    const current = approvals.filter((a) => a.master_process_id === step.id).map((a) => userOf(a.approver_id) ?? { id: a.approver_id, name: String(a.approver_id) });
    const result = await host.openPage<ApproverInfo[]>({ key: 'engine.widgets.process.approverTitle', params: { step: stepName(step) }, texts: { step: namesOf(step) ?? {} } }, (close) => (
      <PickerPage<ApproverInfo, ApproverQuery>
        host={host}
        endpoint="/users/approver"
        // The document's company scopes who may be named (the server's eligibility rule).
        // Filed for someone (代理申請): the principal's candidates (the server checks the permission).
        extraParams={{
          masterProcessId: step.id,
          ...(typeof companyId === 'number' && Number.isInteger(companyId) ? { companyId } : {}),
          ...(typeof host.filedFor === 'number' ? { filed_for: host.filedFor } : {}),
          // Filed as one of the user's posts (兼務): a document without a company is that post's company's.
          ...(typeof host.filedAs === 'number' ? { filed_as_department_id: host.filedAs } : {}),
        }}
        multiple
        selected={current}
        label={(user) => user.name}
        describe={(user) => (isCompanyAuthorizer(user) ? <AuthorizerBadge /> : null)}
        close={close as (result?: ApproverInfo | ApproverInfo[]) => void}
      />
    ));
    if (!result || !steps) return;
    learn(result);
    const chosen = latest.current.approvals;
    change(steps.flatMap((s) => (s.id === step.id ? result.map((u) => ({ approver_id: u.id, master_process_id: s.id })) : chosen.filter((a) => a.master_process_id === s.id))));
  };

  const remove = (approval: Approval) =>
    change(latest.current.approvals.filter((a) => !(a.master_process_id === approval.master_process_id && a.approver_id === approval.approver_id)));

  /** One step: the requester's choice (a plus button), or the route's resolved approvers (locked unless editable). */
  const renderStep = (step: MasterProcessStep, r?: RouteStep) => {
    const chosen = approvals.filter((a) => a.master_process_id === step.id);
    const name = keepWordsIn(host.language, namesOf(step)?.[host.language] ?? r?.name ?? stepName(step));
    const resolved = r?.by === 'rule';
    const groupLocked = isStepLocked(chosen.map((a) => userOf(a.approver_id)), userIsGroupMember(host));
    // Fixed by the route (resolved and not editable, or skipped): no plus button at all.
    // A blocked choice step has nobody to pick from: its reason replaces the plus button.
    const routeLocked = (resolved && !r.editable) || Boolean(r?.skipped) || (r?.by === 'choice' && Boolean(r.blocked));
    const showResolved = resolved && chosen.length === 0;
    return (
      <div key={step.id} className={styles.step} role="group" aria-label={name}>
        <div className={styles.head}>
          <Text>
            {name}
            {!step.optional && !resolved && (
              <span className={styles.required} title={text('process.required')} aria-label={text('process.required')}>
                *
              </span>
            )}
          </Text>
          {r && r.mode !== 'any' && !r.skipped && (
            <Badge appearance="outline">{r.mode === 'all' ? text('process.modeAll') : text('process.modeQuorum', { count: r.required })}</Badge>
          )}
          {r?.circulation && <Badge appearance="outline">{text('process.circulation')}</Badge>}
          {!readOnly && !routeLocked && (
            <Button appearance="subtle" icon={<AddRegular />} aria-label={text('process.addApprover', { step: name })} disabled={groupLocked} onClick={() => openStep(step)} />
          )}
        </div>
        {r?.skipped ? (
          <Text size={200} className={styles.hint}>{r.skipped_reason}</Text>
        ) : r?.blocked && chosen.length === 0 ? (
          <Text size={200} className={styles.blocked} role="alert">{r.blocked_reason}</Text>
        ) : showResolved ? (
          <ul className={styles.approvers}>
            {r.approvers.map((u) => (
              <li key={u.id} className={styles.approver}><Text>{u.name}</Text></li>
            ))}
          </ul>
        ) : chosen.length === 0 ? (
          <Text size={200} className={styles.hint}>{text('process.noApprover')}</Text>
        ) : (
          <ul className={styles.approvers}>
            {chosen.map((a) => {
              const user = userOf(a.approver_id);
              const label = user?.name ?? '…';
              return (
                <li key={a.approver_id} className={styles.approver}>
                  <Text>{label}</Text>
                  {isCompanyAuthorizer(user) && <Badge appearance="tint">{text('process.authorizer')}</Badge>}
                  {!readOnly && !groupLocked && (
                    <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label={text('remove', { name: label })} onClick={() => remove(a)} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {resolved && !r.skipped && !r.blocked && !readOnly && (
          <Text size={200} className={styles.hint}>{r.editable ? text('process.routedEditable') : text('process.routed')}</Text>
        )}
        {groupLocked && !readOnly && <Text size={200} className={styles.hint}>{text('process.locked')}</Text>}
      </div>
    );
  };

  return (
    <Card className={styles.card} id={props.fieldPathId.$id}>
      <Text weight="semibold">{text('process.title')}</Text>
      {steps && steps.length === 0 && <Text className={styles.hint}>{text('process.empty')}</Text>}
      {route
        ? route.map((r) => {
            const step = (steps ?? []).find((m) => m.id === r.id) ?? { id: r.id, optional: r.optional, process: { code: r.code, name: r.name } };
            return renderStep(step, r);
          })
        : (steps ?? []).map((step) => renderStep(step))}
    </Card>
  );
}
