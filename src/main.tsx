import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './app/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The stored language's texts are a small chunk of their own: render once they are in.
// A failed load still renders (keys instead of texts) rather than a blank page.
await i18nReady.catch(() => undefined);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
