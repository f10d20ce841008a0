import { Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from './languages';
import { setLanguage } from './i18n';

/**
 * The toolbar's language picker. Each option shows the language in its own script
 * (English, 日本語, 中文) so a user can find theirs whatever the current language is.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      size="small"
      aria-label={t('app.language.label')}
      value={toLanguage(i18n.language)}
      onChange={(_, data) => void setLanguage(toLanguage(data.value))}
      data-testid="language-picker"
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng}>
          {t(`app.language.${lng}`)}
        </option>
      ))}
    </Select>
  );
}
