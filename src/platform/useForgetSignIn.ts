import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { clearCredentials } from './credentials';
import { useAppDispatch } from './hooks';
import { paths } from './paths';
import { userLoggedOut } from './authSlice';

/** Forgets the sign-in on this device (credentials, the user, every cached answer) and shows the login page. */
export function useForgetSignIn(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    clearCredentials();
    dispatch(userLoggedOut());
    dispatch(api.util.resetApiState());
    navigate(paths.login, { replace: true });
  }, [dispatch, navigate]);
}
