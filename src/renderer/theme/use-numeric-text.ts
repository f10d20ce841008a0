import { useEffect, useRef, useState } from 'react';

/** Parses what the user typed: '' → undefined, a number → number, anything else → NaN. */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The text of a numeric input. While the user types ("12." or "-"), the text is kept as typed;
 * when the stored value changes from outside (an effect, reset) the text follows it.
 */
export function useNumericText(value: unknown): [string, (text: string) => void, (stored: unknown) => void] {
  const shown = value === null || value === undefined || value === '' ? '' : String(value);
  const [text, setText] = useState(shown);
  const lastStored = useRef<unknown>(value);
  useEffect(() => {
    if (value !== lastStored.current) {
      lastStored.current = value;
      setText(shown);
    }
  }, [value, shown]);
  const remember = (stored: unknown) => {
    lastStored.current = stored;
  };
  return [text, setText, remember];
}
