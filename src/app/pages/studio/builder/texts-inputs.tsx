import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BUILDER_LANGS, type Texts } from '../../../../engine';

/** An empty text in every language. */
export const emptyTexts = (): Texts => ({ en: '', ja: '', zh: '' });

/**
 * One text in en, ja and zh: three inputs named "<label> (en)", "(ja)", "(zh)" so a person (and
 * a screen reader) knows which language each holds.
 */
export function TextsInputs({ label, value, onChange, required }: { label: string; value: Texts; onChange(next: Texts): void; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {BUILDER_LANGS.map((lang) => (
        <Field key={lang} label={t('studio.builder.inLang', { label, lang })} required={required}>
          <Input lang={lang} value={value[lang]} onChange={(_, d) => onChange({ ...value, [lang]: d.value })} />
        </Field>
      ))}
    </>
  );
}
