import { useEffect, useRef } from 'react';
import { hasCredentials } from '../../platform/credentials';
import { PageLoading } from '../../components/PageLoading';
import { useSignOutMutation } from './authApi';
import { useForgetSignIn } from '../../platform/useForgetSignIn';

/** Ends the session on the server (and locally even when the server can't be reached), then shows the login page. */
export function LogoutPage() {
  const [signOut] = useSignOutMutation();
  const forgetSignIn = useForgetSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!hasCredentials()) forgetSignIn();
    else void signOut().finally(forgetSignIn);
  }, [signOut, forgetSignIn]);

  return <PageLoading />;
}
