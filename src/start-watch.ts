/**
 * The app's start, marked and watched. Each stage leaves a `performance` mark (readable in the
 * browser's tools and by the tests), and a start that stalls is loaded again once.
 *
 * A stall is what CI's screen crawl met a few times: the page's modules had all arrived, nothing
 * more was asked for, no error was raised, and the first screen (the splash) stayed for good. On a
 * phone's installed app there is no reload button, so the page reloads itself once: when the app
 * has not rendered, no load has finished for STALL_MS and every preloaded module is in. A slow
 * network still finishing a download is not a stall (a preload not in yet); a load that hangs with
 * no byte for that long is, and a reload asks again (the service worker answers what did arrive).
 * At most once in RELOAD_SPACING_MS, so a start that stalls again stays, and says so on the console.
 */
type StartStage = 'boot' | 'main' | 'texts' | 'rendered';

/** Marks a stage of the start (`ringi:<stage>`), once. */
export function markStart(stage: StartStage): void {
  const name = `ringi:${stage}`;
  if (typeof performance !== 'undefined' && performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** How long the start may show no progress before it counts as stalled. */
export const STALL_MS = 10_000;
/** Two self-reloads are at least this far apart (sessionStorage remembers the last). */
const RELOAD_SPACING_MS = 5 * 60_000;
const RELOADED_KEY = 'ringi.start-reloaded';

/** What the watch sees of the page at one look. */
export interface StartView {
  /** The app has rendered (the `rendered` mark is there). */
  rendered: boolean;
  /** Loads finished so far (resource timing entries). */
  loads: number;
  /** Every `<link rel="modulepreload">` has finished loading. */
  preloadsIn: boolean;
  visible: boolean;
  now: number;
}

/**
 * The watch's decision for one look: `done` (the app rendered), `reload` (stalled), or `wait`.
 * `state` carries what earlier looks saw (the loads' count and since when it has not changed).
 */
export function judgeStart(view: StartView, state: { loads: number; quietSince: number }): 'done' | 'reload' | 'wait' {
  if (view.rendered) return 'done';
  if (view.loads !== state.loads || !view.visible) {
    // A background tab does not run its start (no frames): its time does not count.
    state.loads = view.loads;
    state.quietSince = view.now;
    return 'wait';
  }
  return view.preloadsIn && view.now - state.quietSince >= STALL_MS ? 'reload' : 'wait';
}

function look(): StartView {
  const loaded = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
  return {
    rendered: performance.getEntriesByName('ringi:rendered', 'mark').length > 0,
    loads: loaded.size,
    preloadsIn: preloads.every((link) => loaded.has(link.href)),
    visible: document.visibilityState === 'visible',
    now: Date.now(),
  };
}

/** The stages reached so far, for the console ("boot at 31 ms, main at 250 ms"). */
function stagesReached(): string {
  return performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('ringi:')).map((mark) => `${mark.name.slice(6)} at ${Math.round(mark.startTime)} ms`).join(', ') || 'none';
}

/** The last self-reload this tab made (sessionStorage): when, the stages it had reached, and whether the next start told them. */
interface Reloaded {
  at?: number;
  stages?: string;
  told?: boolean;
}
const readReloaded = (): Reloaded => JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? '{}') as Reloaded;
const writeReloaded = (record: Reloaded) => sessionStorage.setItem(RELOADED_KEY, JSON.stringify(record));

/** Reloads the page unless it did so less than RELOAD_SPACING_MS ago; true when it reloads. */
function reloadOnce(): boolean {
  try {
    if (Date.now() - (readReloaded().at ?? 0) < RELOAD_SPACING_MS) return false;
    // The next start says what this one reached (then forgets it), so a stall leaves a trace.
    writeReloaded({ at: Date.now(), stages: stagesReached(), told: false });
  } catch {
    // No storage: no way to know whether it reloaded already; it does not.
    return false;
  }
  location.reload();
  return true;
}

/** Says on the console that this start follows a stalled one (once), with the stages that one reached. */
function tellEarlierStall(): void {
  try {
    const earlier = readReloaded();
    if (earlier.at === undefined || earlier.told !== false) return;
    console.warn(`[ringi] the previous start stalled and was reloaded; it had reached: ${earlier.stages ?? 'none'}`);
    writeReloaded({ ...earlier, told: true });
  } catch {
    // No storage: nothing was kept to tell.
  }
}

/** Watches the start once a second until the app renders; a stall reloads the page (see above). */
export function watchStart(): void {
  tellEarlierStall();
  const state = { loads: -1, quietSince: Date.now() };
  const timer = setInterval(() => {
    const verdict = judgeStart(look(), state);
    if (verdict === 'wait') return;
    clearInterval(timer);
    if (verdict === 'reload' && !reloadOnce()) {
      console.error(`[ringi] the start stalled again (no load for ${STALL_MS / 1000} s, the app not rendered); it reached: ${stagesReached()}`);
    }
  }, 1000);
}
