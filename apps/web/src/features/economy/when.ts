import { formatMessageDate } from '@aleph/rules';

/** A time of the economy's windows and tosses: 'Nov 24, 2026 16:00 UTC'. */
export const whenText = (iso: string) => `${formatMessageDate(Date.parse(iso))} UTC`;
