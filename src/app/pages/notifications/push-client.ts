import type { ApiClient } from '../../api';
import type { PushDevice, PushPublicKey } from '../../../wire/push';

/** What this browser can do about push: not at all, blocked by the user, or ask/allowed. */
export type PushSupport = 'unsupported' | 'ios-home-screen' | 'denied' | 'default' | 'granted';

/** The browser's side of push, so a component test can give its own. */
export interface PushBrowser {
  support(): PushSupport;
  /** This browser's current subscription's endpoint, if any. */
  current(): Promise<string | null>;
  /** Asks permission, registers the service worker, subscribes with the server's key; the subscription as JSON. */
  subscribe(publicKey: string): Promise<PushSubscriptionJSON>;
  unsubscribe(): Promise<void>;
}

/** iPhone and iPad: push only for a web app added to the Home Screen (then `standalone`). */
function iosOutsideHomeScreen(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

/** The real browser: the Push API, Notification permission and `/sw.js`. */
export const browserPush: PushBrowser = {
  support() {
    if (iosOutsideHomeScreen()) return 'ios-home-screen';
    if (!('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported';
    return Notification.permission;
  },
  async current() {
    const registration = await navigator.serviceWorker?.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    return subscription?.endpoint ?? null;
  },
  async subscribe(publicKey) {
    if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused();
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return subscription.toJSON();
  },
  async unsubscribe() {
    const registration = await navigator.serviceWorker?.getRegistration('/');
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  },
};

/** The user said no to notifications (or had blocked them). */
export class PushRefused extends Error {
  constructor() {
    super('notifications not allowed');
    this.name = 'PushRefused';
  }
}

/** Subscribes this device end to end: the server's key, the browser's subscription, the server's record. */
export async function subscribeDevice(api: ApiClient, browser: PushBrowser): Promise<PushDevice> {
  const { key } = (await api.get<PushPublicKey>('/push/public_key', { ringiSilent: true })).data;
  const subscription = await browser.subscribe(key);
  return (await api.post<PushDevice>('/push/subscriptions', subscription, { ringiSilent: true })).data;
}
