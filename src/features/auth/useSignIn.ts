import { api } from '../../platform/api';
import { apiErrorMessage } from '../../platform/apiErrors';
import { clearCredentials, storeCredentials } from '../../platform/credentials';
import { returnAfterSignIn } from '../../platform/signInReturn';
import { useAppDispatch } from '../../platform/hooks';
import type { SignInBody } from '../../shared/schemas/auth';
import { errorShown, messageCleared } from '../../platform/messages/messagesSlice';
import { useSignInMutation } from './authApi';
import { signedIn } from '../../platform/authSlice';

/**
 * Signs in: stores the session headers and the household name, then calls `onSignedIn` (which opens the home
 * page), or goes back to the page outside the app that asked for the sign-in (the light quick-add page). On failure the stored credentials are cleared and the server's first message shows in the error bar.
 */
export function useSignIn(onSignedIn: () => void) {
  const [signIn, { isLoading }] = useSignInMutation();
  const dispatch = useAppDispatch();

  const submit = async (body: SignInBody): Promise<boolean> => {
    dispatch(messageCleared());
    try {
      const { user, credentials } = await signIn(body).unwrap();
      if (!storeCredentials(credentials, user.household_name)) throw new Error('The server did not start a session. Try again.');
      // Nothing cached for an earlier session may show to this one.
      dispatch(api.util.resetApiState());
      dispatch(signedIn(user));
      const back = returnAfterSignIn();
      // Replacing the login page: Back from there does not return to a login the person is past.
      if (back) window.location.replace(back);
      else onSignedIn();
      return true;
    } catch (error) {
      clearCredentials();
      dispatch(errorShown(apiErrorMessage(error)));
      return false;
    }
  };

  return { submit, isLoading };
}
