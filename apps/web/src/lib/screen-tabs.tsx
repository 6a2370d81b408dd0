import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

interface ScreenTabsProps<T extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  /** Prefix of the tab and panel ids; unique on the page. */
  idPrefix: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}

/** A screen's tab bar: scrollable on a phone, orange like the marketplace's. */
export function ScreenTabs<T extends string>(props: ScreenTabsProps<T>) {
  const { label, idPrefix, tabs, value, onChange } = props;
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      textColor="secondary"
      indicatorColor="secondary"
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={label}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          label={tab.label}
          id={`${idPrefix}-tab-${tab.value}`}
          aria-controls={`${idPrefix}-panel-${tab.value}`}
          // Tighter on a phone, so that four tabs fit 390 px without scrolling.
          sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } }}
        />
      ))}
    </Tabs>
  );
}

/** The panel of the selected tab (only that one is rendered). */
export function TabPanel({
  idPrefix,
  value,
  children,
}: {
  idPrefix: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Box
      role="tabpanel"
      id={`${idPrefix}-panel-${value}`}
      aria-labelledby={`${idPrefix}-tab-${value}`}
      sx={{ pt: 1 }}
    >
      {children}
    </Box>
  );
}

/**
 * The selected tab kept in the URL (`?tab=`), so that reload and the back button return to it.
 * An unknown value falls back to the first tab.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const current = values.find((value) => value === raw) ?? values[0]!;
  const select = (next: T) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === values[0]) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [current, select];
}
