import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readToken } from './app/api';
import { i18nReady } from './app/i18n';
import { tabFromPath } from './app/navigation';
import { isResetPasswordLink } from './app/shell/Shell';
import { preloadFirstScreen } from './app/shell/roots';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first screen's page chunk loads alongside the language's texts, not after them.
const signedIn = Boolean(readToken());
const firstScreen = preloadFirstScreen(signedIn, tabFromPath(window.location.pathname), isResetPasswordLink());
// The stored language's texts are a small chunk of their own: render once they are in.
// A failed load still renders (keys instead of texts) rather than a blank page. Without a session
// the static first screen of index.html stays until the login page can replace it in one step;
// with one, React starts at once (its session check must not wait for the Home chunk).
await Promise.all([i18nReady.catch(() => undefined), signedIn ? undefined : firstScreen]);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
