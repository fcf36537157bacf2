// The one error type services throw; the error plugin turns it into the spec's failure envelope.
import type { ErrorCode } from '@vendport/shared';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly errors: string[] = [message],
    /** For 429: seconds until a retry can succeed (the Retry-After header). */
    public readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', 403, message);
export const badRequest = (message: string, errors?: string[]) =>
  new AppError('BAD_REQUEST', 400, message, errors ?? [message]);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
export const invalidPassword = () =>
  new AppError('INVALID_PASSWORD', 400, 'The password you entered is incorrect');

/** A file refused as a whole for its rows' problems (bulk vends, subscriber imports): each row's
 * message in `errors`, and what did not happen in the message. */
export const invalidRows = (errors: string[], consequence: string) =>
  new AppError(
    'VALIDATION_ERROR',
    400,
    `The file has ${errors.length} invalid row${errors.length === 1 ? '' : 's'}; ${consequence}`,
    errors,
  );
