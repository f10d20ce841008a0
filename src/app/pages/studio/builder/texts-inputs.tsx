import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BUILDER_LANGS, type Texts } from '../../../../engine';

/** An empty text in every language. */
export const emptyTexts = (): Texts => ({ en: '', ja: '', zh: '' });

/**
 * One text in en, ja and zh: three inputs named "<label> (en)", "(ja)", "(zh)" so a person (and
 * a screen reader) knows which language each holds. `error` (the dialog's refusal of this text)
 * marks the blank inputs and is said beside the first of them (all three when none is blank).
 */
export function TextsInputs({ label, value, onChange, required, error }: { label: string; value: Texts; onChange(next: Texts): void; required?: boolean; error?: string }) {
  const { t } = useTranslation();
  const blank = BUILDER_LANGS.filter((lang) => !value[lang]?.trim());
  const marked = error ? (blank.length ? blank : BUILDER_LANGS) : [];
  return (
    <>
      {BUILDER_LANGS.map((lang) => (
        <Field
          key={lang}
          label={t('studio.builder.inLang', { label, lang })}
          required={required}
          validationState={marked.includes(lang) ? 'error' : 'none'}
          validationMessage={marked[0] === lang ? error : undefined}
        >
          <Input lang={lang} value={value[lang]} onChange={(_, d) => onChange({ ...value, [lang]: d.value })} />
        </Field>
      ))}
    </>
  );
}
