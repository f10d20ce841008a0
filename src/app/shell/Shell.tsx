import { lazy, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  bindBrowserHistory,
  NavigationContext,
  PageStack,
  pathOfTab,
  pushRootPath,
  replaceRootPath,
  tabFromPath,
  usePageEntries,
  visibleTabs,
  type Navigation,
  type Tab,
} from '../navigation';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../i18n';
import { useSession } from '../session';
import { rememberFirstScreen } from './first-screen-hint';
import { AppRendererHost } from '../host/AppRendererHost';
import { PageFrame } from './PageFrame';
import { Splash } from './Splash';
import { Toolbar } from './Toolbar';
import { documentLinkPage, loadTabBar, loginRoot, mailActionLoginRoot, mailActionRoot, preloadFirstScreen, resetPasswordRoot, tabRoot } from './roots';

const RESET_PASSWORD_PATH = '/reset-password';

// The tab bar (Fluent's TabList and its arrow-key focus code) shows only to a signed-in user:
// it is not part of the login screen's download.
const TabBar = lazy(() => loadTabBar().then((m) => ({ default: m.TabBar })));

const useStyles = makeStyles({
  viewport: {
    minHeight: '100dvh',
    display: 'flex',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  frame: {
    width: '100%',
    maxWidth: '480px',
    height: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    boxShadow: tokens.shadow8,
    overflow: 'hidden',
  },
  // A wide page (the studio's editor beside its preview) uses the screen from 1024 px.
  wide: { '@media (min-width: 1024px)': { maxWidth: '1600px' } },
  rounded: {
    '@media (min-width: 481px)': { height: 'calc(100dvh - 32px)', marginTop: '16px' },
    borderRadius: tokens.borderRadiusXLarge,
  },
  main: { position: 'relative', flexGrow: 1, minHeight: 0 },
});

function initialResetToken(): string | null {
  if (window.location.pathname !== RESET_PASSWORD_PATH) return null;
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

// The live-event stream starts once signed in: its code is not part of the first screen's download.
const LiveUpdates = lazy(async () => ({ default: (await import('../live/LiveUpdates')).LiveUpdates }));
// Offline reading and the queue of decisions taken offline: loaded after sign-in, not with the first screen.
const OfflineStatus = lazy(() => import('../offline/OfflineStatus'));

/** The token of a mail link's address (`/m/{token}`: decide from the mail), else null. */
function initialMailToken(): string | null {
  return /^\/m\/([A-Za-z0-9_-]+)$/.exec(window.location.pathname)?.[1] ?? null;
}

/** The document a push names (`/?document={id}&code={code}`, issue 33 item 2), else null. */
function initialDocumentLink(): { id: number; code: string } | null {
  const params = new URLSearchParams(window.location.search);
  const id = Number(params.get('document'));
  return Number.isSafeInteger(id) && id > 0 ? { id, code: (params.get('code') ?? '').slice(0, 64) } : null;
}

/** True when the address asks for the reset-password page (no session check then). */
export function isResetPasswordLink(): boolean {
  return window.location.pathname === RESET_PASSWORD_PATH;
}

/**
 * The app frame: splash while the session is checked, then the page stack under a toolbar,
 * with the bottom tab bar on root pages of a signed-in user. The stack's root follows the
 * session (login screen / tab page); the URL follows the tab (/, /statistic, /admin).
 */
export function Shell() {
  const styles = useStyles();
  const session = useSession();
  const [stack] = useState(() => new PageStack());
  const entries = usePageEntries(stack);
  const [tab, setTab] = useState<Tab>(() => tabFromPath(window.location.pathname) ?? 'home');
  const [resetToken, setResetToken] = useState<string | null>(initialResetToken);
  // A mail link waits through the sign-in: its page opens once the user is signed in.
  const [mailToken, setMailToken] = useState<string | null>(initialMailToken);
  // A tapped push opens its document once the user is signed in (through the sign-in if need be).
  const documentLink = useRef(initialDocumentLink());
  const [toolbarSlot, setToolbarSlot] = useState<HTMLDivElement | null>(null);
  const rounded = useMemo(() => new URLSearchParams(window.location.search).has('borderradius'), []);

  // A login (anonymous → authenticated) always opens Home; a checked stored token keeps the deep link.
  const [seenStatus, setSeenStatus] = useState(session.status);
  if (seenStatus !== session.status) {
    setSeenStatus(session.status);
    if (seenStatus === 'anonymous' && session.status === 'authenticated') setTab('home');
  }

  const tabs = visibleTabs(session.profile);
  const currentTab: Tab = tabs.includes(tab) ? tab : 'home';

  useEffect(() => bindBrowserHistory(stack, window, (path) => setTab(tabFromPath(path) ?? 'home')), [stack]);

  // A stored login is being checked: the tab's page (and the tab bar) load meanwhile, started after
  // the check's request went out (the session provider's effects run after this one's).
  useEffect(() => {
    if (session.status !== 'checking') return undefined;
    const timer = window.setTimeout(() => void preloadFirstScreen(true, tabFromPath(window.location.pathname), false), 0);
    return () => window.clearTimeout(timer);
    // Once, at the start: a later status is the check's answer, not a new start.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the status at mount only
  }, []);

  // The next visit's first paint: the splash while a stored login is checked, else the login page.
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  useEffect(() => {
    if (session.status !== 'checking') rememberFirstScreen(session.status === 'authenticated' ? 'splash' : 'login', language);
  }, [session.status, language]);

  // Escape leaves a pushed page (a picker, an item page) like the back button, unless something
  // inside handles it: an open dialog, sheet, menu or list, or a search box clearing its text.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || stack.depth < 2) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-expanded="true"]')) return;
      if (target instanceof HTMLInputElement && target.type === 'search' && target.value) return;
      if (document.querySelector('[role="alertdialog"], [role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      stack.pop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stack]);

  useLayoutEffect(() => {
    if (session.status === 'checking') return;
    if (session.status === 'authenticated' && mailToken !== null) {
      const onDone = () => {
        replaceRootPath(window, pathOfTab(currentTab));
        setMailToken(null);
      };
      stack.reset(mailActionRoot({ token: mailToken, onDone }));
    } else if (session.status === 'authenticated') {
      stack.reset(tabRoot(currentTab));
      if (window.location.pathname !== pathOfTab(currentTab) || documentLink.current) replaceRootPath(window, pathOfTab(currentTab));
      if (documentLink.current) {
        void stack.push(documentLinkPage(documentLink.current));
        documentLink.current = null;
      }
    } else if (resetToken !== null) {
      const onDone = () => {
        replaceRootPath(window, '/');
        setResetToken(null);
      };
      stack.reset(resetPasswordRoot({ token: resetToken, onDone }));
    } else if (mailToken !== null) {
      // Signed out: sign in first, keeping the link's address to come back to.
      stack.reset(mailActionLoginRoot);
    } else {
      stack.reset(loginRoot);
      if (window.location.pathname !== '/') replaceRootPath(window, '/');
    }
  }, [session.status, currentTab, resetToken, mailToken, stack]);

  const selectTab = useCallback(
    (next: Tab) => {
      if (next === currentTab && mailToken === null) return;
      pushRootPath(window, pathOfTab(next));
      setMailToken(null);
      setTab(next);
    },
    [currentTab, mailToken],
  );
  const navigation = useMemo<Navigation>(() => ({ stack, tab: currentTab, selectTab }), [stack, currentTab, selectTab]);

  // Signed-in pages read through the query cache: the splash stays until its code is in.
  const queryReady = useContext(QueryClientContext) !== undefined;

  const top = entries[entries.length - 1];
  const showTabs = session.status === 'authenticated' && entries.length === 1;

  return (
    <div className={styles.viewport}>
      <div className={mergeClasses(styles.frame, rounded && styles.rounded, entries[entries.length - 1]?.wide && styles.wide)} data-testid="app-frame">
        {session.status === 'checking' || (session.status === 'authenticated' && !queryReady) ? (
          <Splash home={window.location.pathname === '/' && resetToken === null && mailToken === null} />
        ) : (
          <NavigationContext.Provider value={navigation}>
            <AppRendererHost>
              {session.status === 'authenticated' ? <Suspense fallback={null}><LiveUpdates /></Suspense> : null}
              <Toolbar top={top} depth={entries.length} onBack={() => stack.pop()} slotRef={setToolbarSlot} />
              {session.status === 'authenticated' ? <Suspense fallback={null}><OfflineStatus /></Suspense> : null}
              <main className={styles.main}>
                {entries.map((entry) => (
                  <PageFrame key={entry.id} entry={entry} stack={stack} covered={entry !== top} toolbarSlot={toolbarSlot} />
                ))}
              </main>
              {showTabs && (
                <Suspense fallback={null}>
                  <TabBar tabs={tabs} selected={currentTab} onSelect={selectTab} />
                </Suspense>
              )}
            </AppRendererHost>
          </NavigationContext.Provider>
        )}
      </div>
    </div>
  );
}
