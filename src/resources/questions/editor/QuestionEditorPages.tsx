import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Title, useCreate, useGetOne, useUpdate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Question } from '../../../schemas/questions';
import { showToast } from '../../../ui/toast/toastStore';
import { useRememberedChoices } from '../../memory/useRememberedLists';
import { draftOf, newQuestionDraft, type QuestionRecord } from '../questionDraft';
import { useQuestionPaths } from '../questionPaths';
import { formErrorsOf } from '../../../ui/forms/saveErrors';
import { isOwnedBy, useCurrentUser } from '../../../auth/useCurrentUser';
import { QuestionForm } from './QuestionForm';

function EditorSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1400 }} role="status" aria-busy="true" aria-label="Loading question">
      <Skeleton width={240} height={40} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={360} />
    </Stack>
  );
}

/** questions/add: a new question, filed under the subject and module chosen last. */
export function QuestionCreatePage() {
  const navigate = useNavigate();
  const paths = useQuestionPaths();
  const [create] = useCreate();
  const choices = useRememberedChoices();
  // Read once: later choices in this form must not reset it.
  const [initial] = useState(() => newQuestionDraft({ subject: choices.subjectId, module: choices.subjectId ? choices.moduleId : null }));

  const save = async (question: Question, { another }: { another: boolean }) => {
    try {
      await create(paths.resource, { data: question }, { returnPromise: true });
    } catch (error) {
      return formErrorsOf(error, 'The question could not be saved');
    }
    showToast({ severity: 'success', summary: 'Question added', detail: another ? 'Write the next one.' : undefined });
    if (!another) navigate(paths.list);
    return undefined;
  };

  return (
    <>
      <Title title="Add question" />
      <QuestionForm heading="Add question" initial={initial} allowAnother onSave={save} onCancel={() => navigate(paths.list)} />
    </>
  );
}

/** questions/edit/{questionId} (also answers react-admin's default edit route, /questions/{id}). */
export function QuestionEditPage() {
  const navigate = useNavigate();
  const paths = useQuestionPaths();
  const params = useParams();
  const id = Number(params.questionId ?? params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useGetOne<QuestionRecord>(paths.resource, { id }, { enabled: validId });
  const [update] = useUpdate();
  const user = useCurrentUser();
  const initial = useMemo(() => (data ? draftOf(data) : undefined), [data]);

  const save = async (question: Question) => {
    try {
      await update(paths.resource, { id, data: question, previousData: data }, { mutationMode: 'pessimistic', returnPromise: true });
    } catch (failure) {
      return formErrorsOf(failure, 'The question could not be saved');
    }
    showToast({ severity: 'success', summary: 'Question saved' });
    navigate(paths.list);
    return undefined;
  };

  const back = (
    <Button color="inherit" size="small" onClick={() => navigate(paths.list)}>
      Question bank
    </Button>
  );
  if (validId && isPending && !error) return <EditorSkeleton />;
  if (error || !initial || !data) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Edit question" />
        <Alert severity="error" action={back}>
          {(error as Error | null)?.message || 'This question was not found.'}
        </Alert>
      </Box>
    );
  }
  if (!isOwnedBy(user, data.created_by)) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Edit question" />
        <Alert severity="info" action={back}>
          Another teacher wrote this question: only its author can change it. You can still preview it and use it in your quizzes.
        </Alert>
      </Box>
    );
  }
  return (
    <>
      <Title title="Edit question" />
      <QuestionForm key={data.id} heading="Edit question" initial={initial} version={data.version} onSave={save} onCancel={() => navigate(paths.list)} />
    </>
  );
}
