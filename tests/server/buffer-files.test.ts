import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/engine/files/format-file-size';
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

describe('attachment limits of the kind at filing (attachments/<code>.json)', () => {
  /** The purchase-goods uploader's kind, read from the definitions (never spelled here). */
  async function photoKind() {
    const goods = t.app.definitions.modules['purchase-goods'];
    const documentType = ((goods.uiSchema.purchase_goods_photo as Record<string, unknown>)['ui:options'] as { documentType: string }).documentType;
    expect(documentType).toBe('purchase-photo');
    return goods.attachments![documentType];
  }
  const photoLabel = async () => t.app.definitions.translate('en')('purchase-goods.purchase_goods_photo.label');

  it('refuses a file above the kind\'s maxBytes (e.g. uploaded under another module\'s wider limit for the same type)', async () => {
    const kind = await photoKind();
    const big = await upload(employee);
    await t.db.updateTable('files').set({ size: kind.maxBytes + 1 }).where('id', '=', big).execute();
    const before = await count();
    const response = await submit(withPhotos([await upload(employee), big]));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'purchase_goods[0].purchase_goods_photo[1]', message: `"quote.pdf" is larger than the ${formatFileSize(kind.maxBytes)} allowed for ${await photoLabel()}` }),
    ]);
    expect(await count()).toBe(before);
  });
  it('refuses more files of a kind than its maxFiles on one form once a publish lowered it, storing nothing', async () => {
    // The schema still allows more (maxItems); the kind of the published version is what limits.
    const admin = await t.login('admin@example.com');
    const source = (await t.app.inject({ method: 'GET', url: '/api/module-definitions/purchase-goods/source', headers: { authorization: `Bearer ${admin}` } })).json();
    const documentType = source.uiSchema.purchase_goods_photo['ui:options'].documentType as string;
    source.attachments[documentType].maxFiles = 2;
    source.uiSchema.purchase_goods_photo['ui:options'].maxFiles = 2;
    const published = await t.app.inject({ method: 'PUT', url: '/api/module-definitions/purchase-goods', payload: source, headers: { authorization: `Bearer ${admin}` } });
    expect(published.statusCode).toBe(200);
    const ids = [await upload(employee), await upload(employee), await upload(employee)];
    const before = await count();
    const response = await submit(withPhotos(ids));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'purchase_goods[0].purchase_goods_photo', message: `${await photoLabel()}: at most 2 file(s) are allowed` }),
    ]);
    expect(await count()).toBe(before);
    expect((await photoKind()).maxFiles).toBe(2);
    expect((await submit(withPhotos(ids.slice(0, 2)))).statusCode).toBe(201);
  });
});
