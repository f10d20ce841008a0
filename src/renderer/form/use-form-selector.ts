import { useCallback, useSyncExternalStore } from 'react';
import type { FormStore } from './form-store';
import { getIn, type DataPath } from './paths';

/**
 * A slice of the form's state; the component re-renders only when the slice changes (`Object.is`).
 * The selector must return something stable: a value of the data, a subtree of the errors, a flag.
 */
export function useFormSelector<T>(store: FormStore, select: (store: FormStore) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store), () => select(store));
}

const noSubscription = () => () => undefined;
const nothing = () => undefined;

/**
 * The value at `path` in the form's data. Unlike a selector, it listens to that path alone
 * (`FormStore.subscribeAt`): a change elsewhere in the form does not even run its check.
 * A `null` path listens to nothing (undefined), for a component that needs no value.
 */
export function useFormValue(store: FormStore, path: DataPath | null): unknown {
  const key = path?.join('.') ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `path` is a new array each render; key is its value
  const subscribe = useCallback((listener: () => void) => (path ? store.subscribeAt(path, listener) : noSubscription()), [store, key]);
  const read = path ? () => getIn(store.data, path) : nothing;
  return useSyncExternalStore(subscribe, read, read);
}
