import { ConfigProvider, Drawer, Layout, Menu, type MenuProps, type ThemeConfig } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { subscribeToPageHeading } from '../components/usePageHeading';
import { MessageBar } from '../features/messages/MessageBar';
import { selectRequestInFlight } from './apiStatus';
import { useAppSelector } from './hooks';
import { menuSections, selectedMenuPath } from './menu';
import { useNarrowScreen } from './useNarrowScreen';
import './shell.css';

const APP_TITLE = 'EveryCent V3';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1f6fb2', borderRadius: 6 },
  components: { Layout: { bodyBg: '#f4f6f9' }, Menu: { itemBorderRadius: 6, itemMarginInline: 8, itemHeight: 36, itemMarginBlock: 2 } },
};

const menuItems: MenuProps['items'] = menuSections.map((section, index) => {
  const children = section.entries.map((entry) => ({ key: entry.to, label: <Link to={entry.to}>{entry.label}</Link> }));
  return section.heading
    ? { type: 'group' as const, key: section.heading, label: section.heading, children }
    : { type: 'group' as const, key: `section-${index}`, children };
});

let heading = '';
const watchHeading = (onChange: () => void) =>
  subscribeToPageHeading((next) => {
    heading = next;
    onChange();
  });

function usePageHeadingText(): string {
  return useSyncExternalStore(watchHeading, () => heading);
}

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuPath(pathname);
  return (
    <nav aria-label="Main menu" className="ec-menu">
      <Menu mode="inline" items={menuItems} selectedKeys={selected ? [selected] : []} onClick={onNavigate} />
    </nav>
  );
}

/** The signed-in frame: toolbar, side menu (an overlay on narrow screens), loading bar and message area. */
export default function Shell() {
  const narrow = useNarrowScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const pageHeading = usePageHeadingText();
  const busy = useAppSelector(selectRequestInFlight);
  const householdName = useAppSelector((state) => state.auth.householdName);

  // The overlay closes after every navigation, however it happened.
  useEffect(() => setMenuOpen(false), [pathname, search]);

  useEffect(() => {
    document.title = pageHeading ? `${pageHeading} · EveryCent` : 'EveryCent';
  }, [pageHeading]);

  return (
    <ConfigProvider theme={theme}>
      <Layout className={`ec-shell${narrow ? ' ec-shell-narrow' : ''}`}>
        {busy && <PageLoading />}
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
          <Drawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            placement="left"
            size={270}
            title={APP_TITLE}
            className="ec-menu-drawer"
          >
            <SideMenu onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        ) : (
          <aside className="ec-sider">
            <SideMenu />
          </aside>
        )}
        <Layout.Content className="ec-content">
          <MessageBar className="ec-shell-messages" />
          {narrow && pageHeading && <h2 className="ec-page-heading">{pageHeading}</h2>}
          <Outlet />
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}
