import { createElement, lazy, type ComponentType } from 'react';

/**
 * A page component from its chunk: once the chunk is in (preloaded), it renders at once instead
 * of suspending for a frame (no spinner between the static first screen and the page).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): { Page: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then((component) => (loaded = component));
    pending.catch(() => (pending = undefined));
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? createElement(Loaded, props) : createElement(Lazy as ComponentType<P>, props);
  }
  return { Page, preload };
}
