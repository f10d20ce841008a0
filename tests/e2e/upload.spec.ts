import { expect, test } from '@playwright/test';
import { engineEn, moduleTexts, openHome, openModule, pick } from './application-helpers';
import { loginAs, readLocale, TOKEN_KEY } from './helpers';

type ServerTexts = { files: Record<string, string> };
const serverEn = readLocale<ServerTexts>('en', 'server');

/** What the page's upload returned: status and JSON body. */
interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Uploads bytes from inside the logged-in page, exactly as the web app's API client does
 * (multipart `file` + `document_type`, bearer token from localStorage, English messages).
 */
async function uploadFromPage(page: import('@playwright/test').Page, name: string, bytes: number[], mime: string): Promise<UploadAnswer> {
  return page.evaluate(async ({ name, bytes, mime, tokenKey }) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type: mime }));
    form.append('document_type', 'e-invoice');
    const reply = await fetch('/api/files', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${localStorage.getItem(tokenKey)}`, 'accept-language': 'en' },
    });
    return { status: reply.status, body: await reply.json() };
  }, { name, bytes, mime, tokenKey: TOKEN_KEY });
}

/** A small, valid one-page PDF, generated here. */
function pdf(): number[] {
  const text = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
    + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return [...Buffer.from(text, 'latin1')];
}

/** A Windows executable's first bytes (MZ header) — to be renamed .pdf. */
function exe(): number[] {
  return Array.from(Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(240)]));
}

/** A 1×1 PNG. */
const png = [...Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')];

test.describe('file upload', () => {
  test('a real PDF is accepted and opens from its signed link without the bearer header', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    const answer = await uploadFromPage(page, 'receipt.pdf', pdf(), 'application/pdf');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'receipt.pdf', formated_name: 'receipt.pdf', type: 'pdf', document_type: 'e-invoice', size_string: `${pdf().length} B` });
    const url = String(answer.body.url);
    const opened = await page.evaluate(async (link) => {
      const reply = await fetch(link);
      return { status: reply.status, type: reply.headers.get('content-type'), nosniff: reply.headers.get('x-content-type-options'), size: (await reply.arrayBuffer()).byteLength };
    }, url);
    expect(opened).toEqual({ status: 200, type: 'application/pdf', nosniff: 'nosniff', size: pdf().length });
  });

  test('an .exe renamed .pdf is refused with a clear message', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    const answer = await uploadFromPage(page, 'invoice.pdf', exe(), 'application/pdf');
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: serverEn.files.mismatch.replace('{{name}}', 'invoice.pdf') });
  });

  test('an uploaded image shows in an <img> through its signed link', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    const answer = await uploadFromPage(page, 'dot.png', png, 'image/png');
    expect(answer.status).toBe(201);
    const width = await page.evaluate((link) => new Promise<number>((resolve) => {
      const img = document.createElement('img');
      img.onload = () => resolve(img.naturalWidth);
      img.onerror = () => resolve(-1);
      img.src = link;
      document.body.append(img);
    }), String(answer.body.url));
    expect(width).toBe(1);
  });
});

test.describe('file upload through the purchase goods form', () => {
  const purchase = moduleTexts('purchase');

  test('a PDF photo is listed on the goods page; an .exe renamed .pdf is refused with the server\'s message', async ({ page, request }) => {
    await openHome(page, request);
    await openModule(page, purchase.title);
    // the goods list opens once company and department are chosen
    await pick(page, purchase.company_id.label, 'Ringi Holdings');
    await pick(page, purchase.department_id.label, 'Sales');
    await page.getByRole('button', { name: engineEn.widgets.items.add }).click();
    await expect(page.getByRole('heading', { level: 1, name: purchase.purchase_goods.itemTitle.replace('{{n}}', '1') })).toBeVisible();
    const input = page.locator('input[type=file]');
    await expect(input).toHaveCount(1);
    await input.setInputFiles({ name: 'goods-photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf()) });
    await expect(page.getByText('goods-photo.pdf')).toBeVisible();
    await input.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from(exe()) });
    // the app's API client toasts the server's message (spec 000 §8)
    await expect(page.locator('.fui-ToastTitle').getByText(serverEn.files.mismatch.replace('{{name}}', 'invoice.pdf'))).toBeVisible();
    await expect(page.getByText('invoice.pdf', { exact: true })).toHaveCount(0);
  });
});
