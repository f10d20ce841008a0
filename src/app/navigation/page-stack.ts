import { createElement, type ComponentType, type ReactNode } from 'react';
import type { PageTitleText } from '../../renderer/host';

/**
 * A page title: literal text (a name from the data), or a translation key with its parameters
 * (optionally in a fixed language), translated when shown, so it follows a language change.
 * `texts` are parameters given in every language (a name from a definition): the shown
 * language's text is used, so they follow a language change too.
 */
export type PageTitle = string | (Exclude<PageTitleText, string> & { lng?: string });

/** Props of a page pushed as `component` + `params`. */
export interface PageProps<P = undefined, R = unknown> {
  params: P;
  /** Pops this page (and anything above it); `result` resolves the `push` promise. */
  close: (result?: R) => void;
}

/** A page given as a render function. */
export interface RenderPageSpec<R> {
  title: PageTitle;
  /** The page uses the screen's width from 1024 px (the studio's editor beside its preview); others stay phone-wide. */
  wide?: boolean;
  render: (close: (result?: R) => void) => ReactNode;
}

/** A page given as a component and its parameters. */
export interface ComponentPageSpec<P, R> {
  title: PageTitle;
  wide?: boolean;
  component: ComponentType<PageProps<P, R>>;
  params: P;
}

/** What `push` and `reset` accept. */
export type PageSpec<P = unknown, R = unknown> = RenderPageSpec<R> | ComponentPageSpec<P, R>;

/** One page on the stack as the shell renders it. */
export interface PageEntry {
  readonly id: number;
  readonly title: PageTitle;
  readonly wide?: boolean;
  readonly render: (close: (result?: unknown) => void) => ReactNode;
  /** Settles the promise returned by `push` (undefined on back, reset or pop without result). */
  readonly settle: (result: unknown) => void;
  /**
   * The element that had focus when this page was pushed (the button that opened a picker):
   * focus returns to it when the page closes (the shell's Toolbar). Absent for roots.
   */
  readonly opener?: HTMLElement | null;
}

/** How the stack tells the browser history about its own moves (see bindBrowserHistory). */
export interface StackHistory {
  pushed(depth: number): void;
  popped(count: number): void;
}

let nextId = 1;

function toEntry<P, R>(spec: PageSpec<P, R>, settle: (result: unknown) => void): PageEntry {
  const id = nextId++;
  if ('render' in spec) {
    return { id, title: spec.title, wide: spec.wide, settle, render: spec.render as PageEntry['render'] };
  }
  const Component = spec.component as ComponentType<PageProps<unknown, unknown>>;
  const params = spec.params;
  return { id, title: spec.title, wide: spec.wide, settle, render: (close) => createElement(Component, { params, close }) };
}

/**
 * The app's page stack (spec 000 §2: pages pushed with a title and parameters).
 * A store for `useSyncExternalStore`: `entries` is replaced, never mutated, on each change.
 * `push` resolves with what the pushed page passes to `close`/`pop` — a picker returns its choice
 * this way — or with undefined when the page is left by back, an outer pop or `reset`.
 */
export class PageStack {
  private current: readonly PageEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private history: StackHistory | null = null;
  private readonly guards = new Map<number, () => Promise<boolean>>();

  /**
   * Asks before the page `id` is left by back (the toolbar's or the browser's): `guard` answers
   * whether leaving is fine (an editor with unsaved changes asks the person). null removes it.
   * Closing a page with a result (`close`) is the page's own move and is not asked about.
   */
  setLeaveGuard(id: number, guard: (() => Promise<boolean>) | null): void {
    if (guard) this.guards.set(id, guard);
    else this.guards.delete(id);
  }

  /** The pages, root first. */
  get entries(): readonly PageEntry[] {
    return this.current;
  }

  /** Number of pages; 1 means only the root (tab page or login). */
  get depth(): number {
    return this.current.length;
  }

  /** The page on top, if any. */
  get top(): PageEntry | undefined {
    return this.current[this.current.length - 1];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly PageEntry[] => this.current;

  /** Connects the browser history; null disconnects. */
  setHistory(history: StackHistory | null): void {
    this.history = history;
  }

  /** Pushes a page and resolves with its result when it is closed. */
  push<R = unknown, P = unknown>(spec: PageSpec<P, R>): Promise<R | undefined> {
    return new Promise<R | undefined>((resolve) => {
      const focused = typeof document !== 'undefined' ? document.activeElement : null;
      const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      const entry = { ...toEntry(spec, (result) => resolve(result as R | undefined)), opener };
      this.set([...this.current, entry]);
      this.history?.pushed(this.current.length);
    });
  }

  /** Pops the top page, resolving its `push` with `result`. The root is never popped. */
  pop(result?: unknown): boolean {
    const top = this.top;
    if (!top || this.current.length < 2) return false;
    const guard = this.guards.get(top.id);
    if (guard) {
      void guard().then((leave) => {
        if (!leave || this.top !== top) return;
        this.guards.delete(top.id);
        this.pop(result);
      });
      return true;
    }
    this.removeFrom(this.current.length - 1, result, top.id);
    this.history?.popped(1);
    return true;
  }

  /** Closes the page with `id` and every page above it; its `push` resolves with `result`. */
  close(id: number, result?: unknown): void {
    const index = this.current.findIndex((entry) => entry.id === id);
    if (index < 1) return; // unknown, already closed, or the root
    const count = this.current.length - index;
    this.removeFrom(index, result, id);
    this.history?.popped(count);
  }

  /** Pops down to `depth` pages because the browser already went back (no history call). */
  popTo(depth: number): void {
    const target = Math.max(1, depth);
    if (target >= this.current.length) return;
    const guarded = this.current.slice(target).find((entry) => this.guards.has(entry.id));
    if (guarded) {
      // The browser already went back: put the entries back, then ask.
      for (let d = target + 1; d <= this.current.length; d++) this.history?.pushed(d);
      const top = this.top;
      void this.guards.get(guarded.id)!().then((leave) => {
        if (!leave || this.top !== top) return;
        this.guards.delete(guarded.id);
        const count = this.current.length - target;
        this.removeFrom(target, undefined, -1);
        this.history?.popped(count);
      });
      return;
    }
    this.removeFrom(target, undefined, -1);
  }

  /** Replaces the whole stack by a new root; pending pushes resolve with undefined. */
  reset<P, R>(root: PageSpec<P, R>): void {
    const old = this.current;
    this.set([toEntry(root, () => undefined)]);
    for (const entry of old) entry.settle(undefined);
  }

  private removeFrom(index: number, result: unknown, resultFor: number): void {
    const removed = this.current.slice(index);
    this.set(this.current.slice(0, index));
    // Settle from the top down so a page's result arrives after its children are gone.
    for (const entry of removed.reverse()) entry.settle(entry.id === resultFor ? result : undefined);
  }

  private set(entries: readonly PageEntry[]): void {
    this.current = entries;
    for (const listener of this.listeners) listener();
  }
}
