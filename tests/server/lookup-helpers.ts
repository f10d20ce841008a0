import type { TestApp } from './helpers';

/** A GET as a signed-in user, in English unless a language is given. */
export function getAs(t: TestApp, token: string) {
  return async (url: string, lang = 'en') => {
    const response = await t.app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
    return { status: response.statusCode, body: response.json() };
  };
}
