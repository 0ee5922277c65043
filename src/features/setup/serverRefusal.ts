import { apiErrorMessages, apiFieldErrors, errorStatus } from '../../app/apiErrors';

export interface ServerRefusal {
  /** HTTP status, or RTK Query's text status ('FETCH_ERROR', ...) when no answer arrived. */
  status: number | string | undefined;
  messages: string[];
  fieldErrors: Record<string, string[]>;
}

/** What the server said when it refused a write (from an `.unwrap()` rejection), in the shape screens show. */
export const readServerRefusal = (error: unknown): ServerRefusal => ({
  status: errorStatus(error),
  messages: apiErrorMessages(error),
  fieldErrors: apiFieldErrors(error),
});

/** "Bank Account not saved. Name can't be blank" */
export const failureText = (headline: string, refusal: ServerRefusal) => [headline, ...refusal.messages].join(' ');
