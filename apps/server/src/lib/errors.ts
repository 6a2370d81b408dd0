import { ErrorCode } from '@aleph/contracts';

/** An error a client caused or may see: it becomes the one JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field);
export const conflict = (code: string, message: string, field?: string) =>
  new AppError(409, code, message, field);
export const unauthorized = (
  message = 'Your session has expired. Please log in again.',
  code: string = ErrorCode.unauthorized,
) => new AppError(401, code, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (message = 'Not found.', code: string = ErrorCode.notFound) =>
  new AppError(404, code, message);

/** The API reads JSON bodies only (http-hardening.ts). */
export const unsupportedMediaType = () =>
  new AppError(415, ErrorCode.validation, 'Send the request body as application/json.');
