/**
 * Chinese words kept whole at a line end (issue 22: 单/据, 复/制, 提/交 were split). Japanese is
 * broken between phrases by the browser itself (`word-break: auto-phrase` for `:lang(ja)` in
 * index.html); Chromium does that for Japanese only. For Chinese the app's texts are segmented
 * into words once, when a language's texts load (`Intl.Segmenter`, the platform's dictionary
 * segmenter), and the characters of a word are joined with U+2060 WORD JOINER, which forbids a
 * break between them and is not shown. A one-character word (的, 会, 也) joins its neighbour, so
 * no line holds a single character of a run. Lines still break between words, as Chinese does.
 *
 * Module definitions' texts (labels, titles, step names) arrive at run time: they are joined
 * where they are shown (`keepWordsIn`), each distinct text segmented once (remembered), so a
 * Home that registers every module's translations pays nothing for the texts it does not show.
 */

export const WORD_JOINER = '\u2060';

const HAN_RUN = /\p{Script=Han}{2,}/gu;
const HAS_HAN_RUN = /\p{Script=Han}{2}/u;
let segmenter: Intl.Segmenter | null | undefined;

function chineseSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  return segmenter;
}

/** Texts joined before, so a text shown again (a label on every render) is segmented once. */
const joinedBefore = new Map<string, string>();
/** Enough for every text of every module several times over; past it the memory starts afresh. */
const REMEMBERED = 20_000;

/** `text` with the characters of each Chinese word (a one-character word with its neighbour) joined. */
export function joinChineseWords(text: string): string {
  const words = chineseSegmenter();
  // Already joined (a bundle loaded twice), no Chinese word in it, or no segmenter: as it is.
  if (!words || text.includes(WORD_JOINER) || !HAS_HAN_RUN.test(text)) return text;
  const known = joinedBefore.get(text);
  if (known !== undefined) return known;
  if (joinedBefore.size >= REMEMBERED) joinedBefore.clear();
  const joined = text.replace(HAN_RUN, (run) => {
    const chunks: string[] = [];
    for (const { segment } of words.segment(run)) {
      const last = chunks.at(-1);
      if (last !== undefined && ([...last].length < 2 || [...segment].length < 2)) chunks[chunks.length - 1] = last + segment;
      else chunks.push(segment);
    }
    return chunks.map((chunk) => [...chunk].join(WORD_JOINER)).join('');
  });
  joinedBefore.set(text, joined);
  return joined;
}

/** `text` as shown in `language`: Chinese with its words joined, other languages as they are. */
export function keepWordsIn(language: string, text: string): string {
  return language.startsWith('zh') ? joinChineseWords(text) : text;
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

/** `text` without the joiners `joinChineseWords` put in: the text a reader copies or searches. */
export function withoutJoiners(text: string): string {
  return text.includes(WORD_JOINER) ? text.replaceAll(WORD_JOINER, '') : text;
}
