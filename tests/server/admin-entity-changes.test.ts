import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { type Users, workflowSuite, type Getter, type Poster } from './workflow-fixtures';
import { approveEveryStep, companyRefs, stepIds, userPayload, wrapperFor } from './admin-fixtures';

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
workflowSuite((suite) => ({ t, users, post, get } = suite));

const approveAll = (documentId: number) => approveEveryStep(t.db, post, documentId);

const userByEmail = (email: string) => t.db.selectFrom('users').select(['id', 'disabled', 'company_id', 'name'])
  .where('email', '=', email).executeTakeFirst();

describe('apply on completion: users', () => {
  it('creates nothing while pending; on completion creates the user, who sets a password through the invitation and logs in', async () => {
    const body = await userPayload(t.db, users, 'RT', { name: 'Nao Fujita' });
    const filed = await post('admin', '/api/buffer/users', body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().status).toBe(0);
    expect(await userByEmail(body.user.email)).toBeUndefined();
    const pendingLogin = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: body.user.email, password: 'whatever-123' } });
    expect(pendingLogin.statusCode).toBe(401);

    await approveAll(filed.json().id);
    const created = await userByEmail(body.user.email);
    expect(created).toMatchObject({ disabled: false, name: 'Nao Fujita' });
    const buffer = await t.db.selectFrom('buffers').select(['status', 'target_id', 'action']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(buffer).toEqual({ status: 2, target_id: created!.id, action: 'create' });

    const mail = await t.db.selectFrom('mail_outbox').select(['text', 'subject']).where('to_address', '=', body.user.email).executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const noPassword = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: body.user.email, password: 'new-password-1' } });
    expect(noPassword.statusCode).toBe(401);
    const set = await t.app.inject({ method: 'POST', url: '/api/reset_password', payload: { token, password: 'new-password-1' } });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const again = await t.app.inject({ method: 'POST', url: '/api/reset_password', payload: { token, password: 'other-password-2' } });
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: body.user.email, password: 'new-password-1' } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('a rejected or withdrawn request leaves no trace in the organisation data', async () => {
    const rejected = await userPayload(t.db, users, 'RH');
    const filed = await post('employee', '/api/buffer/users', rejected);
    expect(filed.statusCode, filed.body).toBe(201);
    const [first] = await stepIds(t.db, filed.json().id);
    expect((await post('approver', `/api/approvals/${first}/action`, { approve: false })).statusCode).toBe(200);
    expect(await userByEmail(rejected.user.email)).toBeUndefined();

    const withdrawn = await userPayload(t.db, users, 'RH');
    const second = await post('employee', '/api/buffer/users', withdrawn);
    expect((await post('employee', '/api/buffer/withdrawal', { buffer_id: second.json().id })).statusCode).toBe(200);
    expect(await userByEmail(withdrawn.user.email)).toBeUndefined();
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', 'in', [rejected.user.email, withdrawn.user.email]).execute()).toEqual([]);
  });

  it('two racing final approvals: one wins, the other gets 409, the user is created once', async () => {
    const body = await userPayload(t.db, users, 'RH', { name: 'Race Case' });
    // Filed by the employee: admin is a candidate of the last step, and nobody approves their own request.
    const filed = (await post('employee', '/api/buffer/users', { ...body, approvals: [
      ...(await wrapperFor(t.db, 'users', users, [[users.approver.id], [users.authorizer.id, users.admin.id]])).approvals,
    ] })).json();
    const [first, last] = await stepIds(t.db, filed.id);
    expect((await post('approver', `/api/approvals/${first}/action`, { approve: true })).statusCode).toBe(200);
    const answers = await Promise.all([
      post('authorizer', `/api/approvals/${last}/action`, { approve: true }),
      post('admin', `/api/approvals/${last}/action`, { approve: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', body.user.email).execute();
    expect(rows).toHaveLength(1);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', body.user.email).execute()).toHaveLength(1);
  });

  it('an edit while a delete is pending is refused with 409; the delete disables the user and ends their sessions', async () => {
    const target = users['daichi.kato'];
    const token = await t.login(target.email);
    const wrapper = await wrapperFor(t.db, 'users', users);
    const del = await post('employee', `/api/buffer/users/${target.id}/delete`, wrapper);
    expect(del.statusCode, del.body).toBe(201);
    const edit = await post('employee', `/api/buffer/users/${target.id}/edit`, await userPayload(t.db, users, 'RH', { email: target.email, name: 'Renamed' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('ILLEGAL_TRANSITION');
    const secondDelete = await post('admin', `/api/buffer/users/${target.id}/delete`, wrapper);
    expect(secondDelete.statusCode).toBe(409);

    const stored = await t.db.selectFrom('buffers').select('data').where('id', '=', del.json().id).executeTakeFirstOrThrow();
    expect((stored.data as Record<string, unknown>).email).toBe(target.email);
    await approveAll(del.json().id);
    expect((await userByEmail(target.email))?.disabled).toBe(true);
    const session = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect(session.statusCode).toBe(401);
    // The request itself stays readable to those involved.
    expect((await get('employee', `/api/buffers/${del.json().id}`)).statusCode).toBe(200);
    // The deleted user cannot be edited or deleted any more.
    expect((await post('employee', `/api/buffer/users/${target.id}/delete`, wrapper)).statusCode).toBe(404);
  });

  it('an edit takes effect on completion only', async () => {
    const target = users['aiko.ito'];
    const body = await userPayload(t.db, users, 'RH', { email: target.email, name: 'Aiko Ito-Sato' });
    const filed = await post('employee', `/api/buffer/users/${target.id}/edit`, body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await userByEmail(target.email))?.name).toBe('Aiko Ito');
    // The request records what it changes, old → new, for the approver to judge (unchanged fields are not listed).
    const requested = (await get('employee', `/api/buffer/${filed.json().id}/last-history`)).json();
    const changes = requested['hydra:member'].map((h: { field: string; old_value: unknown; value: unknown }) => [h.field, h.old_value, h.value]);
    expect(changes).toContainEqual(['name', 'Aiko Ito', 'Aiko Ito-Sato']);
    expect(changes.map(([field]: [string]) => field)).not.toContain('email');
    for (const [, before, after] of changes) expect(JSON.stringify(before)).not.toBe(JSON.stringify(after));
    await approveAll(filed.json().id);
    expect((await userByEmail(target.email))?.name).toBe('Aiko Ito-Sato');
  });
});

describe('apply on completion: companies and background groups', () => {
  it('an employee edits their company departments through approval', async () => {
    const refs = await companyRefs(t.db, 'RS');
    const before = await t.db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', refs.company).orderBy('id').execute();
    const locations = await t.db.selectFrom('locations').select(['id', 'address']).where('company_id', '=', refs.company).orderBy('id').execute();
    const body = { ...(await wrapperFor(t.db, 'companies', users)), name: 'Ringi Systems', locations, departments: [...before, { id: null, name: 'Research' }] };
    const filed = await post('kaito.yamada', `/api/buffer/companies/${refs.company}/edit`, body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await t.db.selectFrom('departments').select('id').where('company_id', '=', refs.company).execute()).toHaveLength(before.length);
    await approveAll(filed.json().id);
    const after = await t.db.selectFrom('departments').select('name').where('company_id', '=', refs.company).orderBy('id').execute();
    expect(after.map((d) => d.name)).toEqual([...before.map((d) => d.name), 'Research']);
  });

  it('a created company is external and gets its locations and departments', async () => {
    const body = { ...(await wrapperFor(t.db, 'companies', users)), name: 'Globex Trading', locations: [{ id: null, address: '1 Main St' }], departments: [{ id: null, name: 'Sales' }] };
    const filed = await post('employee', '/api/buffer/companies', body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await t.db.selectFrom('companies').select('id').where('name', '=', 'Globex Trading').executeTakeFirst()).toBeUndefined();
    await approveAll(filed.json().id);
    const company = await t.db.selectFrom('companies').select(['id', 'is_group', 'code']).where('name', '=', 'Globex Trading').executeTakeFirstOrThrow();
    expect(company.is_group).toBe(false);
    const external = (await get('employee', '/api/companies-external?itemsPerPage=100')).json();
    expect(external['hydra:member'].map((c: { id: number }) => c.id)).toContain(company.id);
  });

  it('a background group is created by a group admin and locks the approver it decides', async () => {
    const types = (await get('admin', '/api/pic_types')).json()['hydra:member'] as Array<{ id: number; setting_type_id: number | null }>;
    const rt = await companyRefs(t.db, 'RT');
    const legalType = types.find((p) => p.setting_type_id !== null && !['pic-authorizer', 'pic-finance'].includes((p as { code?: string }).code ?? ''))!;
    const body = { ...(await wrapperFor(t.db, 'backgrounds', users)), name: 'Legal desk', companies: [rt.company], background_pics: [{ pic_type_id: legalType.id, pic_id: users['sam.patel'].id }] };
    expect((await post('employee', '/api/buffer/backgrounds', body)).statusCode).toBe(403);
    const filed = await post('admin', '/api/buffer/backgrounds', body);
    expect(filed.statusCode, filed.body).toBe(201);
    await approveAll(filed.json().id);
    const list = (await get('admin', '/api/backgrounds?name=Legal')).json();
    expect(list['hydra:member'][0]).toMatchObject({ name: 'Legal desk', companies: [{ id: rt.company }], background_pics: [{ pic_id: users['sam.patel'].id }] });
    expect((await get('employee', '/api/backgrounds')).statusCode).toBe(403);
    const locks = (await get('employee', `/api/backgrounds/setting/${rt.company}`)).json()['hydra:member'];
    expect(locks).toContainEqual(expect.objectContaining({ setting_type_id: legalType.setting_type_id, approver_id: users['sam.patel'].id }));

    // Choosing another approver for the locked type is refused by the server.
    const target = users['liu.yang'];
    const body2 = await userPayload(t.db, users, 'RT', { email: target.email, name: 'Liu Yang', user_settings: [{ setting_type_id: legalType.setting_type_id, approver_id: users.legal.id }] });
    const refused = await post('admin', `/api/buffer/users/${target.id}/edit`, body2);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0]).toMatchObject({ propertyPath: 'user_settings[0].approver_id' });

    // A create request that leaves the locked type alone records the setting it will apply (the
    // form showed it locked; the request card showed '-' while only the choices were filed).
    const created = await post('admin', '/api/buffer/users', await userPayload(t.db, users, 'RT', { name: 'Kei Mori' }));
    expect(created.statusCode, created.body).toBe(201);
    const filedData = (await t.db.selectFrom('buffers').select('data').where('id', '=', created.json().id).executeTakeFirstOrThrow()).data as Record<string, unknown>;
    expect(filedData.user_settings).toContainEqual({ setting_type_id: legalType.setting_type_id, approver_id: users['sam.patel'].id });
    const detail = (await get('admin', `/api/buffers/${created.json().id}`)).json();
    expect(detail.data.user_settings).toEqual(filedData.user_settings);
    await approveAll(created.json().id);
    const applied = await t.db.selectFrom('user_settings').innerJoin('users', 'users.id', 'user_settings.user_id')
      .select(['setting_type_id', 'approver_id']).where('users.name', '=', 'Kei Mori').execute();
    expect(applied).toEqual(filedData.user_settings);
  });
});
