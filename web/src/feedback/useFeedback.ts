import { useSyncExternalStore } from 'react';
import { getFeedback, subscribeFeedback } from './feedback';
import type { FeedbackState } from './feedback';

export function useFeedback(): FeedbackState {
  return useSyncExternalStore(subscribeFeedback, getFeedback, getFeedback);
}
