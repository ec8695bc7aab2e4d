import { Route, Routes } from 'react-router';
import { NotFound } from '../../shell/NotFound';
import { ContactList } from './ContactList';
import { ContactPage } from './ContactPage';

export function Contacts() {
  return (
    <Routes>
      <Route index element={<ContactList />} />
      <Route path=":id" element={<ContactPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
