/** Browsers by the token their user agent carries, most specific first (Edge and Opera also say Chrome; Chrome also says Safari; HeadlessChrome is Chrome without a window). */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'], [/\bOPR\//, 'Opera'], [/\bFirefox\/|\bFxiOS\//, 'Firefox'], [/\bCriOS\/|\b(Headless)?Chrome\//, 'Chrome'], [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
/** Systems by their user-agent token (iPhone and iPad before Mac OS X, which they also name). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'], [/\biPad\b/, 'iPad'], [/\bAndroid\b/, 'Android'], [/\bWindows\b/, 'Windows'], [/\bMac OS X\b/, 'macOS'], [/\bCrOS\b/, 'ChromeOS'], [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system a user agent names ("Firefox", "Linux"), or null for either it does not
 * name — enough for a person to recognise their own devices, not a fingerprint.
 */
export function deviceLabel(userAgent: string | null): { browser: string | null; system: string | null } {
  const text = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    system: SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}
