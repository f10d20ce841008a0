import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readToken } from './app/api';
import { i18nReady } from './app/i18n';
import { installCopyWithoutJoiners } from './app/i18n/copy-without-joiners';
import { isResetPasswordLink } from './app/shell/Shell';
import { preloadFirstScreen } from './app/shell/roots';
import { markStart } from './start-watch';

markStart('main');

installCopyWithoutJoiners();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Without a session, the login page's chunk loads alongside the language's texts (not after them),
// and the static first screen of index.html stays until the login page can replace it in one step.
// With one, the shell preloads the tab's page once its session check has been sent.
const signedIn = Boolean(readToken()) && !isResetPasswordLink();
const firstScreen = signedIn ? undefined : preloadFirstScreen(false, null, isResetPasswordLink());
// The stored language's texts are a small chunk of their own: render once they are in.
// A failed load still renders (keys instead of texts) rather than a blank page.
await Promise.all([i18nReady.catch(() => undefined), firstScreen]);
markStart('texts');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
