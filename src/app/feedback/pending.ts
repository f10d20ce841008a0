import type { ToastIntent } from './feedback-context';

/** A dialog asked for and not yet answered (shown one at a time, in order). */
export interface PendingDialog {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  lng?: string;
  danger?: boolean;
  /** What had focus when the dialog was asked for: focus returns there when the last dialog closes. */
  opener: HTMLElement | null;
  resolve: (confirmed: boolean) => void;
}

/** A toast to show: text, intent and how long it stays. */
export interface ToastRequest {
  message: string;
  intent: ToastIntent;
  timeout: number;
}
