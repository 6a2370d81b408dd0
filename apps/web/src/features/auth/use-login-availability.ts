import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCheckLoginQuery } from './auth-endpoints';

export type LoginAvailability = 'unknown' | 'available' | 'taken';

export const AVAILABILITY_DEBOUNCE_MS = 300;

/**
 * The live availability of a username (GET /abwab/checklogin), asked once typing pauses.
 * 'unknown' while empty, while typing, while asking, or if the question failed.
 */
export function useLoginAvailability(username: string): LoginAvailability {
  const settled = useDebouncedValue(username, AVAILABILITY_DEBOUNCE_MS);
  const { currentData, isFetching } = useCheckLoginQuery(settled, { skip: settled === '' });
  if (username === '' || settled !== username || isFetching || !currentData) return 'unknown';
  return currentData.available ? 'available' : 'taken';
}
