import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { getStoredRole } from '../../auth/session';
import type { GuidelineRecord } from '../../schemas/guidelines';
import { ROLE_LABELS, type Role } from '../../schemas/roles';
import { fetchRoleGuideline } from './guidelineApi';
import { GuidelineViewer } from './GuidelineViewer';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; guideline: GuidelineRecord | null };

function EmptyGuideline({ role }: { role: Role }) {
  return (
    <Paper variant="outlined" sx={{ py: 6, px: 3, textAlign: 'center' }}>
      <MenuBookOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        No guideline yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440, mx: 'auto', mt: 0.5 }}>
        {`The guideline for the ${ROLE_LABELS[role].toLowerCase()} role has not been written yet. Please check again later.`}
      </Typography>
    </Paper>
  );
}

/**
 * The `guideline` screen of every role but the admin: the guideline written for the
 * signed-in role (or `role`), read from GET /api/guidelines. No react-admin inside, so the
 * student area can use it as well.
 */
export function GuidelinePage({ role = getStoredRole() }: { role?: Role }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!role) return;
    let active = true;
    fetchRoleGuideline(role).then((result) => {
      if (!active) return;
      if (result.success) setLoad({ kind: 'ready', guideline: result.data ?? null });
      else setLoad({ kind: 'failed', message: result.message || 'The guideline could not be loaded.' });
    });
    return () => {
      active = false;
    };
  }, [role, attempt]);

  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <Box component="section" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        Guideline
      </Typography>
      {load.kind === 'loading' && (
        <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading guideline">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      )}
      {load.kind === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try again
            </Button>
          }
        >
          {load.message}
        </Alert>
      )}
      {load.kind === 'ready' &&
        role &&
        (load.guideline && load.guideline.content.length > 0 ? (
          <GuidelineViewer items={load.guideline.content} />
        ) : (
          <EmptyGuideline role={role} />
        ))}
    </Box>
  );
}

export default GuidelinePage;
