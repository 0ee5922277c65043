import { type FormEvent, useState } from 'react';
import { readServerRefusal } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import { MIN_PASSWORD_LENGTH, type User } from '../../shared/schemas/auth';
import { useChangeOwnPasswordMutation } from '../members/membersApi';
import { tokenValidated } from '../../platform/authSlice';

/**
 * A member added by another one signs in with a temporary password and must choose their own before anything
 * else (the server refuses every other request until then). Plain React, like the login card.
 */
export function ChooseOwnPassword({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [problems, setProblems] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.password.length < MIN_PASSWORD_LENGTH) return setProblems([`Password must be at least ${MIN_PASSWORD_LENGTH} characters`]);
    if (values.password !== values.password_confirmation) return setProblems(["Password confirmation doesn't match Password"]);
    try {
      await change(values).unwrap();
      dispatch(tokenValidated({ ...user, must_change_password: false }));
    } catch (error) {
      setProblems(['Password not changed.', ...readServerRefusal(error).messages]);
    }
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <label className="ec-field">
      <span className="ec-field-label">{label}</span>
      <input
        className="ec-input"
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <main className="ec-login">
      <section className="ec-login-card" aria-labelledby="ec-choose-password-title">
        <h1 id="ec-choose-password-title" className="ec-login-title">
          Choose your own password
        </h1>
        <p>Welcome, {user.name}. You signed in with a temporary password; choose your own to continue.</p>
        {problems.length > 0 && (
          <p role="alert" className="ec-message ec-message-error">
            {problems.join(' ')}
          </p>
        )}
        <form onSubmit={(event) => void submit(event)}>
          {field('current_password', 'Temporary password', 'current-password')}
          {field('password', 'New password', 'new-password')}
          {field('password_confirmation', 'Confirm new password', 'new-password')}
          <div className="ec-login-actions">
            <button type="submit" className="ec-button ec-button-primary" disabled={isLoading}>
              Save Password
            </button>
          </div>
        </form>
      </section>
    </main>
  );
}
