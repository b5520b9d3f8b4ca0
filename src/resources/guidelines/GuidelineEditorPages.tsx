import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Title, useCreate, useGetList, useGetOne, useUpdate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Guideline, GuidelineRecord } from '../../schemas/guidelines';
import { ROLES, parseRole, type Role } from '../../schemas/roles';
import { showToast } from '../../ui/toast/toastStore';
import { GuidelineForm } from './GuidelineForm';
import { newDraft, toDraft } from './guidelineDraft';
import { useGuidelinePaths } from './guidelinePaths';
import { formErrorsOf } from './saveErrors';

/** The roles that already have a guideline (at most one each, so one page holds them all). */
function useTakenRoles(resource: string): { roles: Role[]; isPending: boolean } {
  const { data, isPending } = useGetList<GuidelineRecord>(resource, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'role', order: 'ASC' },
  });
  const roles = useMemo(() => (data ?? []).map((guideline) => guideline.role), [data]);
  return { roles, isPending };
}

function EditorSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }} role="status" aria-busy="true" aria-label="Loading guideline">
      <Skeleton width={220} height={40} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

/** guideline/add: a new guideline; `?role=TEACHER` preselects the role. */
export function GuidelineCreatePage() {
  const navigate = useNavigate();
  const paths = useGuidelinePaths();
  const [params] = useSearchParams();
  const [create] = useCreate<GuidelineRecord>();
  const taken = useTakenRoles(paths.resource);
  const preset = parseRole(params.get('role'));

  const save = async (guideline: Guideline) => {
    try {
      await create(paths.resource, { data: guideline }, { returnPromise: true });
    } catch (error) {
      return formErrorsOf(error);
    }
    showToast({ severity: 'success', summary: 'Guideline created' });
    navigate(paths.list);
  };

  if (taken.isPending) return <EditorSkeleton />;
  if (ROLES.every((role) => taken.roles.includes(role))) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => navigate(paths.list)}>
              Guidelines
            </Button>
          }
        >
          Every role already has a guideline. Edit one from the list instead.
        </Alert>
      </Box>
    );
  }
  return (
    <>
      <Title title="Add guideline" />
      <GuidelineForm
        heading="Add guideline"
        initial={newDraft(preset && !taken.roles.includes(preset) ? preset : '')}
        takenRoles={taken.roles}
        onSave={save}
        onCancel={() => navigate(paths.list)}
      />
    </>
  );
}

/** guideline/edit/{guidelineId}. */
export function GuidelineEditPage() {
  const navigate = useNavigate();
  const paths = useGuidelinePaths();
  const { guidelineId } = useParams();
  const id = Number(guidelineId);
  const validId = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useGetOne<GuidelineRecord>(paths.resource, { id }, { enabled: validId });
  const [update] = useUpdate<GuidelineRecord>();
  const taken = useTakenRoles(paths.resource);
  const initial = useMemo(() => (data ? toDraft(data) : undefined), [data]);

  const save = async (guideline: Guideline) => {
    try {
      await update(paths.resource, { id, data: guideline, previousData: data }, { mutationMode: 'pessimistic', returnPromise: true });
    } catch (failure) {
      return formErrorsOf(failure);
    }
    showToast({ severity: 'success', summary: 'Guideline saved' });
    navigate(paths.list);
  };

  if (validId && isPending && !error) return <EditorSkeleton />;
  if (error || !initial) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => navigate(paths.list)}>
              Guidelines
            </Button>
          }
        >
          {(error as Error | null)?.message || 'This guideline was not found.'}
        </Alert>
      </Box>
    );
  }
  return (
    <>
      <Title title="Edit guideline" />
      <GuidelineForm
        key={data?.id}
        heading="Edit guideline"
        initial={initial}
        takenRoles={taken.roles}
        onSave={save}
        onCancel={() => navigate(paths.list)}
      />
    </>
  );
}
