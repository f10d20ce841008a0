// Checks of a screen's content that need no layout (issue #31: the demo read as English word salad
// in Japanese and Chinese, Chinese texts carried half-width punctuation, an item page reused its
// parent form's input ids). `contentChecks` runs in the page (crawl-checks.ts `measure` hands it to
// `page.evaluate`, so it uses only its argument and the DOM) and in jsdom (unit-tested on small
// HTML fixtures: tests/web/crawl-content-checks.test.ts).

/** What `contentChecks` needs: plain data, it crosses into the page. */
export interface ContentCheckOptions {
  lang: 'en' | 'ja' | 'zh';
  /**
   * Lower-cased texts whose Latin word runs may show on a Japanese or Chinese screen: the
   * language's own translations ("Ringi", "PDF"), the demo data written in that language
   * (product names that stay Latin: "ThinkPad X1"), the partner's English content and the demo
   * users' names. A run is allowed when one of these texts contains it.
   */
  latinAllowed: string[];
}

/** One finding of `contentChecks`. */
export interface ContentFinding {
  check: 'latin-run' | 'punctuation' | 'duplicate-id';
  detail: string;
}

/**
 * The content checks of one page, over the whole document (pages behind the top one too: an id
 * repeated there is what made labels point at the inert page):
 * - `duplicate-id`: an input, select or textarea whose id another element of the page has too;
 * - `latin-run` (ja, zh): two or more Latin words in a row in visible text that no allowed text
 *   holds (codes, numbers, currency codes, e-mails and web addresses aside);
 * - `punctuation` (zh): a half-width , . : ; ? ! ( ) next to a Chinese character in visible text.
 * Code (pre, code, the studio's editor) and text declared in another language (`lang`) are skipped.
 */
export function contentChecks(opts: ContentCheckOptions): ContentFinding[] {
  const findings: ContentFinding[] = [];
  const add = (check: ContentFinding['check'], detail: string) => {
    if (!findings.some((f) => f.check === check && f.detail === detail)) findings.push({ check, detail });
  };

  const ids = new Map<string, number>();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
  for (const control of document.querySelectorAll('input[id], select[id], textarea[id]')) {
    const count = ids.get(control.id) ?? 0;
    if (control.id && count > 1) add('duplicate-id', `${control.tagName.toLowerCase()}#${control.id} ×${count}`);
  }

  if (opts.lang === 'en') return findings;
  // In Chromium, what is rendered; in jsdom (no layout), what is not hidden.
  const visible = (el: Element): boolean => {
    const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
    if (typeof check === 'function') return check.call(el, { checkOpacity: true, checkVisibilityCSS: true });
    for (let a: Element | null = el; a; a = a.parentElement) {
      if (a.hasAttribute('hidden') || getComputedStyle(a).display === 'none' || getComputedStyle(a).visibility === 'hidden') return false;
    }
    return true;
  };
  const pageLang = document.documentElement.getAttribute('lang');
  const allowed = opts.latinAllowed;
  const halfWidth = /\p{Script=Han}\s*[,.:;?!()]|[,:;?!()]\s*\p{Script=Han}/gu;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const parent = node.parentElement;
    if (!text.trim() || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    if (parent.closest('.cm-editor, pre, code, kbd, samp, textarea, [data-code-text], [aria-hidden="true"], [inert]')) continue;
    const declared = parent.closest('[lang]')?.getAttribute('lang');
    if (declared && pageLang && declared !== pageLang) continue;
    if (!visible(parent)) continue;

    // Latin word runs: e-mails, web addresses and anything with a digit, _ or / (codes, amounts, dates) first taken out.
    const words = text.replace(/\S*@\S*/g, ' ').replace(/https?:\/\/\S+/g, ' ').replace(/\S*[\d_/]\S*/g, ' ');
    for (const m of words.matchAll(/[A-Za-z][A-Za-z'’.&-]*(?: [A-Za-z][A-Za-z'’.&-]*)+/g)) {
      // Codes in capitals (CNY, PDF) and single letters are no words.
      const wordy = m[0].split(' ').filter((w) => w.length > 1 && w !== w.toUpperCase());
      if (wordy.length < 2) continue;
      const run = m[0].toLowerCase();
      if (!allowed.some((a) => a.includes(run))) add('latin-run', m[0]);
    }
    if (opts.lang === 'zh') {
      for (const m of text.matchAll(halfWidth)) add('punctuation', `${m[0]} in "${text.trim().slice(0, 40)}"`);
    }
  }
  return findings;
}
