import { Route, Routes } from 'react-router';
import { NotFound } from '../../shell/NotFound';
import { InboxList } from './InboxList';
import { InboxReview } from './InboxReview';

/** The costs inbox (issue 29): received files, their extraction, and the review that turns one into a cost. */
export function Inbox() {
  return (
    <Routes>
      <Route index element={<InboxList />} />
      <Route path=":id" element={<InboxReview />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
