import type { ReactNode } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { Badge, Button, Label, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { fillEndpoint } from '../fill-endpoint';
import { formContextOf } from '../form-context-of';
import { PickerPage } from '../picker/PickerPage';
import type { PickerItem } from '../picker/item-label';
import { useFieldLabel, useFormatText, useWidgetText } from '../text';
import { useResource, useUsersById } from '../../query';
import { readTypedUsersOptions, rowsOf, type TypedUserRow } from './typed-users-options';
import type { Collection } from '../../../wire/common';
import type { LockedSetting } from '../../../wire/organisation';
import type { UserDetail } from '../../../wire/users';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  button: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** A type of the list `ui:options.typesEndpoint` names (setting types, pic types): its id and name. */
type Named = { id: number; name: string };

/** Users by id (`/users/{id}`, one cached query each). */
function useUserNames(ids: number[]): Map<number, UserDetail> {
  return useUsersById(useRendererHost(), ids);
}

/** The type list (`hydra:member`), or undefined while it loads. */
function useTypes(endpoint: string): Named[] | undefined {
  const host = useRendererHost();
  return useResource<Collection<Named>>(host, endpoint)?.['hydra:member'];
}

/**
 * One user per type (a user's approver per setting type, a group's person in charge per pic
 * type): a row per type with a user picker (search, infinite scroll). Rows decided by a
 * background group (`lockedEndpoint`) are shown locked with the group's name; the server
 * refuses another choice there too. Approvers who are authorizers carry the badge.
 */
export function TypedUsersField(props: FieldProps): ReactNode {
  const ctx = formContextOf(props.registry, 'TypedUsersField');
  const { host } = ctx;
  const text = useWidgetText();
  const styles = useStyles();
  const options = readTypedUsersOptions(props.uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const types = useTypes(options.typesEndpoint);
  const rows = rowsOf(props.formData);
  const lockedPath = options.lockedEndpoint ? fillEndpoint(options.lockedEndpoint, ctx.formData) : null;
  const locked = useResource<Collection<LockedSetting>>(host, lockedPath)?.['hydra:member'] ?? [];
  const userOf = (typeId: number) => {
    const lock = locked.find((l) => l.setting_type_id === typeId);
    return lock ? lock.approver_id : rows.find((r) => r[options.typeKey] === typeId)?.[options.userKey] ?? null;
  };
  const users = useUserNames((types ?? []).map((t) => userOf(t.id)).filter((id): id is number => id !== null));
  const readOnly = Boolean(props.disabled || props.readonly || ctx.readOnly);
  const fieldLabel = useFieldLabel(ctx.module);

  const choose = async (type: Named) => {
    const result = await host.openPage<PickerItem | PickerItem[]>(type.name, (close) => (
      <PickerPage host={host} endpoint={options.usersEndpoint} label={(u) => String(u.name ?? u.id)} close={close} />
    ));
    if (!result || Array.isArray(result)) return;
    const next: TypedUserRow[] = [...rows.filter((r) => r[options.typeKey] !== type.id), { [options.typeKey]: type.id, [options.userKey]: result.id }];
    props.onChange(next.sort((a, b) => Number(a[options.typeKey]) - Number(b[options.typeKey])), props.fieldPathId.path);
  };

  if (!types) return <Text>{text('loading')}</Text>;
  return (
    <fieldset className={styles.root} id={props.fieldPathId.$id}>
      <legend><Text weight="semibold">{fieldLabel(props.name)}</Text></legend>
      {types.map((type) => {
        const lock = locked.find((l) => l.setting_type_id === type.id);
        const userId = userOf(type.id);
        const user = userId === null ? undefined : users.get(userId);
        const id = `${props.fieldPathId.$id}-${type.id}`;
        return (
          <div key={type.id} className={styles.row}>
            <Label htmlFor={id}>{type.name}</Label>
            <Button id={id} className={styles.button} appearance="outline" disabled={readOnly || Boolean(lock)} onClick={() => choose(type)}>
              {userId === null ? text('choose') : (user?.name ?? '…')}
              {user?.is_authorizer ? <Badge appearance="tint">{text('typedUsers.authorizerBadge')}</Badge> : null}
            </Button>
            {lock && <Text size={200} className={styles.hint}>{text('typedUsers.locked', { name: lock.background?.name ?? '' })}</Text>}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Read-only: "Type: name" per chosen row. */
export function TypedUsersDisplay({ value, options: ui }: DisplayProps): ReactNode {
  const options = readTypedUsersOptions(ui);
  const types = useTypes(options.typesEndpoint);
  const rows = rowsOf(value).filter((r) => r[options.userKey] !== null && r[options.userKey] !== undefined);
  const users = useUserNames(rows.map((r) => Number(r[options.userKey])));
  const format = useFormatText();
  if (rows.length === 0) return <span>-</span>;
  return (
    <ul>
      {rows.map((r) => (
        <li key={String(r[options.typeKey])}>
          {format.labelValue(types?.find((t) => t.id === r[options.typeKey])?.name ?? '…', users.get(Number(r[options.userKey]))?.name ?? '…')}
        </li>
      ))}
    </ul>
  );
}

