import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import type { RegistryEntry } from '../registry-types';
import { BaseInputTemplate } from './BaseInputTemplate';
import { CheckboxWidget, CheckboxesWidget, RadioWidget, SelectWidget, SwitchWidget } from './choice-widgets';
import { DateWidget, MaskedDateWidget } from './date-widgets';
import { BooleanDisplay, DateDisplay, EnumDisplay, MoneyDisplay, MultiEnumDisplay, TextDisplay } from './displays';
import { FieldTemplate } from './FieldTemplate';
import { MoneyWidget, NumberWidget } from './number-widgets';
import { ArrayFieldTemplate, ErrorListTemplate, ObjectFieldTemplate } from './templates';
import { HiddenWidget, TextareaWidget, TextWidget } from './text-widgets';

/**
 * The built-in entries of Ringi's Fluent v9 theme, by the names UI schemas use
 * (`src/engine/definitions/widget-names.ts` lists the same names without React).
 */
export const themeEntries = {
  text: { component: TextWidget, kind: 'widget', Display: TextDisplay },
  textarea: { component: TextareaWidget, kind: 'widget', Display: TextDisplay },
  number: { component: NumberWidget, kind: 'widget', Display: TextDisplay },
  money: { component: MoneyWidget, kind: 'widget', Display: MoneyDisplay },
  select: { component: SelectWidget, kind: 'widget', Display: EnumDisplay },
  checkbox: { component: CheckboxWidget, kind: 'widget', Display: BooleanDisplay },
  switch: { component: SwitchWidget, kind: 'widget', Display: BooleanDisplay },
  radio: { component: RadioWidget, kind: 'widget', Display: EnumDisplay },
  checkboxes: { component: CheckboxesWidget, kind: 'widget', Display: MultiEnumDisplay },
  date: { component: DateWidget, kind: 'widget', Display: DateDisplay },
  maskedDate: { component: MaskedDateWidget, kind: 'widget', Display: DateDisplay },
  hidden: { component: HiddenWidget, kind: 'widget' },
} satisfies Record<string, RegistryEntry>;

/**
 * The theme as data, shaped like rjsf `generateTheme()`: usable with `withTheme()` from
 * @rjsf/core as well as by Ringi's own form renderer. rjsf's lower-case default widget names
 * (`TextWidget`…) are mapped too so rjsf's own fields pick Fluent widgets.
 */
export const ringiTheme: {
  widgets: RegistryWidgetsType;
  templates: Partial<TemplatesType>;
  fields: Record<string, never>;
} = {
  widgets: {
    ...Object.fromEntries(Object.entries(themeEntries).map(([name, entry]) => [name, entry.component])),
    TextWidget,
    TextareaWidget,
    SelectWidget,
    CheckboxWidget,
    CheckboxesWidget,
    RadioWidget,
    DateWidget,
    HiddenWidget,
    updown: NumberWidget,
  } as RegistryWidgetsType,
  templates: { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ErrorListTemplate },
  fields: {},
};

export { MONEY_MAX_LENGTH } from './number-widgets';
export { applyDateMask } from './date-widgets';
