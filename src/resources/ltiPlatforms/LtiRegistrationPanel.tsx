import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '../../ui/CopyButton';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog';
import { formatDateTime } from '../../ui/dates';
import { fetchToolConfig, fetchToolKeys, rotateToolKey, RETIRED_KEY_MINUTES, type LtiToolConfig, type LtiToolKey } from './ltiApi';

/** The values an LMS asks for when the portal is added as an LTI 1.3 tool, in the order Moodle's form asks. */
export function configRows(config: LtiToolConfig): { label: string; values: string[] }[] {
  return [
    { label: 'Tool URL', values: [config.toolUrl] },
    { label: 'Login initiation URL', values: [config.loginUrl] },
    { label: 'Redirect URI(s)', values: config.redirectUris },
    { label: 'Public keyset URL (JWKS)', values: [config.jwksUrl] },
    { label: 'Deep linking URL', values: [config.deepLinkingUrl] },
  ];
}

/** Copies a value and says so in a notification; an LMS takes several redirect URIs one a line. */
function CopyValueButton({ label, values }: { label: string; values: string[] }) {
  const notify = useNotify();
  const name = `Copy ${label}`;
  return (
    <Tooltip describeChild title={name}>
      <IconButton
        aria-label={name}
        size="small"
        onClick={async () => {
          if (await copyText(values.join('\n'))) notify('Copied', { type: 'info' });
          else notify('Could not copy: select the value and copy it yourself', { type: 'error' });
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A retired key's status: while it is still published, until when (what was signed just before still verifies). */
export function retiredText(retiredAt: number, now: number): string {
  const until = retiredAt + RETIRED_KEY_MINUTES * 60_000;
  return until > now ? `Retired ${formatDateTime(retiredAt)}, published until ${dayjs(until).format('hh:mm A')}` : `Retired ${formatDateTime(retiredAt)}`;
}

function ToolConfiguration() {
  const [config, setConfig] = useState<LtiToolConfig>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    void fetchToolConfig().then((result) => {
      if (!live) return;
      if (result.success && result.data) setConfig(result.data);
      else setFailed(result.message || 'The tool configuration could not be loaded');
    });
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!config) return <Skeleton variant="rounded" height={180} aria-label="Loading the tool configuration" />;
  return (
    <Table size="small" aria-label="Tool configuration">
      <TableBody>
        {configRows(config).map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row" sx={{ width: 220, fontWeight: 500 }}>
              {row.label}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
              {row.values.map((value) => (
                <div key={value}>{value}</div>
              ))}
            </TableCell>
            <TableCell align="right" sx={{ width: 56, py: 0.5 }}>
              <CopyValueButton label={row.label} values={row.values} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ToolKeys() {
  const notify = useNotify();
  const [keys, setKeys] = useState<LtiToolKey[]>();
  const [failed, setFailed] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const load = useCallback(async () => {
    const result = await fetchToolKeys();
    if (result.success && result.data) {
      setKeys(result.data.keys);
      setFailed(undefined);
    } else setFailed(result.message || 'The keys could not be loaded');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const rotate = async () => {
    const result = await rotateToolKey();
    if (!result.success || !result.data) return;
    notify(`New signing key ${result.data.kid}`, { type: 'success' });
    await load();
  };

  return (
    <Box component="section" aria-labelledby="lti-keys-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Box>
          <Typography id="lti-keys-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Signing keys
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The portal signs its messages to the LMS with the current key; LMSs read the public keys from the keyset URL.
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)} disabled={!keys} sx={{ flexShrink: 0 }}>
          Rotate key
        </Button>
      </Stack>
      {failed && <Alert severity="error">{failed}</Alert>}
      {!keys && !failed && <Skeleton variant="rounded" height={80} aria-label="Loading the keys" />}
      {keys && (
        <Table size="small" aria-label="Signing keys">
          <TableHead>
            <TableRow>
              <TableCell>Key ID (kid)</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                  No key yet: the portal makes one the first time an LMS asks for it.
                </TableCell>
              </TableRow>
            )}
            {keys.map((key) => (
              <TableRow key={key.kid}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>{key.kid}</TableCell>
                <TableCell>{formatDateTime(key.createdAt)}</TableCell>
                <TableCell>
                  {key.current ? (
                    <Chip size="small" color="success" label="Current" />
                  ) : key.retiredAt !== null ? (
                    retiredText(key.retiredAt, Date.now())
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog open={confirming} title="Rotate the signing key?" confirmLabel="Rotate key" onConfirm={rotate} onClose={() => setConfirming(false)}>
        The portal signs with a new key from now on. The old key stays published for {RETIRED_KEY_MINUTES} minutes, so that what it signed
        just before still verifies; LMSs that read the keyset URL pick up the new key by themselves.
      </ConfirmDialog>
    </Box>
  );
}

/**
 * What the admin needs to add the portal to an LMS as an LTI 1.3 tool (the addresses, each with a
 * copy button) and the tool's signing keys, with their rotation.
 */
export function LtiRegistrationPanel() {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lti-register-title" sx={{ p: 2 }}>
      <Typography id="lti-register-title" component="h2" variant="h6">
        Register the portal in your LMS
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Add the portal to the LMS as an LTI 1.3 tool with these values, then add the LMS here with the issuer, client ID and
        deployment IDs the LMS shows.
      </Typography>
      <ToolConfiguration />
      <Box sx={{ mt: 3 }}>
        <ToolKeys />
      </Box>
    </Paper>
  );
}
