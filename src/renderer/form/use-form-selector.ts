import { useSyncExternalStore } from 'react';
import type { FormStore } from './form-store';

/**
 * A slice of the form's state; the component re-renders only when the slice changes (`Object.is`).
 * The selector must return something stable: a value of the data, a subtree of the errors, a flag.
 */
export function useFormSelector<T>(store: FormStore, select: (store: FormStore) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store), () => select(store));
}
