import { Route, Routes } from 'react-router';
import { NotFound } from '../../shell/NotFound';
import { WebhookList } from './WebhookList';
import { WebhookDeliveries } from './WebhookDeliveries';

export function Webhooks() {
  return (
    <Routes>
      <Route index element={<WebhookList />} />
      <Route path=":id" element={<WebhookDeliveries />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
