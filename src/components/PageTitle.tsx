import { useNarrowScreen } from '../platform/useNarrowScreen';
import { usePageHeading } from './usePageHeading';
import './pageTitle.css';

/**
 * A page's name: in the toolbar (through usePageHeading) and as the page's own heading on wide screens; on narrow
 * ones the shell already shows the heading on its own row. The shell moves the focus to it after a navigation.
 */
export function PageTitle({ title }: { title: string }) {
  usePageHeading(title);
  const narrow = useNarrowScreen();
  if (narrow) return null;
  return <h2 className="ec-page-title">{title}</h2>;
}
