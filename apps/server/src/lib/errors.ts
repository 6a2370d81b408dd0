import { ErrorCode, type ApiErrorCode, type ErrorBody } from '@aleph/contracts';

/** Fields an error body may carry beyond the usual ones (a suspension's or mute's `until`). */
export type ErrorExtra = Pick<ErrorBody, 'until'>;

/**
 * An error a client caused or may see: it becomes the one JSON error shape. Its code is one of
 * the contracts' catalogue (ApiErrorCode).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    readonly extra?: ErrorExtra,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ApiErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, field);
export const conflict = (code: ApiErrorCode, message: string, field?: string) =>
  new AppError(409, code, message, field);
export const unauthorized = (
  message = 'Your session has expired. Please log in again.',
  code: ApiErrorCode = ErrorCode.unauthorized,
) => new AppError(401, code, message);
export const forbidden = (code: ApiErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (message = 'Not found.', code: ApiErrorCode = ErrorCode.notFound) =>
  new AppError(404, code, message);

/** The API reads JSON bodies only (http-hardening.ts). */
export const unsupportedMediaType = () =>
  new AppError(415, ErrorCode.validation, 'Send the request body as application/json.');
