import { Route, Routes } from 'react-router-dom';
import SpecialEventDetailPage from './SpecialEventDetailPage';
import SpecialEventListPage from './SpecialEventListPage';
import './specialEvents.css';

/** special-events and special-events/:id, in one chunk loaded on demand. */
export default function SpecialEventsArea() {
  return (
    <Routes>
      <Route index element={<SpecialEventListPage />} />
      <Route path=":id" element={<SpecialEventDetailPage />} />
    </Routes>
  );
}
