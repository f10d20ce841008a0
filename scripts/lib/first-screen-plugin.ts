import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { keepWordsTogether } from '../../src/engine/i18n/keep-words';

/** The languages and the two first screens a build writes (see `firstScreenFile`). */
export const FIRST_SCREEN_LANGUAGES = ['en', 'ja', 'zh'] as const;
export const FIRST_SCREEN_KINDS = ['login', 'splash', 'home'] as const;
export type FirstScreenKind = (typeof FIRST_SCREEN_KINDS)[number];

/** The file of a first screen beside index.html (index.html itself is the Japanese login: spec default). */
export function firstScreenFile(kind: FirstScreenKind, language: string): string {
  return `index.${kind}.${language}.html`;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The look of the shell's frame, toolbar, login page and splash as Fluent renders them (webLightTheme,
// 390 px phone): the static copy is replaced by React without anything moving (no layout shift).
// The spinner's rules (`.fs-spinner`) are index.html's own: the app's ProgressSpinner draws with them too.
const CSS = `
#root>.fs{min-height:100dvh;display:flex;justify-content:center;background:#f5f5f5}
.fs-frame{width:100%;max-width:480px;height:100dvh;display:flex;flex-direction:column;background:#fafafa;box-shadow:0 0 2px rgba(0,0,0,.12),0 4px 8px rgba(0,0,0,.14);overflow:hidden;font-family:'Segoe UI','Segoe UI Web (West European)',-apple-system,BlinkMacSystemFont,Roboto,'Helvetica Neue',sans-serif;font-size:14px;line-height:20px;color:#242424}
.fs-bar{display:flex;align-items:center;gap:8px;min-height:48px;padding:0 8px;background:#fff;border-bottom:1px solid #e0e0e0;flex-shrink:0}
.fs-bar h1{flex-grow:1;min-width:0;margin:0;padding-left:8px;font-size:16px;line-height:22px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fs-lang{position:relative;flex-shrink:0;box-sizing:border-box;width:77px;height:24px;padding:0 26px 0 8px;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px;background:#fff;font-size:12px;line-height:22px;white-space:nowrap}
.fs-lang svg{position:absolute;right:4px;top:3px;width:16px;height:16px;color:#616161}
.fs-page{display:flex;flex-direction:column;gap:16px;padding:16px;box-sizing:border-box}
.fs-page h2{margin:24px 0 .83em;text-align:center;font-size:24px;line-height:32px;font-weight:600}
.fs-form{display:flex;flex-direction:column;gap:12px}
.fs-label{display:block;padding:2px 0;margin-bottom:2px}
.fs-input{height:32px;box-sizing:border-box;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px;background:#fff}
.fs-link{color:#115ea3}
.fs-button{height:40px;box-sizing:border-box;border-radius:4px;background:#0f6cbd;color:#fff;font-size:16px;line-height:22px;font-weight:600;display:flex;align-items:center;justify-content:center}
.fs-page p{margin:24px 0 12px;text-align:center;font-size:12px;line-height:16px;color:#616161}
.fs-splash{flex-grow:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px}
.fs-brand{font-size:28px;line-height:36px;font-weight:700}
.fs-home{display:flex;flex-direction:column;padding:16px}
.fs-banner{border-radius:8px;padding:20px 16px;background-image:linear-gradient(135deg,#0f6cbd,#0c3b5e);color:#fff}
.fs-banner p{margin:0;font-size:20px;line-height:28px;font-weight:600}
`;

const CHEVRON =
  '<svg viewBox="0 0 20 20" aria-hidden="true"><path fill="currentColor" d="M15.85 7.65c.2.2.2.5 0 .7l-5.46 5.49a.55.55 0 0 1-.78 0L4.15 8.35a.5.5 0 1 1 .7-.7L10 12.8l5.15-5.16c.2-.2.5-.2.7 0"/></svg>';

type Texts = Record<string, unknown>;

function text(texts: Texts, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
  if (typeof value !== 'string') throw new Error(`first screen: locales app.json has no ${path}`);
  return escape(value);
}

function frame(texts: Texts, title: string, body: string): string {
  return (
    `<div class="fs" inert aria-busy="true"><div class="fs-frame">` +
    `<header class="fs-bar"><h1>${title}</h1><div class="fs-lang">${text(texts, 'language.' + String(texts.__lang))}${CHEVRON}</div></header>` +
    `${body}</div></div>`
  );
}

/** The login page as first painted (inert: typing waits for the real page a moment later). */
function loginMarkup(texts: Texts): string {
  const field = (label: string) => `<div><span class="fs-label">${text(texts, label)}</span><div class="fs-input"></div></div>`;
  return frame(
    texts,
    text(texts, 'login.title'),
    `<main><div class="fs-page"><h2>${text(texts, 'login.heading')}</h2><div class="fs-form">` +
      field('login.email') +
      field('login.password') +
      `<div class="fs-link">${text(texts, 'login.forgot')}</div><div class="fs-button">${text(texts, 'login.submit')}</div>` +
      `</div><p>${text(texts, 'login.footer')}</p></div></main>`,
  );
}

/** The session-check splash (a stored login is being checked). */
function splashMarkup(texts: Texts): string {
  return (
    `<div class="fs" inert aria-busy="true"><div class="fs-frame"><div class="fs-splash">` +
    `<div class="fs-brand">${text(texts, 'name')}</div><div class="fs-spinner"><i></i>${text(texts, 'splash')}</div>` +
    `</div></div></div>`
  );
}

/**
 * The session-check splash on Home's address: Home's bar and banner where Home paints them (the
 * banner is the largest text of a signed-in start), the check's progress below.
 */
function homeMarkup(texts: Texts): string {
  return frame(
    texts,
    text(texts, 'home.title'),
    `<div class="fs-home"><div class="fs-banner"><p>${text(texts, 'home.banner')}</p></div></div>` +
      `<div class="fs-splash"><div class="fs-spinner"><i></i>${text(texts, 'splash')}</div></div>`,
  );
}

const MARKUP: Record<FirstScreenKind, (texts: Texts) => string> = { login: loginMarkup, splash: splashMarkup, home: homeMarkup };

function variant(html: string, language: string, texts: Texts, kind: FirstScreenKind, preloads: string[] = []): string {
  const markup = MARKUP[kind](texts);
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  const out = html
    .replace('</head>', `${links}</head>`)
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${text(texts, 'documentTitle')}</title>`)
    .replace('</style>', `${CSS.replace(/\n/g, '')}</style>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (!out.includes(markup) || !out.includes('fs-frame{')) throw new Error('first screen: index.html has no <style> or no empty <div id="root"></div>');
  return out;
}

/**
 * The modules whose chunks a signed-in first screen starts (the app, the tab bar, the profile it
 * reads, and Home on Home's address), by their source path's end. The login page names none: its
 * HTML paints with nothing competing for a first visit's connection (the app loads after that
 * paint, boot.ts).
 */
const FIRST_SCREEN_MODULES: Record<FirstScreenKind, string[]> = {
  login: [],
  splash: ['/src/main.tsx', '/src/app/shell/TabBar.tsx', '/src/app/session/ProfileQuery.tsx'],
  home: ['/src/main.tsx', '/src/app/shell/TabBar.tsx', '/src/app/session/ProfileQuery.tsx', '/src/app/pages/home/HomePage.tsx'],
};

/**
 * The chunks a first screen's modules import statically (transitively), minus what the HTML
 * already names: listed as `modulepreload` links in its HTML, the browser fetches them while the
 * HTML paints, and the app's dynamic imports find them there instead of each appending its links
 * in a script task after the first paint (Vite's preload helper skips a link the page has). Home's
 * Lighthouse score 84 → 93 (median of 3, TBT 655 → 331 ms; docs/PERFORMANCE.md).
 */
function firstScreenPreloads(bundle: OutputBundle, kind: FirstScreenKind, html: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) visit(bundle[imported] as OutputChunk | undefined);
  };
  for (const end of FIRST_SCREEN_MODULES[kind]) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(end));
    if (!chunk) throw new Error(`first screen: no chunk for ${end}`);
    visit(chunk);
  }
  return [...files].filter((file) => !html.includes(`/${file}"`)).sort();
}

