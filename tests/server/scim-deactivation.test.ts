import { describe, expect, it } from 'vitest';
import { toApiDate } from '../../src/engine';
import type { TestApp } from './helpers';
import { insertDocument, type Auth, type Getter, type Poster, type Users, workflowSuite } from './workflow-fixtures';

// Deprovisioning keeps the record and moves the work (issue #34 item 6): a SCIM deactivation ends
// the person's sessions at once and moves their pending steps, in the same transaction, to their
// deputy or else the step's escalation target, with the reason on the timeline.
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
let token: string | undefined;
let counter = 0;

/** A SCIM token of Ringi Holdings, made by its group admin through the API. */
async function scimToken(): Promise<string> {
  if (token) return token;
  const rh = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const reply = await post('admin', '/api/scim_tokens', { company_id: rh.id, name: 'Entra ID' });
  expect(reply.statusCode).toBe(201);
  return (token = reply.json().token as string);
}
const patchUser = async (id: number, operations: unknown[]) => t.app.inject({
  method: 'PATCH', url: `/scim/v2/Users/${id}`, payload: JSON.stringify({ schemas: [PATCH_OP], Operations: operations }),
  headers: { authorization: `Bearer ${await scimToken()}`, 'content-type': 'application/scim+json' },
});
const deactivate = (id: number) => patchUser(id, [{ op: 'replace', path: 'active', value: false }]);

/** A purchase waiting at its first step (上長承認, escalating to the manager) for `candidates`. */
const waitingFor = (candidates: number[]) => insertDocument(t.db, {
  module: 'purchase', requester: users.employee.id, code: `SCIM-${(counter += 1)}`,
  steps: [{ process: 'p-manager', candidates }, { process: 'p-authorizer', candidates: [users.authorizer.id] }],
});
const candidatesOf = async (stepId: number) => (await t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', stepId).orderBy('user_id').execute()).map((c) => c.user_id);
/** The timeline of the document's step as the reader sees it (English). */
async function stepLog(reader: string, documentId: number, stepId: number): Promise<string[]> {
  const reply = await get(reader, `/api/buffers/${documentId}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().approvals.find((s: { id: number }) => s.id === stepId).approval_logs.map((l: { log_text: string }) => l.log_text);
}

describe('deactivation moves the pending steps and ends the sessions', () => {
  it('moves a waiting step to the deputy in the same transaction; the deactivated user\'s session gets 401', async () => {
    const principal = users.approver;
    const deputy = users['aiko.ito'];
    const today = toApiDate(new Date())!;
    expect((await post('approver', '/api/deputies', { deputy_id: deputy.id, from: today, to: today })).statusCode).toBe(201);
    const doc = await waitingFor([principal.id]);
    const later = await insertDocument(t.db, { module: 'purchase', requester: users.employee.id, code: `SCIM-${(counter += 1)}`,
      steps: [{ process: 'p-manager', candidates: [users['daichi.kato'].id] }, { process: 'p-director', candidates: [principal.id] }, { process: 'p-authorizer', candidates: [principal.id] }] });
    const session = await auth('approver');
    expect((await get('approver', '/api/profile')).statusCode).toBe(200);

    const reply = await deactivate(principal.id);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().active).toBe(false);
    // The old session ends on its next request.
    const profile = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${session}` } });
    expect(profile.statusCode).toBe(401);
    // Both the active step and the later one went to the deputy; the principal's candidacy is gone.
    expect(await candidatesOf(doc.steps[0])).toEqual([deputy.id]);
    expect(await candidatesOf(later.steps[1])).toEqual([deputy.id]);
    // The authorizer's step needs the authorizer role: neither the deputy nor the manager (another company) may take it, so it stays, saying so.
    expect(await candidatesOf(later.steps[2])).toEqual([principal.id]);
    expect(await stepLog('employee', later.id, later.steps[2])).toContain(`${principal.name} was deactivated, and nobody could take this step over`);
    expect(await stepLog('employee', doc.id, doc.steps[0])).toContain(`Moved to ${deputy.name}, the deputy of ${principal.name}, who was deactivated`);
    // The deputy finds it on their pending list and may approve it as themselves.
    const pending = (await get('aiko.ito', '/api/approvals/my?itemsPerPage=100')).json()['hydra:member'].map((i: { id: number }) => i.id);
    expect(pending).toContain(doc.steps[0]);
    const approve = await post('aiko.ito', `/api/approvals/${doc.steps[0]}/action`, { approve: true, send_email_push: false });
    expect(approve.statusCode, approve.body).toBe(200);
    // The record stays, with its name (attribution); a mail told the deputy.
    expect(await t.db.selectFrom('users').select(['name', 'disabled']).where('id', '=', principal.id).executeTakeFirst()).toEqual({ name: principal.name, disabled: true });
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', deputy.email).execute()).not.toHaveLength(0);
  });

  it('without a deputy moves the step to its escalation target (the manager) and says why; reactivation restores sign-in, not steps', async () => {
    const person = users['daichi.kato'];
    const manager = users.authorizer;
    expect((await patchUser(person.id, [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: String(manager.id) }])).statusCode).toBe(200);
    const doc = await waitingFor([person.id, users['zhang.wei'].id]);
    expect((await deactivate(person.id)).statusCode).toBe(200);
    expect(await candidatesOf(doc.steps[0])).toEqual([users['zhang.wei'].id, manager.id].sort((a, b) => a - b));
    expect(await stepLog('employee', doc.id, doc.steps[0])).toContain(`Moved to ${manager.name} (escalation target) because ${person.name} was deactivated`);

    const back = await patchUser(person.id, [{ op: 'replace', path: 'active', value: true }]);
    expect(back.json().active).toBe(true);
    expect((await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${await t.login(person.email)}` } })).statusCode).toBe(200);
    expect(await candidatesOf(doc.steps[0])).not.toContain(person.id);
  });

  it('where nobody can take the step, keeps it and the timeline says so', async () => {
    const person = users['zhang.wei'];
    await t.db.updateTable('users').set({ manager_id: null }).where('id', '=', person.id).execute();
    const doc = await waitingFor([person.id]);
    expect((await deactivate(person.id)).statusCode).toBe(200);
    expect(await candidatesOf(doc.steps[0])).toEqual([person.id]);
    expect(await stepLog('employee', doc.id, doc.steps[0])).toContain(`${person.name} was deactivated, and nobody could take this step over`);
  });

  it('a refused deactivation (bad operation after it) changes nothing: the user stays active and the steps stay', async () => {
    const person = users['mei.nakamura'];
    const doc = await waitingFor([person.id]);
    const reply = await patchUser(person.id, [{ op: 'replace', path: 'active', value: false }, { op: 'replace', path: 'nope', value: 1 }]);
    expect(reply.statusCode).toBe(400);
    expect((await t.db.selectFrom('users').select('disabled').where('id', '=', person.id).executeTakeFirstOrThrow()).disabled).toBe(false);
    expect(await candidatesOf(doc.steps[0])).toEqual([person.id]);
    expect(await t.db.selectFrom('approval_logs').select('id').where('buffer_id', '=', doc.id).execute()).toHaveLength(0);
  });
});
