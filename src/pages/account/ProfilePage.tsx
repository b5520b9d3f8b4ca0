import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '../../schemas/roles';
import { fetchProfile, type Profile } from './accountApi';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PhoneForm } from './PhoneForm';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; profile: Profile };

function useProfile() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    fetchProfile({ toast: false }).then((result) => {
      if (!active) return;
      if (result.success && result.data) setLoad({ kind: 'ready', profile: result.data });
      else setLoad({ kind: 'failed', message: result.message || 'Your profile could not be loaded.' });
    });
    return () => {
      active = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((profile: Profile) => setLoad({ kind: 'ready', profile }), []);
  return { load, retry, replace };
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** One label/value line of the details card; a missing value reads "Not set". */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: { xs: 0, sm: 2 }, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            Not set
          </Box>
        )}
      </Typography>
    </Box>
  );
}

function ChipList({ items, empty }: { items: readonly { id: number; label: string }[]; empty: string }) {
  if (!items.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Chip key={item.id} label={item.label} variant="outlined" />
      ))}
    </Stack>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const isStudent = profile.role === 'STUDENT';
  return (
    <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
      <Detail label="Username">{profile.username}</Detail>
      <Detail label="Full name">{profile.fullname}</Detail>
      <Detail label="Email">{profile.email}</Detail>
      <Detail label="Role">{ROLE_LABELS[profile.role] ?? profile.role}</Detail>
      {/* The admin belongs to no institute, an institute head to no single department. */}
      {profile.role !== 'ADMIN' && <Detail label="Institute">{profile.institute}</Detail>}
      {profile.role !== 'ADMIN' && profile.role !== 'INSTITUTE-HEAD' && <Detail label="Department">{profile.department}</Detail>}
      {isStudent && <Detail label="Semester">{profile.semester}</Detail>}
      {isStudent && <Detail label="Batch">{profile.batch}</Detail>}
    </Box>
  );
}

function ProfileSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading profile">
      <Skeleton variant="rounded" height={96} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * The signed-in person's own page (teacher and student areas): their details as the server
 * knows them, a student's groups or a teacher's subjects, and the phone and password forms.
 */
export function ProfilePage() {
  const { load, retry, replace } = useProfile();

  return (
    <Box component="section" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        Profile
      </Typography>
      {load.kind === 'loading' && <ProfileSkeleton />}
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
      {load.kind === 'ready' && <ProfileContent profile={load.profile} onChange={replace} />}
    </Box>
  );
}

function ProfileContent({ profile, onChange }: { profile: Profile; onChange: (profile: Profile) => void }) {
  const { role } = profile;
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22 }} aria-hidden>
            {initialsOf(profile.fullname || profile.username)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" noWrap>
              {profile.fullname}
            </Typography>
            <Typography color="text.secondary" noWrap>
              {profile.username}
            </Typography>
          </Box>
          <Chip label={ROLE_LABELS[role] ?? role} color="primary" variant="outlined" sx={{ ml: 'auto' }} />
        </CardContent>
      </Card>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader title="Account details" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
              <CardContent sx={{ pt: 0 }}>
                <ProfileDetails profile={profile} />
              </CardContent>
            </Card>
            {role === 'STUDENT' && (
              <Card variant="outlined">
                <CardHeader title="Groups" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
                <CardContent sx={{ pt: 0 }}>
                  <ChipList items={profile.groups.map((g) => ({ id: g.id, label: g.name }))} empty="You are not in any group yet." />
                </CardContent>
              </Card>
            )}
            {role === 'TEACHER' && (
              <Card variant="outlined">
                <CardHeader title="Subjects" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
                <CardContent sx={{ pt: 0 }}>
                  <ChipList
                    items={profile.subjects.map((s) => ({ id: s.id, label: `${s.subjectname} (${s.code})` }))}
                    empty="No subjects are assigned to you yet."
                  />
                </CardContent>
              </Card>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader title="Contact" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
              <CardContent sx={{ pt: 0 }}>
                <PhoneForm phone={profile.phone} onSaved={onChange} />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardHeader
                title="Password"
                subheader="Other devices signed in to your account are signed out when you change it."
                slotProps={{ title: { component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <ChangePasswordForm />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export default ProfilePage;
