import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Title, useCreate, useGetOne, useUpdate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Quiz } from '../../../schemas/quizzes';
import { showToast } from '../../../ui/toast/toastStore';
import { useRememberedChoices } from '../../memory/useRememberedLists';
import { formErrorsOf, saveFailureOf } from '../../../ui/forms/saveErrors';
import { isOwnedBy, useCurrentUser } from '../../../auth/useCurrentUser';
import { fetchParticipants } from '../manage/manageApi';
import { quizIdOf, useQuizPaths } from '../quizPaths';
import type { QuizRecord } from '../quizTypes';
import { LOCKED_WHEN_ATTEMPTED, newQuizDraft, quizDraftOf, type LockedField } from './quizDraft';
import { QuizForm } from './QuizForm';

const NOTHING_LOCKED: ReadonlySet<LockedField> = new Set();
const ALL_LOCKED: ReadonlySet<LockedField> = new Set(LOCKED_WHEN_ATTEMPTED);

function EditorSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1400 }} role="status" aria-busy="true" aria-label="Loading quiz">
      <Skeleton width={240} height={40} />
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

/** Has any student started the quiz? Then its paper, timing and marking are locked. */
function useStarted(quizId: number, enabled: boolean): boolean | undefined {
  const [started, setStarted] = useState<boolean>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void fetchParticipants(quizId, { toast: false }).then((result) => {
      if (!live) return;
      // Not knowing is not a lock: the server still refuses a change with a 409, which the form shows.
      setStarted(result.success ? (result.data?.participants ?? []).some((p) => p.attempt !== null) : false);
    });
    return () => {
      live = false;
    };
  }, [quizId, enabled]);
  return started;
}

/** quiz/create: a new quiz for the group chosen last. */
export function QuizCreatePage() {
  const navigate = useNavigate();
  const paths = useQuizPaths();
  const [create] = useCreate();
  const choices = useRememberedChoices();
  const [initial] = useState(() => newQuizDraft(new Date(), choices.groupId));

  const save = async (quiz: Quiz) => {
    try {
      await create(paths.resource, { data: quiz }, { returnPromise: true });
    } catch (error) {
      return formErrorsOf(error, 'The quiz could not be saved');
    }
    showToast({ severity: 'success', summary: 'Quiz created', detail: quiz.published ? 'It is published.' : 'Saved as a draft.' });
    navigate(paths.list);
    return undefined;
  };

  return (
    <>
      <Title title="Create quiz" />
      <QuizForm heading="Create quiz" initial={initial} locked={NOTHING_LOCKED} onSave={save} onCancel={() => navigate(paths.list)} />
    </>
  );
}

/** quiz/edit/{quizId} (also answers react-admin's default edit route, /quiz/{id}). */
export function QuizEditPage() {
  const navigate = useNavigate();
  const paths = useQuizPaths();
  const id = quizIdOf(useParams());
  const validId = !Number.isNaN(id);
  const { data, isPending, error } = useGetOne<QuizRecord>(paths.resource, { id }, { enabled: validId });
  const [update] = useUpdate();
  const user = useCurrentUser();
  const mine = data ? isOwnedBy(user, data.created_by) : false;
  const started = useStarted(id, validId && mine);
  const [lockedBy409, setLockedBy409] = useState(false);
  const initial = useMemo(() => (data ? quizDraftOf(data) : undefined), [data]);

  const save = async (quiz: Quiz) => {
    try {
      await update(paths.resource, { id, data: quiz, previousData: data }, { mutationMode: 'pessimistic', returnPromise: true });
    } catch (failure) {
      const { status, fieldErrors } = saveFailureOf(failure);
      if (status === 409 && LOCKED_WHEN_ATTEMPTED.some((field) => field in fieldErrors)) {
        setLockedBy409(true);
        return fieldErrors;
      }
      return formErrorsOf(failure, 'The quiz could not be saved');
    }
    showToast({ severity: 'success', summary: 'Quiz saved' });
    navigate(paths.list);
    return undefined;
  };

  const back = (
    <Button color="inherit" size="small" onClick={() => navigate(paths.list)}>
      Quizzes
    </Button>
  );
  if (!validId || error || (!isPending && !data)) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Edit quiz" />
        <Alert severity="error" action={back}>
          {(error as Error | null)?.message || 'This quiz was not found.'}
        </Alert>
      </Box>
    );
  }
  if (isPending || !data || !initial || (mine && started === undefined)) return <EditorSkeleton />;
  if (!mine) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Edit quiz" />
        <Alert severity="info" action={back}>
          Another teacher created this quiz: only its author can change it. You can still preview it.
        </Alert>
      </Box>
    );
  }
  return (
    <>
      <Title title="Edit quiz" />
      <QuizForm
        key={data.id}
        heading={`Edit quiz: ${data.name}`}
        initial={initial}
        locked={started || lockedBy409 ? ALL_LOCKED : NOTHING_LOCKED}
        links={{ preview: paths.preview(id), manage: paths.manage(id) }}
        quizId={Number(id) || undefined}
        onSave={save}
        onCancel={() => navigate(paths.list)}
      />
    </>
  );
}
