import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { sanitizeMessageHtml } from '../../lib/sanitize-html';

/**
 * A message body as HTML. The server cleaned it when it was written; it is cleaned again here
 * with the same policy (DOMPurify, packages/contracts/src/html-policy.ts) right before it is
 * inserted, so nothing else can put script into the page through the inbox.
 */
export function MessageBody({ html, labelledBy }: { html: string; labelledBy: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  return (
    <Box
      role="document"
      aria-labelledby={labelledBy}
      data-testid="message-body"
      sx={{
        overflowWrap: 'anywhere',
        '& a': { color: 'secondary.light' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& pre': { overflowX: 'auto' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
      }}
      // Sanitised on the line above with the message policy; see sanitize-html.ts.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
