import { createContext, useContext } from 'react';

/** Toast intents the shell shows. */
export type ToastIntent = 'success' | 'error' | 'info' | 'warning';

/** Spec 000 §9: success toasts 2000 ms, errors 3000 ms. */
export const TOAST_DURATION_MS: Record<ToastIntent, number> = { success: 2000, error: 3000, info: 2000, warning: 3000 };

/** Dialog options: `lng` fixes the language of the buttons (the login screen is always Chinese). */
export interface DialogOptions {
  lng?: string;
  /** A confirmation of a destructive action (delete): its OK button is shown in red. */
  danger?: boolean;
}

/** Toasts and Promise-returning dialogs, usable from any page and from the renderer host. */
export interface Feedback {
  /** Shows a toast; the duration defaults by intent. */
  toast(message: string, intent?: ToastIntent, durationMs?: number): void;
  /** Asks a yes/no question; resolves true only when the user confirms. */
  confirm(message: string, title?: string, options?: DialogOptions): Promise<boolean>;
  /** Shows a message with one OK button; resolves when it is dismissed. */
  alert(title: string, message: string, options?: DialogOptions): Promise<void>;
}

/** Provided by FeedbackProvider. */
export const FeedbackContext = createContext<Feedback | null>(null);

/** Toasts and dialogs of the shell. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback must be used inside FeedbackProvider');
  return feedback;
}
