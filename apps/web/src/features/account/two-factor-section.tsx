import { useState, type FormEvent, type ReactNode } from 'react';
import type { RecoveryCodes, TwoFactorSetup } from '@aleph/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { SectionCard } from '../../lib/section-card';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorQuery,
  useRenewRecoveryCodesMutation,
  useSetupTwoFactorMutation,
} from './two-factor-endpoints';

/** docs/screens.md (Account, Two-factor): texts shown word for word. */
export const TWO_FACTOR_TEXT = {
  off: 'Two-factor is off. Turn it on and logging in asks for a code from an authenticator app on your phone as well as your password.',
  on: 'Two-factor is on',
  scan: 'Scan this QR code with your authenticator app, then enter the code it shows.',
  manual: "Can't scan it? Enter this key in the app instead:",
  qrAlt: 'QR code for your authenticator app',
  codesTitle: 'Your recovery codes',
  codesHelp:
    'Each code logs you in once if you lose your phone. They are shown only now: keep them somewhere safe.',
  copied: 'Copied',
  disableHelp:
    'Enter a code from your authenticator app, or a recovery code, to turn two-factor off.',
  renewHelp:
    'Enter a code from your authenticator app, or a recovery code, to get ten new recovery codes. The old ones stop working.',
  turnedOff: 'Two-factor is now off.',
} as const;

type View =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }
  | { name: 'renew' };

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * A form asking for one code (an authenticator's or a recovery code), with the server's
 * refusal under the field. `onSubmit` throws the request's error when the server refuses.
 */
function CodeForm({
  help,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  help?: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {children}
        {help && <Typography>{help}</Typography>}
        <TextField
          id="two-factor-code"
          label="Authentication code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
          autoComplete="one-time-code"
          autoFocus
          error={error !== undefined}
          helperText={error ?? ' '}
          slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
          sx={{ maxWidth: 360 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** The recovery codes, once: a list to write down or copy, closed by the player. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => setCopied(true))
      .catch((error: unknown) => console.warn('Recovery codes not copied', error));
  };
  return (
    <Stack spacing={2} role="region" aria-label={TWO_FACTOR_TEXT.codesTitle}>
      <Typography variant="subtitle1" component="h3">
        {TWO_FACTOR_TEXT.codesTitle}
      </Typography>
      <Typography>{TWO_FACTOR_TEXT.codesHelp}</Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'background.default',
          borderRadius: 1,
          width: 'fit-content',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={copy}>
          Copy
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
        <Typography role="status" sx={{ color: 'success.main' }}>
          {copied ? TWO_FACTOR_TEXT.copied : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** The account page's two-factor section (docs/screens.md, Account). */
export function TwoFactorSection() {
  const status = useGetTwoFactorQuery();
  const [setupTwoFactor, setupState] = useSetupTwoFactorMutation();
  const [enable, enableState] = useEnableTwoFactorMutation();
  const [disable, disableState] = useDisableTwoFactorMutation();
  const [renew, renewState] = useRenewRecoveryCodesMutation();
  const [view, setView] = useState<View>({ name: 'idle' });
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();

  const show = (next: View) => {
    setError(undefined);
    setNotice(undefined);
    setView(next);
  };
  /** Runs a request; its refusal, in the server's words, shows instead of throwing. */
  const attempt = async <T,>(request: Promise<T>, then: (answer: T) => void) => {
    setError(undefined);
    try {
      then(await request);
    } catch (failure) {
      setError(queryErrorDetail(failure));
    }
  };
  const withCodes = ({ recoveryCodes }: RecoveryCodes) =>
    show({ name: 'codes', codes: recoveryCodes });

  let body: ReactNode;
  if (view.name === 'codes') {
    body = <RecoveryCodeList codes={view.codes} onDone={() => show({ name: 'idle' })} />;
  } else if (view.name === 'setup') {
    body = (
      <CodeForm
        submitLabel="Confirm"
        busy={enableState.isLoading}
        error={error}
        onSubmit={(code) => void attempt(enable(code).unwrap(), withCodes)}
        onCancel={() => show({ name: 'idle' })}
      >
        <Typography>{TWO_FACTOR_TEXT.scan}</Typography>
        <Box
          component="img"
          src={svgUrl(view.setup.qrSvg)}
          alt={TWO_FACTOR_TEXT.qrAlt}
          width={200}
          height={200}
          sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1 }}
        />
        <Typography>
          {TWO_FACTOR_TEXT.manual}{' '}
          <Box
            component="code"
            id="two-factor-secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'secondary.main' }}
          >
            {view.setup.secret}
          </Box>
        </Typography>
      </CodeForm>
    );
  } else if (view.name === 'disable' || view.name === 'renew') {
    const off = view.name === 'disable';
    body = (
      <CodeForm
        help={off ? TWO_FACTOR_TEXT.disableHelp : TWO_FACTOR_TEXT.renewHelp}
        submitLabel={off ? 'Turn off' : 'Get new codes'}
        busy={off ? disableState.isLoading : renewState.isLoading}
        error={error}
        onSubmit={(code) =>
          void (off
            ? attempt(disable(code).unwrap(), () => {
                show({ name: 'idle' });
                setNotice(TWO_FACTOR_TEXT.turnedOff);
              })
            : attempt(renew(code).unwrap(), withCodes))
        }
        onCancel={() => show({ name: 'idle' })}
      />
    );
  } else if (status.isLoading) {
    body = <Typography>Loading…</Typography>;
  } else if (!status.data) {
    body = (
      <Typography role="alert" sx={{ color: 'error.main' }}>
        Cannot load two-factor settings: {queryErrorDetail(status.error)}
      </Typography>
    );
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <>
        <Typography sx={{ color: 'success.main', fontWeight: 600 }}>
          {TWO_FACTOR_TEXT.on}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => show({ name: 'renew' })}>
            New recovery codes
          </Button>
          <Button variant="outlined" color="error" onClick={() => show({ name: 'disable' })}>
            Turn off
          </Button>
        </Stack>
      </>
    );
  } else {
    body = (
      <>
        <Typography>{TWO_FACTOR_TEXT.off}</Typography>
        <Box>
          <Button
            variant="contained"
            loading={setupState.isLoading}
            onClick={() =>
              void attempt(setupTwoFactor().unwrap(), (setup) => show({ name: 'setup', setup }))
            }
          >
            Turn on two-factor
          </Button>
        </Box>
        {error && (
          <Typography role="alert" sx={{ color: 'error.main' }}>
            {error}
          </Typography>
        )}
      </>
    );
  }

  return (
    <SectionCard
      title="Two-factor authentication"
      icon={<PhonelinkLock color="secondary" aria-hidden />}
    >
      {notice && (
        <Typography role="status" sx={{ color: 'success.main' }}>
          {notice}
        </Typography>
      )}
      {body}
    </SectionCard>
  );
}
