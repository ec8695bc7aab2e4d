import type { InboxItemStatus } from '../../gql/graphql';

/** Every status, in the order the filter offers them (labels: `status.*`). */
export const STATUSES: readonly InboxItemStatus[] = ['QUEUED', 'PROCESSING', 'EXTRACTED', 'FAILED', 'CONFIRMED'];

/** Items the job has not finished: the page asks again until none is left. */
export function inProgress(status: InboxItemStatus): boolean {
  return status === 'QUEUED' || status === 'PROCESSING';
}

/** Below this the reading is marked for a person to check (issue 29 point 6). */
export const LOW_CONFIDENCE = 0.8;

export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)} %`;
}
