import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { errorStatus } from '../../platform/apiErrors';
import { hasCredentials } from '../../platform/credentials';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { paths } from '../../platform/paths';
import { PageLoading } from '../../components/PageLoading';
import { MessageBar } from '../../platform/messages/MessageBar';
import { errorShown, NOT_LOGGED_IN } from '../../platform/messages/messagesSlice';
import { useValidateTokenQuery } from './authApi';

// Only a member with a temporary password sees it; loaded then, so its schemas stay off everyone's first paint.
const ChooseOwnPassword = lazy(() => import(/* webpackChunkName: "choose-password" */ './ChooseOwnPassword').then((module) => ({ default: module.ChooseOwnPassword })));
import { tokenValidated } from '../../platform/authSlice';

/**
 * The login guard: the stored token is checked with the server once per page load. Without credentials, or when
 * the server refuses them, the user goes to the login page with "Not logged in".
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const validated = useAppSelector((state) => state.auth.validated);
  const currentMessage = useAppSelector((state) => state.messages.current?.text);
  const dispatch = useAppDispatch();
  const stored = hasCredentials();
  const { data: user, error, isError, isFetching, refetch } = useValidateTokenQuery(undefined, { skip: validated || !stored });
  const refused = !validated && !stored;

  useEffect(() => {
    if (user && !validated) dispatch(tokenValidated(user));
  }, [user, validated, dispatch]);

  useEffect(() => {
    // A refused token already said so (the 401 listener); don't say it twice.
    if (refused && currentMessage !== NOT_LOGGED_IN) dispatch(errorShown(NOT_LOGGED_IN));
  }, [refused, currentMessage, dispatch]);

  const signedInUser = useAppSelector((state) => state.auth.user);
  if (validated && signedInUser?.must_change_password)
    return (
      <Suspense fallback={<PageLoading />}>
        <ChooseOwnPassword user={signedInUser} />
      </Suspense>
    );
  if (validated) return <>{children}</>;
  if (refused) return <Navigate to={paths.login} replace />;
  // A 401 is turned into a log-out by the listener; anything else (server down) can be retried here.
  if (isError && !isFetching && errorStatus(error) !== 401) {
    return (
      <main className="ec-login">
        <section className="ec-login-card">
          <h1 className="ec-login-title">Could not check your sign-in</h1>
          <MessageBar className="ec-login-messages" />
          <div className="ec-login-actions">
            <button type="button" className="ec-button ec-button-primary" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </section>
      </main>
    );
  }
  return <PageLoading />;
}
