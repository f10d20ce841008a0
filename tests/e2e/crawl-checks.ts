import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO_COMPANIES } from '../../server/demo/seed-data';
import { contentChecks, type ContentFinding } from './content-checks';

// What the screen crawl (crawl.spec.ts) checks on every screen it reaches, measured in the page.

export type Lang = 'en' | 'ja' | 'zh';

/** One finding: which check, and the text or element it is about. */
export interface Finding {
  check: 'overflow' | 'broken-word' | 'raw-key' | 'language' | 'axe' | ContentFinding['check'];
  detail: string;
}

// Not `new URL(path, import.meta.url)`: under jsdom (the unit test of these checks) `URL` is jsdom's, which resolves no file path.
const root = (path: string) => resolve(dirname(fileURLToPath(import.meta.url)), '../..', path);

/** The translation namespaces (`locales/en/<namespace>.json`): a raw key starts with one of them. */
export function namespaces(): string[] {
  return readdirSync(root('locales/en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
}

/** Every string value of a JSON document. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

/** The module codes (the definitions' schema files' names: `budget`, `contract-supplier`). */
export function moduleCodes(): string[] {
  return readdirSync(root('schemas')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
}

/**
 * Words a screen may show in any language: what users typed, seeded as the demo data (names,
 * companies, banks, notes: the organisation and master data files, the demo documents' words
 * and sample bodies), the language picker's own names, what the language's translations themselves
 * contain (a Japanese text may say "PDF") and the module codes (the studio shows each module's code
 * as its technical name: its list, its editor's title, the field and disable dialogs). Latin words
 * lower-cased; CJK as runs.
 */
export function allowedWords(lang: Lang): { latin: Set<string>; cjk: Set<string> } {
  const texts = demoTexts();
  for (const file of readdirSync(root(`locales/${lang}`))) texts.push(...strings(JSON.parse(readFileSync(root(`locales/${lang}/${file}`), 'utf8'))));
  texts.push('English', '日本語', '中文', '简体中文');
  texts.push(...moduleCodes());
  // Browsers and systems as the signed-in devices and notification devices name them (read from a user agent).
  texts.push('Chrome', 'Safari', 'Firefox', 'Edge', 'Windows', 'Mac', 'Linux', 'Android', 'iPhone', 'iPad');
  const latin = new Set<string>();
  const cjk = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/[A-Za-z][A-Za-z'’]*/g)) latin.add(m[0].toLowerCase());
    for (const m of text.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu)) cjk.add(m[0]);
  }
  return { latin, cjk };
}

/** CJK runs of the demo data (what users and admins typed: documents, names, masters) that no translation of `lang` holds. */
export function userCjkRuns(lang: Lang): string[] {
  const translated = readdirSync(root(`locales/${lang}`)).flatMap((file) => strings(JSON.parse(readFileSync(root(`locales/${lang}/${file}`), 'utf8'))));
  const typed = demoTexts();
  const runs = new Set<string>();
  for (const text of typed) {
    for (const m of text.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu)) {
      if (!translated.some((t) => t.includes(m[0]))) runs.add(m[0]);
    }
  }
  return [...runs];
}

/**
 * Texts whose Latin word runs a Japanese or Chinese screen may show (lower-cased; `contentChecks`'s
 * `latinAllowed`): the language's translations, the demo content written in that language (product
 * names such as "ThinkPad X1" stay Latin there) and in English (the partner's documents), the
 * demo users' names, the partner's own records (its office address and bank: an address in San
 * Francisco is written as the partner writes it, on every screen) and the language picker's. Not
 * the English names of companies, banks or masters: those have names in every language, and
 * English there is the word salad of issue #31.
 */
export function latinAllowedTexts(lang: Lang): string[] {
  const texts = readdirSync(root(`locales/${lang}`)).flatMap((file) => strings(JSON.parse(readFileSync(root(`locales/${lang}/${file}`), 'utf8'))));
  const content = JSON.parse(readFileSync(root('server/demo/demo-content.json'), 'utf8')) as { languages: Record<string, unknown> };
  texts.push(...strings(content.languages.en), ...strings(content.languages[lang]));
  const seed = readFileSync(root('server/demo/seed-data.ts'), 'utf8');
  texts.push(...[...seed.matchAll(/email: '[^']*', name: '([^']*)'/g)].map((m) => m[1]));
  // The partner (the one company outside the group) is English content, like its documents.
  for (const partner of DEMO_COMPANIES.filter((c) => !c.is_group)) texts.push(...partner.locations, ...partner.bank_accounts.flatMap((b) => [b.bank_name, b.branch]));
  texts.push('English');
  // Module codes: the studio shows them (lists, "used by" sentences) as the technical name of each module.
  texts.push(...moduleCodes());
  return [...new Set(texts.map((t) => t.toLowerCase()))];
}

/** The texts of the demo data: the organisation and master data files, the demo users and documents. */
export function demoTexts(): string[] {
  const texts: string[] = [];
  const dataFiles = ['server/demo/demo-organisation.json', 'server/demo/demo-module-masters.json', 'server/demo/demo-content.json'];
  for (const file of dataFiles) texts.push(...strings(JSON.parse(readFileSync(root(file), 'utf8'))));
  // Demo users and sample document bodies are TypeScript: their string literals.
  for (const file of ['server/demo/seed-data.ts', 'server/demo/sample-body.ts', 'server/demo/demo-documents.ts', 'server/demo/seed.ts']) {
    texts.push(...[...readFileSync(root(file), 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''));
  }
  return texts;
}

/** Options the in-page measurement needs (plain data: it crosses into the page). */
export interface MeasureOptions {
  lang: Lang;
  namespaces: string[];
  latin: string[];
  cjk: string[];
  /**
   * CJK runs of what users typed (the demo documents' notes, goods, purposes, names), in no translation:
   * the browser wraps a user's sentence where the box ends, so a one-character line there is no
   * word of Ringi's broken (the broken-word check is about the app's own words).
   */
  userCjk: string[];
  /** `latinAllowedTexts(lang)`: the Latin word runs a ja/zh screen may show. */
  latinAllowed: string[];
}

/** axe-core's browser script, the version the project's axe integration ships with. */
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Measures the visible screen (the top page frame, the toolbar and any open dialog or popup) for
 * overflow, words broken inside, raw translation keys and text in another language, and runs
 * axe on the whole page (serious and critical violations) — all in one round trip. axe is put
 * into the page once per document load (the single-page app keeps it between screens). Then
 * the content checks (content-checks.ts): input ids unique on the page, no Latin word runs in
 * Japanese or Chinese content that no translation or demo text of that language holds, and
 * full-width punctuation beside Chinese.
 */
export async function measure(page: Page, options: MeasureOptions): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const content = await page.evaluate(contentChecks, { lang: options.lang, latinAllowed: options.latinAllowed });
  return [...(await measureLayout(page, options)), ...content];
}

/** The layout, text and axe part of `measure`. */
async function measureLayout(page: Page, options: MeasureOptions): Promise<Finding[]> {
  return page.evaluate(async (opts) => {
    const findings: { check: Finding['check']; detail: string }[] = [];
    const latin = new Set(opts.latin);
    const cjkAllowed = opts.cjk;
    const add = (check: (typeof findings)[number]['check'], detail: string) => {
      if (!findings.some((f) => f.check === check && f.detail === detail)) findings.push({ check, detail });
    };
    const frames = [...document.querySelectorAll('main > div')];
    const roots: Element[] = [];
    const topFrame = frames.filter((f) => f.getAttribute('aria-hidden') !== 'true').at(-1);
    if (topFrame) roots.push(topFrame);
    const header = document.querySelector('header');
    if (header) roots.push(header);
    const nav = document.querySelector('nav[aria-label]:not(main nav)');
    if (nav) roots.push(nav);
    for (const popup of document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"]')) roots.push(popup);
    // A login page has no frames: its whole body.
    if (roots.length === 0 || (!topFrame && !document.querySelector('main'))) roots.push(document.body);

    const visible = (el: Element): boolean => {
      const html = el as HTMLElement;
      if (!html.getClientRects().length) return false;
      const style = getComputedStyle(html);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const describe = (el: Element): string => {
      const h = el as HTMLElement;
      const id = h.getAttribute('data-testid') ?? h.id ?? '';
      const text = (h.innerText ?? h.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''} "${text}"`;
    };
    /** Clipped ancestors scroll on purpose (a horizontally scrolling strip): not an overflow. */
    const scrolling = new Map<Element, boolean>();
    const scrolls = (el: Element): boolean => {
      let known = scrolling.get(el);
      if (known === undefined) scrolling.set(el, (known = ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)));
      return known;
    };

    const vw = document.documentElement.clientWidth;
    for (const r of roots) {
      for (const el of [r, ...r.querySelectorAll('*')]) {
        if (!visible(el) || (el instanceof SVGElement && el.tagName !== 'svg')) continue;
        // Icons (no text of their own) may sit over their box's edge by design.
        if (!(el.textContent ?? '').trim()) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        let inScroller = false;
        for (let a = el.parentElement; a; a = a.parentElement) if (scrolls(a) && a.scrollWidth > a.clientWidth + 1) { inScroller = true; break; }
        if (!inScroller && (rect.right > vw + 1 || rect.left < -1)) add('overflow', `${describe(el)} outside the viewport (${Math.round(rect.left)}…${Math.round(rect.right)} of ${vw})`);
        const style = getComputedStyle(el);
        const html = el as HTMLElement;
        // Content wider than its box, shown spilling (visible) or cut (hidden/clip) — not a scroller, not an ellipsis.
        // Content wider than its box: cut (overflow hidden or clip), or spilling past the box it sits in
        // (visible overflow into the parent's own padding, such as a drawer title's action, is fine).
        if (!scrolls(el) && style.textOverflow !== 'ellipsis' && html.scrollWidth > html.clientWidth + 2 && html.clientWidth > 0 && !['INPUT', 'TEXTAREA', 'SELECT', 'svg'].includes(el.tagName)) {
          const parent = el.parentElement?.getBoundingClientRect();
          const cut = ['hidden', 'clip'].includes(style.overflowX);
          const spill = parent !== undefined && rect.left + html.scrollWidth > parent.right + 2;
          if (cut || spill) add('overflow', `${describe(el)} content ${html.scrollWidth}px in a ${html.clientWidth}px box`);
        }
        // A placeholder cut in its input ("…vendor or").
        if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.placeholder && !el.value) {
          const ctx = document.createElement('canvas').getContext('2d');
          if (ctx) {
            ctx.font = style.font;
            const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            if (el instanceof HTMLInputElement && ctx.measureText(el.placeholder).width > room + 1) add('overflow', `placeholder "${el.placeholder}" cut in its input`);
          }
        }
      }

      // Text: every visible text node, character by character.
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!text.trim() || !node.parentElement || !visible(node.parentElement)) continue;
        const parentTag = node.parentElement.tagName;
        if (parentTag === 'SCRIPT' || parentTag === 'STYLE') continue;
        // Code (the studio's JSON editor, field names, rule expressions) is no language.
        if (node.parentElement.closest('.cm-editor, pre, code, kbd, samp, textarea, [data-code-text]')) continue;
        // Raw translation keys: namespace.key(.more).
        for (const m of text.matchAll(/\b([a-z][\w-]*)\.([a-zA-Z][\w-]*)(\.[\w-]+)*\b/g)) {
          if (opts.namespaces.includes(m[1]) && !/@/.test(text.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0).split(/\s/).pop() ?? '')) add('raw-key', m[0]);
        }
        // The line (top) of each character — only for text on more than one line (one line breaks no word).
        range.selectNodeContents(node);
        const boxes = [...range.getClientRects()].filter((b) => b.width > 0);
        const lines: number[] = [];
        const wraps = boxes.some((b) => Math.abs(b.top - boxes[0].top) > 2);
        for (let i = 0; wraps && i < text.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((b) => b.width > 0);
          lines.push(rect ? Math.round(rect.top) : NaN);
        }
        const lineOf = (i: number) => (wraps ? lines[i] : NaN);
        // Latin words split over lines without a hyphen.
        for (const m of text.matchAll(/[A-Za-z0-9][A-Za-z0-9'’-]*[A-Za-z0-9]/g)) {
          const start = m.index ?? 0;
          // Hashes, codes and numbers may wrap where they must; words are letters.
          if (/\d/.test(m[0])) continue;
          for (let i = start + 1; i < start + m[0].length; i += 1) {
            const a = lineOf(i - 1);
            const b = lineOf(i);
            if (!Number.isNaN(a) && !Number.isNaN(b) && b > a + 2 && text[i - 1] !== '-') {
              add('broken-word', `${m[0].slice(0, i - start)}/${m[0].slice(i - start)}`);
              break;
            }
          }
        }
        // CJK runs with a line that holds one character of the run (取り下/げ, 変/更, す。). A word
        // joiner (U+2060, how the app keeps a Chinese word whole) is part of the run, not a letter.
        for (const m of text.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々\u2060]+[、。，！？）」』]*/gu)) {
          const start = m.index ?? 0;
          const run = m[0].replace(/[、。，！？）」』]+$/u, '');
          if (opts.userCjk.some((typed) => typed.includes(run))) continue;
          const chars = [...m[0]].length === m[0].length ? m[0].length : m[0].length;
          if (chars < 2) continue;
          const segments: { line: number; count: number; from: number }[] = [];
          for (let i = start; i < start + m[0].length; i += 1) {
            const line = lineOf(i);
            if (Number.isNaN(line)) continue;
            const last = segments.at(-1);
            const letter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]/u.test(text[i]);
            if (last && Math.abs(last.line - line) <= 2) last.count += letter ? 1 : 0;
            else segments.push({ line, count: letter ? 1 : 0, from: i });
          }
          if (segments.length > 1 && segments.some((s) => s.count === 1)) {
            add('broken-word', segments.map((s, k) => text.slice(s.from, segments[k + 1]?.from ?? start + m[0].length)).join('/'));
          }
        }
        // Text in another language than the screen's. Codes, numbers, e-mails and what the
        // demo data holds (names, companies, notes) aside, and text declared in its own language
        // (`lang`: the studio's preview phone shows a form in the language chosen there).
        const words = text.replace(/\S*@\S*/g, ' ').replace(/https?:\/\/\S+/g, ' ');
        // The toolbar's title is named apart: a page's title is written when the page opens.
        const where = node.parentElement.closest('[data-testid="page-title"]') ? 'title: ' : '';
        const declared = node.parentElement.closest('[lang]')?.getAttribute('lang');
        if (declared && declared !== document.documentElement.getAttribute('lang')) continue;
        if (opts.lang === 'en') {
          for (const m of words.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+/gu)) {
            if (!cjkAllowed.some((allowed) => allowed.includes(m[0]))) add('language', `${where}${m[0]}`);
          }
        } else {
          if (opts.lang === 'zh') {
            for (const m of words.matchAll(/[\p{Script=Hiragana}\p{Script=Katakana}]+/gu)) {
              if (!cjkAllowed.some((allowed) => allowed.includes(m[0]))) add('language', `${where}${m[0]}`);
            }
          }
          for (const m of words.matchAll(/[A-Za-z][A-Za-z'’]*/g)) {
            const word = m[0];
            // Codes (CNY, PAY, RH) and single letters are no language.
            if (word.length < 3 || word === word.toUpperCase()) continue;
            const around = words.slice(Math.max(0, (m.index ?? 0) - 1), (m.index ?? 0) + word.length + 1);
            if (/[\d_.-]/.test(around)) continue;
            if (!latin.has(word.toLowerCase())) add('language', `${where}${word}`);
          }
        }
      }
      // Placeholders, labels and titles users read too.
      for (const el of r.querySelectorAll('[placeholder], [aria-label], [title]')) {
        for (const attr of ['placeholder', 'aria-label', 'title']) {
          const value = el.getAttribute(attr) ?? '';
          for (const m of value.matchAll(/\b([a-z][\w-]*)\.([a-zA-Z][\w-]*)(\.[\w-]+)*\b/g)) if (opts.namespaces.includes(m[1])) add('raw-key', `${attr}: ${m[0]}`);
        }
      }
    }
    // axe (the default rules, as the a11y suite runs them): serious and critical violations.
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    for (const v of violations) {
      if (v.impact === 'serious' || v.impact === 'critical') add('axe', `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }
    return findings;
  }, options);
}
