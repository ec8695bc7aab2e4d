import { event, type PayloadsOf } from '../../core/outbox/event-declarations';

export type SavedViewPayload = {
  id: string;
  name: string;
  resource: string;
  shared: boolean;
  /** The person who saved it; null: a credential without a person. */
  ownerId: string | null;
};

const savedView = event<SavedViewPayload>();

/**
 * Recorded with every change of a saved view, in its transaction; never delivered to webhooks (a
 * private view is its person's own, and views are preferences, not business records).
 */
export const savedViewEvents = {
  'saved_view.created': savedView.systemSide(),
  'saved_view.updated': savedView.systemSide(),
  'saved_view.deleted': savedView.systemSide(),
};
export type SavedViewEvents = PayloadsOf<typeof savedViewEvents>;
