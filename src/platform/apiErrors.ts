import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Reading the errors RTK Query hands back (from `.unwrap()` or a hook's `error`) as text for people. */
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection.';

interface ErrorBodyLike {
  errors?: unknown;
  field_errors?: unknown;
}

const isFetchError = (error: unknown): error is FetchBaseQueryError =>
  typeof error === 'object' && error !== null && 'status' in error;

const body = (error: unknown): ErrorBodyLike | undefined => {
  if (!isFetchError(error) || !('data' in error)) return undefined;
  return typeof error.data === 'object' && error.data !== null ? (error.data as ErrorBodyLike) : undefined;
};

/** The HTTP status, or RTK Query's own code ('FETCH_ERROR', 'PARSING_ERROR', 'TIMEOUT_ERROR'...). */
export function errorStatus(error: unknown): number | string | undefined {
  return isFetchError(error) ? error.status : undefined;
}

/** Every message the server gave, in order; otherwise one message describing what went wrong. */
/** The server's reasons as one sentence, for a message or an alert. */
export const apiErrorText = (error: unknown): string => apiErrorMessages(error).join(' ');

export function apiErrorMessages(error: unknown): string[] {
  const errors = body(error)?.errors;
  if (Array.isArray(errors)) {
    const texts = errors.filter((text): text is string => typeof text === 'string' && text.length > 0);
    if (texts.length) return texts;
  }
  if (!isFetchError(error)) {
    const message = (error as { message?: unknown } | null)?.message;
    return [typeof message === 'string' && message ? message : 'Something went wrong.'];
  }
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return [NETWORK_MESSAGE];
    case 'PARSING_ERROR':
      return [`The server could not handle the request (error ${error.originalStatus}).`];
    case 'CUSTOM_ERROR':
      return [error.error || 'Something went wrong.'];
    default:
      return [`The server could not handle the request (error ${error.status}).`];
  }
}

/** The server's first message, as the error bar shows it. */
export const apiErrorMessage = (error: unknown): string => apiErrorMessages(error)[0];

/** `field_errors` of a 422: field name → messages. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  const fields = body(error)?.field_errors;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string[]>) : {};
}

/** What the server said when it refused a write (an `.unwrap()` rejection), in the shape screens show. */
export interface ServerRefusal {
  /** HTTP status, or RTK Query's text status ('FETCH_ERROR', ...) when no answer arrived. */
  status: number | string | undefined;
  messages: string[];
  /** Field name (as the request named it, e.g. `transactions.3.transaction_date`) → messages. */
  fieldErrors: Record<string, string[]>;
  /** 409: someone else saved first. The edits stay; the screen offers "Reload". */
  conflict: boolean;
}

export function readServerRefusal(error: unknown): ServerRefusal {
  const status = errorStatus(error);
  return { status, messages: apiErrorMessages(error), fieldErrors: apiFieldErrors(error), conflict: status === 409 };
}

/** A reason as a sentence of its own: the server's reasons carry no full stop, so joined they would run together. */
export const asSentence = (text: string): string => {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** The headline, then each of the server's reasons as its own sentence: "Bank Account not saved. Name can't be blank." */
export const failureText = (headline: string | undefined, refusal: ServerRefusal): string =>
  (headline ? [headline, ...refusal.messages] : refusal.messages).map(asSentence).join(' ');
