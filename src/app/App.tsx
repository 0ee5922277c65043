import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { PageLoading } from '../components/PageLoading';
import { LoginPage } from '../features/auth/LoginPage';
import { errorShown, NOT_LOGGED_IN } from '../platform/messages/messagesSlice';
import { hashPath } from '../platform/headStart';
import { hasCredentials } from '../platform/credentials';
import { useAppDispatch } from '../platform/hooks';
import { paths } from '../platform/paths';

const AppRouter = lazy(() => import(/* webpackChunkName: "router" */ './AppRouter'));

/**
 * The first page a visitor without a session sees is the login page, and it must show fast: until someone signs
 * in (or moves elsewhere), it runs on its own and the router (with everything behind it) is not loaded.
 * Once the router runs it owns every route, /login included. `routedApp` is the router when its chunk has
 * already arrived (the start-up loads it with a session stored): then nothing waits behind a Suspense fallback.
 */
export function App({ routedApp: RoutedApp }: { routedApp?: ComponentType }) {
  const dispatch = useAppDispatch();
  const [routed, setRouted] = useState(() => hasCredentials() && hashPath() !== paths.login);
  const guarded = useRef(false);

  useEffect(() => {
    if (routed || guarded.current) return;
    guarded.current = true;
    const path = hashPath();
    if (path === paths.login) return;
    // The same answer the login guard gives, without loading it; a visitor who only opened the app's address
    // (a first visit, or a bookmark of it) is not told off in red for not being logged in yet.
    if (path !== paths.logout && path !== paths.home) dispatch(errorShown(NOT_LOGGED_IN));
    window.history.replaceState(window.history.state, '', `#${paths.login}`);
  }, [routed, dispatch]);

  useEffect(() => {
    if (routed) return;
    // Back/forward or a typed address: let the router (and its guard) take over.
    const onHashChange = () => setRouted(true);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [routed]);

  if (!routed) {
    return (
      <LoginPage
        onSignedIn={() => {
          window.history.pushState(null, '', `#${paths.home}`);
          setRouted(true);
        }}
      />
    );
  }
  if (RoutedApp) return <RoutedApp />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AppRouter />
    </Suspense>
  );
}
