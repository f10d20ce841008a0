import { useSyncExternalStore } from 'react';
import { copyServedAt, onCopyServed } from './offline-copies';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stop = onCopyServed(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stop();
  };
};
const offlineNow = () => !navigator.onLine || copyServedAt() !== null;

/**
 * Whether the page works offline now: the browser says so, or what is shown came from the device's
 * copies (no reply came). What needs the server (send back, step back, edit…) is then disabled.
 */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, offlineNow, () => false);
}
