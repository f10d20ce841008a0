import type { Finding, Lang } from './crawl-checks';

/**
 * TEMPORARY: what the crawl finds that is not fixed yet, each entry naming its item of issue 22.
 * A finding matching an entry is reported (a test annotation and the crawl's log), not failed;
 * anything else fails. The fixes empty this list; an entry is never added to hide a new finding.
 *
 * - `screens`: items another change is fixing right now (the edit page, delete forms, date
 *   inputs, request cards, the seal refusal, the lock dialog, the stamp filter, the seal
 *   agreements, the invoice upload page, the signer's confirm, the payment totals, the login
 *   footer, full-width ？).
 * - `crawl`: found by the crawl, not fixed yet.
 */
interface KnownIssue { check: Finding['check']; screen?: RegExp; detail: RegExp; item: string; langs?: Lang[] }

export const KNOWN_ISSUES: KnownIssue[] = [
  { check: 'language', langs: ['en', 'zh'], detail: /^title: /, item: 'crawl: a page pushed with its title as text (the record history, an item page) keeps the title of the language it was opened in when the language is switched on it; the crawl opens pages in ja and switches in place' },
  { check: 'broken-word', screen: /studio-editor/, detail: /./, item: 'crawl: the studio builder wraps field names and messages inside words' },
  { check: 'language', screen: /^承認者：/, langs: ['en'], detail: /^会社承認者$/, item: 'crawl: the approver picker page keeps its Japanese group heading 会社承認者 after switching to en in place (written when the page opens, like titles — or untranslated; not looked into yet)' },
  { check: 'language', screen: /^入金口座$/, langs: ['en'], detail: /^(普通|当座|小切手)$/, item: 'crawl: the receiving-account picker keeps the account types 普通/当座/小切手 in Japanese after switching to en in place (written when the page opens, or master data without translations; not looked into yet)' },
];

/** The known issue a finding on `screen` in `lang` is, if any. */
export function knownIssue(screen: string, lang: Lang, finding: Finding): string | undefined {
  return KNOWN_ISSUES.find((k) => k.check === finding.check && k.detail.test(finding.detail) && (!k.screen || k.screen.test(screen)) && (!k.langs || k.langs.includes(lang)))?.item;
}
