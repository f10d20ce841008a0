export { FeedbackProvider } from './FeedbackProvider';
export { useFeedback, FeedbackContext, TOAST_DURATION_MS, type Feedback, type ToastIntent, type DialogOptions } from './feedback-context';
