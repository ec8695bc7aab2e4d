import { Route, Routes } from 'react-router';
import { NotFound } from '../../shell/NotFound';
import { DocumentList } from './DocumentList';
import { DocumentEditor, NewDocument } from './DocumentEditor';
import { DocumentDetail } from './DocumentDetail';

export function Documents() {
  return (
    <Routes>
      <Route index element={<DocumentList />} />
      <Route path="new" element={<NewDocument />} />
      <Route path=":id" element={<DocumentDetail />} />
      <Route path=":id/edit" element={<DocumentEditor />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
