import { Route, Routes } from 'react-router';
import { NotFound } from '../../shell/NotFound';
import { CostList } from './CostList';
import { NewCost } from './NewCost';
import { CostDetail } from './CostDetail';

/** Received costs: the list (with the outgoing payments), a new cost, and a cost's detail. */
export function Costs() {
  return (
    <Routes>
      <Route index element={<CostList />} />
      <Route path="new" element={<NewCost />} />
      <Route path=":id" element={<CostDetail />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
