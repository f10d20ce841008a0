import { Select } from '@fluentui/react-components';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../session/session-context';
import { LANGUAGES, toLanguage } from './languages';
import { setLanguage } from './i18n';
import type { LanguageBody } from '../../wire/auth';

/**
 * The toolbar's language picker. Each option shows the language in its own script
 * (English, 日本語, 中文) so a user can find theirs whatever the current language is. Signed
 * in, the choice is also stored on the server (`PUT /profile/language`): mails follow it.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const session = useContext(SessionContext);
  const choose = (value: string) => {
    const language = toLanguage(value);
    void setLanguage(language);
    // Signed in: the server keeps the choice, so mails to this user are written in it.
    if (session?.status === 'authenticated') void session.api.put('/profile/language', { language } satisfies LanguageBody, { ringiSilent: true }).catch(() => {});
  };
  return (
    <Select
      size="small"
      aria-label={t('app.language.label')}
      value={toLanguage(i18n.language)}
      onChange={(_, data) => choose(data.value)}
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
