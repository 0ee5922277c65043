import { useEffect, useState, type FormEvent } from 'react';
import { apiErrorMessages, apiFieldErrors } from '../../platform/apiErrors';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { messageCleared, NOT_LOGGED_IN } from '../../platform/messages/messagesSlice';
import { MessageBar } from '../../platform/messages/MessageBar';
import { createHouseholdBodySchema, type CreateHouseholdBody } from '../../shared/schemas/auth';
import { partnerName } from '../../shared/incomeOwners';
import { useCreateHouseholdMutation } from './authApi';
import { useSignIn } from './useSignIn';

type Field = keyof CreateHouseholdBody;

interface FieldShown {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  placeholder?: string;
}

const fields: FieldShown[] = [
  { name: 'household_name', label: 'Household name', type: 'text', autoComplete: 'organization' },
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

// The labels Settings uses; a blank name shows as the stand-in the screens use (the placeholder).
const UNNAMED = { wife: '', husband: '' };
const partnerFields: FieldShown[] = [
  { name: 'first_partner_name', label: "First Partner's Name", type: 'text', autoComplete: 'off', placeholder: partnerName(UNNAMED, 'wife') },
  { name: 'second_partner_name', label: "Second Partner's Name", type: 'text', autoComplete: 'off', placeholder: partnerName(UNNAMED, 'husband') },
];

const emptyForm: Record<Field, string> = {
  household_name: '',
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  first_partner_name: '',
  second_partner_name: '',
};

/** First run only (no user exists yet): creates the household and its first user, then signs in. */
export default function FirstRunForm({ onSignedIn, onCreated }: { onSignedIn: () => void; onCreated?: () => void }) {
  const [form, setForm] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [createHousehold, { isLoading: creating }] = useCreateHouseholdMutation();
  const { submit: signIn, isLoading: signingIn } = useSignIn(onSignedIn);
  const dispatch = useAppDispatch();
  const currentMessage = useAppSelector((state) => state.messages.current?.text);
  // A new install has nobody to be logged out: the guard's "Not logged in" would read as a fault here.
  useEffect(() => {
    if (currentMessage === NOT_LOGGED_IN) dispatch(messageCleared());
  }, [currentMessage, dispatch]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    const parsed = createHouseholdBodySchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setFieldErrors(found);
      return;
    }
    setFieldErrors({});
    try {
      await createHousehold(parsed.data).unwrap();
    } catch (error) {
      setErrors(apiErrorMessages(error));
      const server = apiFieldErrors(error);
      setFieldErrors(Object.fromEntries(Object.entries(server).map(([field, messages]) => [field, messages[0]])));
      return;
    }
    // Should signing in fail now, the refreshed status swaps this form for the login card.
    if (!(await signIn({ email: parsed.data.email, password: parsed.data.password }))) onCreated?.();
  };

  const renderField = ({ name, label, type, autoComplete, placeholder }: FieldShown) => (
    <div key={name} className="ec-field">
      <label className="ec-field-label" htmlFor={`ec-field-${name}`}>
        {label}
      </label>
      <input
        id={`ec-field-${name}`}
        className={`ec-input${fieldErrors[name] ? ' ec-input-invalid' : ''}`}
        type={type}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `ec-error-${name}` : undefined}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      />
      {fieldErrors[name] && (
        <span id={`ec-error-${name}`} className="ec-field-error">
          {fieldErrors[name]}
        </span>
      )}
    </div>
  );

  return (
    <section className="ec-login-card" aria-labelledby="ec-first-run-title">
      <h1 id="ec-first-run-title" className="ec-login-title">
        Create your household
      </h1>
      <p className="ec-login-intro">EveryCent has no users yet. Name your household and create the first sign-in; add your partner later in Setup › Members.</p>
      <MessageBar className="ec-login-messages" />
      {errors.length > 0 && (
        <div className="ec-message ec-message-error" role="alert">
          <ul className="ec-message-list">
            {errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {fields.map(renderField)}
        <fieldset className="ec-field-group">
          <legend className="ec-field-label">A couple? Name the partners (optional)</legend>
          <p className="ec-field-hint">Shown where the budget splits the free money between you. Leave them blank to name them later in Settings.</p>
          {partnerFields.map(renderField)}
        </fieldset>
        <div className="ec-login-actions">
          <button type="submit" className="ec-button ec-button-primary" disabled={creating || signingIn}>
            {(creating || signingIn) && <span className="ec-spinner" aria-hidden="true" />}
            Create household
          </button>
        </div>
      </form>
    </section>
  );
}
