import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TOKEN_KEY } from './helpers';

/** One screen of the app as the quality suite visits it. */
export interface Screen {
  name: string;
  /** Who is signed in (null: the login screen). */
  user: string | null;
  /** Brings the page from Home (or the login screen) to the screen. */
  open(page: Page): Promise<void>;
}

export type Lang = 'en' | 'ja' | 'zh';

/** Languages and how many module forms the suite covers: everything with CI=true or QUALITY_SIZE=full. */
export function qualitySize(): { languages: Lang[]; modules: number } {
  const full = process.env.CI === 'true' || process.env.QUALITY_SIZE === 'full';
  const languages = (process.env.QUALITY_LANGS?.split(',') as Lang[] | undefined) ?? (full ? ['ja', 'en', 'zh'] : ['ja']);
  return { languages, modules: full ? Infinity : Number(process.env.QUALITY_MODULES ?? 3) };
}

/** Signs `email` in through the API and opens the app in `lang` (null: anonymous). */
export async function openAs(page: Page, request: APIRequestContext, email: string | null, lang: Lang): Promise<void> {
  // Screens that default to "today" (dates in forms, period filters) look the same on every run.
  await page.clock.setFixedTime(new Date('2026-11-20T03:00:00Z'));
  await page.goto('/');
  let token: string | null = null;
  if (email) {
    const reply = await request.post('/api/login_check', { data: { username: email, password: 'ringi-demo' } });
    token = ((await reply.json()) as { token: string }).token;
  }
  await page.evaluate(([key, value, language]) => {
    localStorage.setItem('ringi.lang', language);
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  }, [TOKEN_KEY, token, lang] as const);
  await page.goto('/');
  await expect(page.getByTestId(email ? 'home' : 'login')).toBeVisible();
}

/** The visible page frame (covered pages stay mounted but hidden). */
export const top = (page: Page) => page.locator('main > div:not([aria-hidden="true"])').last();

/**
 * Every screen the suite visits. The module forms are derived from the launchers Home shows
 * (the module definitions), never listed here; the detail is the first document of Initiated.
 */
export async function screens(page: Page, request: APIRequestContext, lang: Lang, maxModules: number): Promise<Screen[]> {
  await openAs(page, request, 'legal@example.com', lang);
  // The launchers come from the module definitions (fetched after Home shows): wait for them.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('launchers').locator('[data-launcher]').nth(1)).toBeVisible();
  const launchers = await page.locator('[data-launcher]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-launcher') ?? ''));
  const list: Screen[] = [
    { name: 'login', user: null, open: async () => {} },
    { name: 'home', user: 'legal@example.com', open: async () => {} },
    ...launchers.slice(0, maxModules).map((key): Screen => ({
      name: `form-${key}`,
      user: 'legal@example.com',
      open: async (p) => {
        await p.locator(`[data-launcher="${key}"]`).click();
        // A launcher pushes a page over Home (a form, the collection index, stamp statistics).
        await expect(p.locator('main > div')).toHaveCount(2);
        await p.waitForLoadState('networkidle');
      },
    })),
    ...(['pending', 'done', 'initiated', 'forwarded'] as const).map((kind): Screen => ({
      name: `list-${kind}`,
      user: 'legal@example.com',
      open: async (p) => {
        await p.locator(`[data-shortcut="${kind}"]`).click();
        await expect(p.getByTestId('approval-list-page').getByTestId(`approval-list-${kind}`)).toBeVisible();
        await p.waitForLoadState('networkidle');
      },
    })),
    {
      name: 'admin', user: 'legal@example.com',
      open: async (p) => {
        await p.goto('/admin');
        await expect(p.getByTestId('admin')).toBeVisible();
      },
    },
    {
      name: 'statistic', user: 'treasury@example.com',
      open: async (p) => {
        await p.goto('/statistic');
        await expect(p.getByTestId('statistic')).toBeVisible();
        await p.waitForLoadState('networkidle');
      },
    },
  ];
  return list;
}
