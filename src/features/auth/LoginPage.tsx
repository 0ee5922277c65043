import { lazy, Suspense, useState, type FormEvent } from 'react';
import { MessageBar } from '../../platform/messages/MessageBar';
import { useGetSetupStatusQuery } from './authApi';
import { useSignIn } from './useSignIn';
import './login.css';

// Shown once per install, so it (and the validation schema it brings) stays out of the login page's bundle.
const FirstRunForm = lazy(() => import(/* webpackChunkName: "first-run" */ './FirstRunForm'));

const emptyForm = { email: '', password: '' };

interface LoginPageProps {
  /** Opens the home page; the page itself stays free of the router so it can show before the router loads. */
  onSignedIn: () => void;
}

/** The login card. Plain elements on purpose: it must show fast, before any of antd has loaded. */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  const { data: status, refetch } = useGetSetupStatusQuery();
  return (
    <main className="ec-login">
      <div className="ec-login-brand" aria-hidden="true">
        EveryCent <span>V3</span>
      </div>
      {status?.needs_household ? (
        <Suspense fallback={<div className="ec-login-card" aria-busy="true" />}>
          <FirstRunForm onSignedIn={onSignedIn} onCreated={() => void refetch()} />
        </Suspense>
      ) : (
        <LoginCard onSignedIn={onSignedIn} />
      )}
    </main>
  );
}

function LoginCard({ onSignedIn }: LoginPageProps) {
  const [form, setForm] = useState(emptyForm);
  const { submit, isLoading } = useSignIn(onSignedIn);
  const typed = form.email !== '' || form.password !== '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(form);
  };

  return (
    <section className="ec-login-card" aria-labelledby="ec-login-title">
      <h1 id="ec-login-title" className="ec-login-title">
        Log in
      </h1>
      <MessageBar className="ec-login-messages" />
      {/* No client-side validation: the server's answer is the one that counts. */}
      <form noValidate onSubmit={onSubmit} onReset={() => setForm(emptyForm)}>
        <label className="ec-field">
          <span className="ec-field-label">Email</span>
          <input
            className="ec-input"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </label>
        <label className="ec-field">
          <span className="ec-field-label">Password</span>
          <input
            className="ec-input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
        </label>
        <div className="ec-login-actions">
          <button type="submit" className="ec-button ec-button-primary" disabled={isLoading}>
            {isLoading && <span className="ec-spinner" aria-hidden="true" />}
            Log In
          </button>
          {/* Cancel clears what was typed: with nothing typed there is nothing to cancel, and it says what it does. */}
          <button type="reset" className="ec-button" disabled={!typed} title="Clear the email and password" aria-describedby="ec-login-cancel-hint">
            Cancel
          </button>
          <span id="ec-login-cancel-hint" className="ec-visually-hidden">
            Clears the email and password
          </span>
        </div>
      </form>
    </section>
  );
}
