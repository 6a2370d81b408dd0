import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { httpStatus, serverMessage } from '../api/error-message';

function isSerializedError(error: unknown): error is SerializedError {
  return typeof error === 'object' && error !== null && 'message' in error;
}

/**
 * A short reason for a failed query, for texts such as 'Cannot load dashboard: <detail>':
 * the server's sentence, else the HTTP status, else the network error.
 */
export function queryErrorDetail(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  const status = httpStatus(error);
  if (status !== undefined) return `HTTP ${status}`;
  const fetchError = error as Partial<FetchBaseQueryError> | undefined;
  if (fetchError && 'error' in fetchError && typeof fetchError.error === 'string') {
    return fetchError.error;
  }
  if (isSerializedError(error) && error.message) return error.message;
  return 'Unknown error';
}