/**
 * Writes the first screen into the built index.html so it paints before any JavaScript runs
 * (the largest text of the page is then painted with the HTML): `index.html` is the login page in
 * Japanese (the spec's default language, a first visit), and `index.<login|splash|home>.<lang>.html`
 * the login page, the session-check splash, or that splash on Home's address, in each language. The server picks one by the
 * `ringi.first` cookie the app keeps (server/plugins/static.ts); React replaces it when it starts.
 */
export function firstScreen(localesDir = 'locales'): Plugin {
  return {
    name: 'ringi-first-screen',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const preloads = Object.fromEntries(FIRST_SCREEN_KINDS.map((kind) => [kind, firstScreenPreloads(bundle, kind, html)])) as Record<FirstScreenKind, string[]>;
      for (const language of FIRST_SCREEN_LANGUAGES) {
        // As the app shows them: Chinese words joined (keep-words.ts), so the page the app replaces reads the same.
        const texts = { ...keepWordsTogether(language, JSON.parse(readFileSync(join(localesDir, language, 'app.json'), 'utf8')) as Texts), __lang: language };
        for (const kind of FIRST_SCREEN_KINDS) {
          this.emitFile({ type: 'asset', fileName: firstScreenFile(kind, language), source: variant(html, language, texts, kind, preloads[kind]) });
        }
        if (language === 'ja') index.source = variant(html, language, texts, 'login');
      }
    },
  };
}
