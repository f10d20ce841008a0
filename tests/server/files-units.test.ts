import { describe, expect, it } from 'vitest';
import { contentDisposition, wantsJson } from '../../server/routes/files/reply-helpers';
import { fileFieldNames } from '../../server/files/file-field-names';
import { formatFileSize } from '../../src/engine';
import { formattedName, kindOf, safeFileName } from '../../server/files/file-record';
import { signFileToken, verifyFileToken } from '../../server/files/file-url-token';
import { uploadMaxBytes } from '../../server/files/upload-max-bytes';
import { readZipEntries } from '../../server/files/zip-entries';
import type { CompiledModule } from '../../src/engine';
import { zipOf } from './files-fixtures';

describe('file record helpers', () => {
  it.each([[0, '0 B'], [1023, '1023 B'], [1024, '1 KB'], [1536, '1.5 KB'], [10 * 1024 + 300, '10.3 KB'], [20 * 1024 * 1024, '20 MB'], [5 * 1024 ** 3, '5 GB']])(
    'sizes %i bytes as %s (1024-based)', (bytes, text) => expect(formatFileSize(bytes)).toBe(text),
  );

  it('shortens names to 50 characters keeping the extension', () => {
    expect(formattedName('short.pdf')).toBe('short.pdf');
    const long = `${'請求書'.repeat(20)}.pdf`;
    const short = formattedName(long);
    expect([...short]).toHaveLength(50);
    expect(short.endsWith('….pdf')).toBe(true);
  });

  it('keeps only a safe last path segment of a user-given name', () => {
    expect(safeFileName('C:\\Users\\me\\scan.pdf', 'pdf')).toBe('scan.pdf');
    expect(safeFileName('../../x".pdf', 'pdf')).toBe('x.pdf');
    expect(safeFileName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf');
    expect(safeFileName('..', 'png')).toBe('file.png');
    expect(safeFileName(undefined, 'png')).toBe('file.png');
  });

  it('maps MIME types to the spec\'s kinds', () => {
    expect(['image/webp', 'application/pdf', 'application/vnd.ms-excel', 'application/ofd', 'application/msword', 'application/zip'].map(kindOf))
      .toEqual(['image', 'pdf', 'spreadsheet', 'ofd', 'other', 'zip']);
  });

  it('sends the stored name safely in Content-Disposition, downloading what a browser should not render', () => {
    expect(contentDisposition('a"b;c.pdf', 'application/pdf')).toBe('inline; filename="a_b_c.pdf"; filename*=UTF-8\'\'a%22b%3Bc.pdf');
    expect(contentDisposition('sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').startsWith('attachment;')).toBe(true);
    expect([wantsJson('application/json, text/plain, */*'), wantsJson('text/html,*/*'), wantsJson(undefined)]).toEqual([true, false, false]);
  });
});

describe('signed file links', () => {
  const secret = 'test-secret-0123456789abcdef';
  it('work for their file until they expire, and only unchanged', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signFileToken(secret, 7, 3, now);
    expect(verifyFileToken(secret, 7, token, now + 9 * 60 * 1000)).toEqual({ userId: 3, issuedAt: now });
    expect(verifyFileToken(secret, 7, token, now + 10 * 60 * 1000)).toBeNull();
    expect(verifyFileToken(secret, 8, token, now)).toBeNull();
    expect(verifyFileToken('another-secret-0123456789', 7, token, now)).toBeNull();
    const [, expires, mac] = token.split('.');
    expect(verifyFileToken(secret, 7, `3.${Number(expires) + 3600}.${mac}`, now)).toBeNull();
  });
});

describe('zip central directory', () => {
  it('lists entry names without inflating anything', () => {
    const result = readZipEntries(zipOf({ 'OFD.xml': '<ofd/>', 'Doc_0/Document.xml': '<d/>' }));
    expect('entries' in result && result.entries.map((e) => e.name)).toEqual(['OFD.xml', 'Doc_0/Document.xml']);
  });

  it('refuses truncated directories, ZIP64 markers and bomb-like declared sizes', () => {
    const good = zipOf({ 'a.txt': 'hello' });
    expect(readZipEntries(good.subarray(0, good.length - 5))).toEqual({ problem: 'garbage' });
    const zip64 = Buffer.from(good);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 16);
    expect(readZipEntries(zip64)).toEqual({ problem: 'garbage' });
    expect(readZipEntries(zipOf({ 'a.txt': 'x'.repeat(1000) }, { uncompressedSize: 500 * 1024 * 1024 }))).toEqual({ problem: 'bomb' });
    expect(readZipEntries(Buffer.alloc(10))).toEqual({ problem: 'garbage' });
  });
});

describe('configuration and file fields', () => {
  it('reads UPLOAD_MAX_BYTES, refusing nonsense', () => {
    expect(uploadMaxBytes({})).toBe(20 * 1024 * 1024);
    expect(uploadMaxBytes({ UPLOAD_MAX_BYTES: '4096' })).toBe(4096);
    expect(() => uploadMaxBytes({ UPLOAD_MAX_BYTES: '20MB' })).toThrow(/UPLOAD_MAX_BYTES must be an integer/);
  });

  it('finds file fields in every definition: uploader widgets, their link item fields, and deal slips', () => {
    const module = (code: string, uiSchema: Record<string, unknown>) => ({ code, uiSchema, subForms: {} }) as unknown as CompiledModule;
    const names = fileFieldNames({
      payment: module('payment', {
        e_invoices: { 'ui:widget': 'FileUploader', 'ui:options': { linkToItems: 'transaction_items', itemField: 'item_e_invoices' } },
        currency_id: { 'ui:widget': 'CurrencyPicker' },
      }),
      goods: module('goods', { rows: { items: { photos: { 'ui:widget': 'FileUploader' } } } }),
    });
    expect(names).toEqual(['deal_slips', 'e_invoices', 'item_e_invoices', 'photos']);
  });
});
