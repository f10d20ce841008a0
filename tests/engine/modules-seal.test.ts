/**
 * The corporate-seal definition (spec 001 §2, §3, §5): purposes ticked in the form travel as
 * the spec's comma-joined `purpose`, the three borrow-stamp agreements appear (and must all be
 * ticked) only when the purpose includes borrowing the stamp.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, computeFormData, createRuntime, createTranslate, validateSubmission, type CompiledModule, type Translate } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let seal: CompiledModule;
let t: Translate;
const agreed = { purpose_only: true, keep_safe: true, return_on_time: true };
const none = { purpose_only: false, keep_safe: false, return_on_time: false };

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  seal = compileModules(files).modules['corporate-seal'];
  t = createTranslate(files.locales, 'en');
});

describe('corporate-seal', () => {
  it('needs a stamp number; its contract party is chosen among external companies', () => {
    expect(seal.meta).toMatchObject({ needsStampNo: true, codePrefix: 'CSL', bodyKey: null });
    expect(seal.uiSchema.contract_party_id).toMatchObject({ 'ui:widget': 'CompanyPicker', 'ui:options': { scope: 'external' } });
    expect(seal.uiSchema.document_plan_files).toMatchObject({ 'ui:options': { documentType: 'corporate-seal-plan' } });
  });

  it('offers the seven purposes of the spec', () => {
    expect(((seal.schema.properties as any).purpose_keys.items.enum)).toEqual([
      'borrow_stamp', 'borrow_id_original', 'use_electronic_id_data', 'use_photocopy_id', 'authorize_deed', 'signature', 'without_stamp',
    ]);
  });

  it.each<[unknown, unknown, string | null]>([
    [['signature'], null, 'signature'],
    [['borrow_stamp', 'signature', 'without_stamp'], null, 'borrow_stamp,signature,without_stamp'],
    [[], 'signature', ''],
    [undefined, 'authorize_deed,signature', 'authorize_deed,signature'],
  ])('purpose_keys %j (purpose %j) → purpose %j', (keys, purpose, expected) => {
    const data: Record<string, unknown> = { purpose };
    if (keys !== undefined) data.purpose_keys = keys;
    expect(computeFormData(seal, data).purpose).toBe(expected);
  });

  it('the body carries the comma-joined purpose', () => {
    const runtime = createRuntime(seal);
    const data = runtime.applyChange({ purpose_keys: [] }, { purpose_keys: ['use_photocopy_id', 'signature'] });
    expect(buildSubmitPayload(seal, data)).toMatchObject({ purpose: 'use_photocopy_id,signature', purpose_keys: ['use_photocopy_id', 'signature'] });
  });

  it('shows the agreements only while borrowing the stamp is a purpose', () => {
    const runtime = createRuntime(seal);
    expect(runtime.visibility({ purpose_keys: ['borrow_stamp'] }).borrow_agreements).toBe(true);
    expect(runtime.visibility({ purpose_keys: ['signature'] }).borrow_agreements).toBe(false);
    expect(runtime.visibility({}).borrow_agreements).toBe(false);
  });

  it('unticking "borrow stamp" clears the agreements; other changes keep them', () => {
    const runtime = createRuntime(seal);
    const prev = { purpose_keys: ['borrow_stamp', 'signature'], borrow_agreements: agreed };
    expect(runtime.applyChange(prev, { ...prev, purpose_keys: ['signature'] }).borrow_agreements).toEqual(none);
    expect(runtime.applyChange(prev, { ...prev, purpose_keys: ['borrow_stamp'] }).borrow_agreements).toEqual(agreed);
  });

  it('blocks submit with one message until all three agreements are ticked (the spec disables submit instead)', () => {
    const body = {
      type_id: 1, purpose: 'borrow_stamp', stamped_party_full_name: 'G', contract_party_id: 2, document_plan_files: [1],
      approvals: [{ approver_id: 3, master_process_id: 1 }],
    };
    const steps = [{ id: 1, optional: false }];
    const messages = (agreements: unknown) => validateSubmission(seal, { ...body, borrow_agreements: agreements }, { steps }, t).map((v) => v.message);
    expect(messages(none)).toEqual(['Please tick all three agreements to borrow the stamp']);
    expect(messages({ ...agreed, return_on_time: false })).toEqual(['Please tick all three agreements to borrow the stamp']);
    expect(messages(agreed)).toEqual([]);
  });
});
