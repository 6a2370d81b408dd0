import { describe, expect, it } from 'vitest';
import { queryErrorDetail } from './query-error-detail';

describe('queryErrorDetail', () => {
  it("prefers the server's sentence, then the status, then the network error", () => {
    expect(queryErrorDetail({ status: 500, data: { message: 'Database is down' } })).toBe(
      'Database is down',
    );
    expect(queryErrorDetail({ status: 502, data: null })).toBe('HTTP 502');
    expect(queryErrorDetail({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
    expect(queryErrorDetail({ message: 'Aborted' })).toBe('Aborted');
    expect(queryErrorDetail(undefined)).toBe('Unknown error');
  });
});
