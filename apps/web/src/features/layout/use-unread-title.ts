import { useEffect } from 'react';

const PREFIX = /^\(\d+\) /;

/** The page title with its unread prefix removed. */
const plainTitle = () => document.title.replace(PREFIX, '');

/**
 * docs/screens.md (Layout): the tab title carries the unread count, '(3) Lands of Aleph', while
 * there are unread messages; the plain title comes back when there are none or on sign-out.
 */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const plain = plainTitle();
    document.title = unread > 0 ? `(${unread}) ${plain}` : plain;
    return () => {
      document.title = plainTitle();
    };
  }, [unread]);
}
