import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { clearCredentials, hasCredentials } from '../../app/credentials';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { PageLoading } from '../../components/PageLoading';
import { useSignOutMutation } from './authApi';
import { userLoggedOut } from './authSlice';

/** Ends the session on the server (and locally even when the server can't be reached), then shows the login page. */
export function LogoutPage() {
  const [signOut] = useSignOutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      clearCredentials();
      dispatch(userLoggedOut());
      dispatch(api.util.resetApiState());
      navigate(paths.login, { replace: true });
    };
    if (!hasCredentials()) finish();
    else void signOut().finally(finish);
  }, [signOut, dispatch, navigate]);

  return <PageLoading />;
}
