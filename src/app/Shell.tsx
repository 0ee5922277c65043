import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { subscribeToPageHeading } from '../components/usePageHeading';
import { useUndoChange } from '../features/activity/useUndoChange';
import { MessageBar } from '../platform/messages/MessageBar';
import { pageLeft } from '../platform/messages/messagesSlice';
import { selectRequestInFlight } from '../platform/apiStatus';
import { useAppDispatch, useAppSelector } from '../platform/hooks';
import { menuSections, selectedMenuPath } from './menu';
import { MenuDrawer } from './MenuDrawer';
import { useNarrowScreen } from '../platform/useNarrowScreen';
import './shell.css';

const APP_TITLE = 'EveryCent V3';

/**
 * The page's heading, and a count of the pages' announcements (a page that has just mounted announces itself
 * even when its heading is the last one's). Subscribed in a layout effect, which runs after the page's own
 * (usePageHeading): the first frame of a page already shows its heading.
 */
function usePageHeadingText(): { heading: string; announcements: number } {
  const [shown, setShown] = useState({ heading: '', announcements: 0 });
  useLayoutEffect(() => subscribeToPageHeading((heading) => setShown((was) => ({ heading, announcements: was.announcements + 1 }))), []);
  return shown;
}

/** Puts the focus where the page starts: its heading when it shows one, else the content area itself. */
function focusPageStart(main: HTMLElement | null, pageHeading: string) {
  if (!main) return;
  const active = document.activeElement;
  // The page has put the focus somewhere of its own (the Glossary on the word asked for): it stays there.
  if (active && active !== main && main.contains(active) && !active.matches('h2')) return;
  const title = [...main.querySelectorAll('h2')].find((element) => element.textContent?.trim() === pageHeading);
  const target = title ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: target === main });
}

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuPath(pathname);
  return (
    <nav aria-label="Main menu" className="ec-menu">
      {menuSections.map((section) => (
        <div key={section.entries[0].to} className="ec-menu-group">
          {section.heading && <div className="ec-menu-group-title">{section.heading}</div>}
          <ul className="ec-menu-list">
            {section.entries.map((entry) => (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  className={entry.to === selected ? 'ec-menu-item ec-menu-item-selected' : 'ec-menu-item'}
                  aria-current={entry.to === selected ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The signed-in frame: toolbar, side menu (an overlay on narrow screens), loading bar and message area. */
export default function Shell() {
  const narrow = useNarrowScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const { heading: pageHeading, announcements: announced } = usePageHeadingText();
  const { undoChange } = useUndoChange();
  const busy = useAppSelector(selectRequestInFlight);
  const householdName = useAppSelector((state) => state.auth.householdName);
  const main = useRef<HTMLElement>(null);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // The overlay closes after every navigation, however it happened.
  useEffect(() => setMenuOpen(false), [pathname, search]);

  // A failed load's banner (and its Retry) stays with its page; the first page keeps what failed while it loaded.
  const dispatch = useAppDispatch();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    dispatch(pageLeft());
  }, [pathname, dispatch]);

  useEffect(() => {
    document.title = pageHeading ? `${pageHeading} · EveryCent` : 'EveryCent';
  }, [pageHeading]);

  // After a navigation the focus leaves the menu (or the link used) for the new page's heading, once the page has
  // announced itself (a page still loading does so when it arrives). The first page of a visit keeps the browser's focus.
  const navigated = useRef(false);
  const focusedPath = useRef(pathname);
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    navigated.current = true;
  }, [pathname]);
  useEffect(() => {
    if (!navigated.current) return;
    navigated.current = false;
    focusPageStart(main.current, pageHeading);
  }, [announced, pageHeading]);

  return (
    <div className={`ec-shell${narrow ? ' ec-shell-narrow' : ''}`}>
      <a
        href="#ec-main"
        className="ec-skip-link"
        onClick={(event) => {
          // A hash route owns the address: the link only moves the focus.
          event.preventDefault();
          focusPageStart(main.current, pageHeading);
        }}
      >
        Skip to content
      </a>
      <PageLoading active={busy} />
      <header className="ec-toolbar">
        {narrow && (
          <button
            type="button"
            className="ec-menu-button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <h1 className="ec-toolbar-title">
          {APP_TITLE}
          {!narrow && pageHeading && ` -- ${pageHeading}`}
        </h1>
        {householdName && !narrow && <div className="ec-toolbar-household">{householdName}</div>}
      </header>
      {narrow ? (
        <MenuDrawer open={menuOpen} onClose={closeMenu} title={APP_TITLE}>
          <SideMenu onNavigate={closeMenu} />
        </MenuDrawer>
      ) : (
        <aside className="ec-sider">
          <SideMenu />
        </aside>
      )}
      <main className="ec-content" id="ec-main" ref={main}>
        <MessageBar className="ec-shell-messages" onUndo={undoChange} />
        {narrow && pageHeading && <h2 className="ec-page-heading">{pageHeading}</h2>}
        <Outlet />
      </main>
    </div>
  );
}
