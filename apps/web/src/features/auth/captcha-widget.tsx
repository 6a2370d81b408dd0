import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';

export interface CaptchaHandle {
  /** Back to unchecked: a solution is good for one request only. */
  reset: () => void;
}

interface CaptchaWidgetProps {
  /** Where the widget fetches its proof-of-work challenge when the player ticks the box. */
  challengeUrl: string;
  /** The payload to send once the check is done, undefined while it is not. */
  onChange: (payload: string | undefined) => void;
  ref?: Ref<CaptchaHandle>;
}

interface StateDetail {
  state?: string;
  payload?: string | null;
}

/**
 * The widget's colours for the game's dark theme, set on the widget itself. Its stylesheet
 * picks them with CSS `light-dark()`, which the build's CSS minifier rewrites into variables that
 * only a `color-scheme` declared in a processed stylesheet defines; the app's theme declares it
 * elsewhere, so without these the checkbox had no border and no background (an invisible box).
 * Every variable that derives from a themed one is set too: a derived variable is computed where
 * it is declared (the document's root), not here.
 */
const ALTCHA_COLORS = {
  '--altcha-max-width': '100%',
  '--altcha-color-base': 'transparent',
  '--altcha-color-base-content': '#ffffff',
  '--altcha-color-neutral': 'rgba(255, 255, 255, 0.23)',
  '--altcha-color-neutral-content': '#ffffff',
  '--altcha-border-color': 'rgba(255, 255, 255, 0.23)',
  '--altcha-checkbox-border-color': 'rgba(255, 255, 255, 0.7)',
  '--altcha-input-background-color': 'transparent',
  '--altcha-input-color': '#ffffff',
  '--altcha-popover-color': 'rgba(255, 255, 255, 0.23)',
  '--altcha-spinner-color': '#ffffff',
  '--altcha-switch-background-color': 'rgba(255, 255, 255, 0.23)',
  '--altcha-switch-toggle-color': '#ffffff',
} as const;

/**
 * The "I'm not a bot" check: ALTCHA's widget, whose checkbox starts a proof of work in the
 * browser when ticked. Its code is downloaded when this component first mounts.
 */
export function CaptchaWidget({ challengeUrl, onChange, ref }: CaptchaWidgetProps) {
  const [language, setLanguage] = useState<string>();
  const [failed, setFailed] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    let mounted = true;
    import('./altcha-setup').then(
      (setup) => {
        if (mounted) setLanguage(setup.ALTCHA_LANGUAGE);
      },
      (error: unknown) => {
        console.error('The bot check failed to load', error);
        if (mounted) setFailed(true);
      },
    );
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    // 'verified' carries the payload; 'statechange' also tells when it is no longer valid
    // (expired, reset, failed).
    const onVerified = (event: Event) => {
      const payload = (event as CustomEvent<StateDetail>).detail?.payload;
      if (payload) report.current(payload);
    };
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail ?? {};
      if (state === 'verified' && payload) report.current(payload);
      else if (state !== 'verified') report.current(undefined);
    };
    element.addEventListener('verified', onVerified);
    element.addEventListener('statechange', onState);
    return () => {
      element.removeEventListener('verified', onVerified);
      element.removeEventListener('statechange', onState);
    };
  }, [language]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        widget.current?.reset?.();
        report.current(undefined);
      },
    }),
    [],
  );

  if (failed) {
    return (
      <Typography role="alert" color="error">
        The bot check could not be loaded. Reload the page to try again.
      </Typography>
    );
  }
  if (!language) {
    return (
      <Box sx={{ minHeight: 72, display: 'flex', alignItems: 'center' }}>
        <Typography color="text.secondary">Loading the bot check…</Typography>
      </Box>
    );
  }
  return (
    <altcha-widget
      ref={widget}
      challenge={challengeUrl}
      language={language}
      style={ALTCHA_COLORS}
    />
  );
}
