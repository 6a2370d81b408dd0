/**
 * Dialog paper for phones: MUI's 32 px margins leave a 390 px screen a 326 px dialog; 12 px
 * margins give the content the width it needs.
 */
export const dialogPaperProps = {
  sx: {
    m: { xs: 1.5, sm: 4 },
    width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' },
    maxHeight: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' },
  },
} as const;
