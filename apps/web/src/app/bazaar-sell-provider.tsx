import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { BazaarSellContext, type BazaarSeller, type SellTarget } from '../lib/bazaar-sell';

// The dialog (and its form) downloads the first time a player sells something.
const SellDialog = lazy(() =>
  import('../features/bazaar/sell-dialog').then((m) => ({ default: m.SellDialog })),
);

/**
 * The Bazaar's sell dialog for the heroes' and lands' screens (src/lib/bazaar-sell.ts). One at a
 * time; each opening mounts it afresh, and closing unmounts it.
 */
export function BazaarSellProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ id: number; target: SellTarget } | null>(null);
  const seller = useMemo<BazaarSeller>(
    () => ({ open: (target) => setOpen((current) => ({ id: (current?.id ?? 0) + 1, target })) }),
    [],
  );
  return (
    <BazaarSellContext.Provider value={seller}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <SellDialog key={open.id} target={open.target} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </BazaarSellContext.Provider>
  );
}
