/** An error whose status and messages reach the client as the error shape of the contract. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(errors[0] ?? `HTTP ${statusCode}`);
  }
}

export const unauthorized = (message = 'You need to sign in or sign up before continuing.') => new HttpError(401, [message]);
export const forbidden = (message: string) => new HttpError(403, [message]);
export const notFound = (message = 'Not found') => new HttpError(404, [message]);
export const conflict = (message: string) => new HttpError(409, [message]);
export const unprocessable = (message: string | string[], fieldErrors?: Record<string, string[]>) =>
  new HttpError(422, Array.isArray(message) ? message : [message], fieldErrors);
/** A file or a request beyond a size limit; the message names the limit. */
export const tooLarge = (message: string) => new HttpError(413, [message]);
export const tooManyRequests = (message: string) => new HttpError(429, [message]);
