import type { RegistryEntry } from '../registry-types';
import {
  BankAccountPicker,
  CompanyPicker,
  ContractTypePicker,
  DepartmentPicker,
  EvidenceTypePicker,
  ExpenseAccountPicker,
  FinanceUsersPicker,
  FrequencyPicker,
  LocationPicker,
  SealTypePicker,
  UserPicker,
} from './pickers';
import { TypedUsersDisplay, TypedUsersField } from './typed-users/TypedUsersField';
import { CurrencyDisplay, CurrencyPickerWidget } from './CurrencyPickerWidget';
import { PeriodDisplay, PeriodPickerWidget } from './period/PeriodPickerWidget';
import { FileUploaderDisplay, FileUploaderWidget } from './file-uploader/FileUploaderWidget';
import { ItemListDisplay } from './item-list/ItemListDisplay';
import { ItemListField } from './item-list/ItemListField';
import { ProcessCardDisplay } from './process-card/ProcessCardDisplay';
import { ProcessCardField } from './process-card/ProcessCardField';
import { RelatedApprovalDisplay, RelatedApprovalPickerWidget } from './related-approval/RelatedApprovalPickerWidget';
import { RelatedItemsDisplay, RelatedItemsField } from './related-approval/RelatedItemsField';
import { SupplierAccountDisplay, SupplierAccountSearchField } from './supplier-account/SupplierAccountSearchField';
import { InvoiceRegistrationNoDisplay, InvoiceRegistrationNoWidget } from './invoice-registration/InvoiceRegistrationNoWidget';
import { NextStampNumberDisplay, NextStampNumberWidget } from './stamp-number/NextStampNumberWidget';
import { PositionSelectDisplay, PositionSelectWidget } from './position/PositionSelectWidget';

const picker = (pair: { Widget: RegistryEntry['component']; Display: NonNullable<RegistryEntry['Display']> }): RegistryEntry => ({
  component: pair.Widget,
  kind: 'widget',
  Display: pair.Display,
});

/** Ringi's custom widgets and fields by name (pickers, item lists, uploaders, process card). */
export const customRegistry: Record<string, RegistryEntry> = {
  CurrencyPicker: { component: CurrencyPickerWidget, kind: 'widget', Display: CurrencyDisplay },
  CompanyPicker: picker(CompanyPicker),
  DepartmentPicker: picker(DepartmentPicker),
  LocationPicker: picker(LocationPicker),
  FinanceUsersPicker: picker(FinanceUsersPicker),
  ExpenseAccountPicker: picker(ExpenseAccountPicker),
  BankAccountPicker: picker(BankAccountPicker),
  ContractTypePicker: picker(ContractTypePicker),
  FrequencyPicker: picker(FrequencyPicker),
  SealTypePicker: picker(SealTypePicker),
  EvidenceTypePicker: picker(EvidenceTypePicker),
  PeriodPicker: { component: PeriodPickerWidget, kind: 'widget', Display: PeriodDisplay },
  ProcessCard: { component: ProcessCardField, kind: 'field', Display: ProcessCardDisplay },
  ItemList: { component: ItemListField, kind: 'field', Display: ItemListDisplay },
  FileUploader: { component: FileUploaderWidget, kind: 'widget', Display: FileUploaderDisplay },
  RelatedApprovalPicker: { component: RelatedApprovalPickerWidget, kind: 'widget', Display: RelatedApprovalDisplay },
  RelatedItemsField: { component: RelatedItemsField, kind: 'field', Display: RelatedItemsDisplay },
  SupplierAccountSearch: { component: SupplierAccountSearchField, kind: 'field', Display: SupplierAccountDisplay },
  NextStampNumber: { component: NextStampNumberWidget, kind: 'widget', Display: NextStampNumberDisplay },
  UserPicker: picker(UserPicker),
  TypedUsersField: { component: TypedUsersField, kind: 'field', Display: TypedUsersDisplay },
  InvoiceRegistrationNo: { component: InvoiceRegistrationNoWidget, kind: 'widget', Display: InvoiceRegistrationNoDisplay },
  PositionSelect: { component: PositionSelectWidget, kind: 'widget', Display: PositionSelectDisplay },
};

export { PickerPage } from './picker/PickerPage';
export type { PickerPageProps } from './picker/PickerPage';
export { createPickerWidget } from './picker/create-picker-widget';
export type { PickerOptions } from './picker/picker-options';
