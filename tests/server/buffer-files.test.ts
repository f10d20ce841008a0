import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

// A submission may only point at files its author may read (their own uploads): someone else's
// upload or an unknown id is a 422 and nothing is stored.
let t: TestApp;
let employee: string;
let approver: string;
let body: () => Record<string, unknown>;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(token: string): Promise<number> {
  const boundary = '----ringi-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\npurchase-photo\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST', url: '/api/files', payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  employee = await t.login('employee@example.com');
  approver = await t.login('approver@example.com');
  const currency = await t.db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow();
  const company = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const department = await t.db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const steps = await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'processes.approver_role']).where('module_code', '=', 'purchase').orderBy('position').execute();
  const approverId = (await t.db.selectFrom('users').select('id').where('email', '=', 'approver@example.com').executeTakeFirstOrThrow()).id;
  const authorizerId = (await t.db.selectFrom('users').select('id').where('email', '=', 'authorizer@example.com').executeTakeFirstOrThrow()).id;
  body = () => ({
    send_notification_first_approval: true, save_approvers: false, user_finances: [],
    approvals: steps.map((s) => ({ approver_id: s.optional ? null : s.approver_role === 'authorizer' ? authorizerId : approverId, master_process_id: s.id })),
    currency_id: currency.id, company_id: company.id, department_id: department.id,
    purchase_goods: [{ department_id: department.id, delivery_date: '2026-12-01', goods_name: 'Laptop', qty: 1, budget: 100 }],
    total_estimated: 100,
  });
});
afterAll(async () => t?.close());

const submit = (payload: Record<string, unknown>) => t.app.inject({
  method: 'POST', url: '/api/buffer/purchase', payload, headers: { authorization: `Bearer ${employee}`, 'accept-language': 'en' },
});
const withPhotos = (ids: number[]) => {
  const b = body();
  (b.purchase_goods as Array<Record<string, unknown>>)[0].purchase_goods_photo = ids;
  return b;
};
const count = async () => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('file ids in a submission', () => {
  it('files a document that references the author\'s own upload', async () => {
    const own = await upload(employee);
    const response = await submit(withPhotos([own]));
    expect(response.statusCode).toBe(201);
  });

  it('refuses someone else\'s upload and an unknown file id, storing nothing', async () => {
    const foreign = await upload(approver);
    const before = await count();
    for (const ids of [[foreign], [999999]]) {
      const response = await submit(withPhotos(ids));
      expect(response.statusCode).toBe(422);
      expect(response.json().violations).toEqual([
        expect.objectContaining({ propertyPath: 'purchase_goods[0].purchase_goods_photo[0]', message: 'A file of this document does not exist or was uploaded by someone else: upload it again' }),
      ]);
    }
    expect(await count()).toBe(before);
  });
});
