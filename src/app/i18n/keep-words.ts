/**
 * Chinese words kept whole at a line end (issue 22: 单/据, 复/制, 提/交 were split). Japanese is
 * broken between phrases by the browser itself (`word-break: auto-phrase` for `:lang(ja)` in
 * index.html); Chromium does that for Japanese only. For Chinese the app's texts are segmented
 * into words once, when a language's texts load (`Intl.Segmenter`, the platform's dictionary
 * segmenter), and the characters of a word are joined with U+2060 WORD JOINER, which forbids a
 * break between them and is not shown. A one-character word (的, 会, 也) joins its neighbour, so
 * no line holds a single character of a run. Lines still break between words, as Chinese does.
 */

export const WORD_JOINER = '\u2060';

const HAN_RUN = /\p{Script=Han}{2,}/gu;
let segmenter: Intl.Segmenter | null | undefined;

function chineseSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  return segmenter;
}

/** `text` with the characters of each Chinese word (a one-character word with its neighbour) joined. */
export function joinChineseWords(text: string): string {
  const words = chineseSegmenter();
  // Already joined (a bundle loaded twice) or no segmenter: as it is.
  if (!words || text.includes(WORD_JOINER)) return text;
  return text.replace(HAN_RUN, (run) => {
    const chunks: string[] = [];
    for (const { segment } of words.segment(run)) {
      const last = chunks.at(-1);
      if (last !== undefined && ([...last].length < 2 || [...segment].length < 2)) chunks[chunks.length - 1] = last + segment;
      else chunks.push(segment);
    }
    return chunks.map((chunk) => [...chunk].join(WORD_JOINER)).join('');
  });
}

/** Every string of a translation bundle in `language` with its words joined (Chinese only; others as they are). */
export function keepWordsTogether<T>(language: string, bundle: T): T {
  if (!language.startsWith('zh')) return bundle;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return joinChineseWords(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(bundle) as T;
}
