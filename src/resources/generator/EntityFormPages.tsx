import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import {
  Create,
  DeleteButton,
  Edit,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useSaveContext,
  type RaRecord,
} from 'react-admin';
import type { EntityDef } from '../../schemas';
import { forgetRemembered } from '../memory/rememberedLists';
import { useRememberedChoices } from '../memory/useRememberedLists';
import { actionsOf } from './access';
import { EntityForm } from './EntityForm';
import { placeErrors, serverFieldErrors, type FieldErrorMap } from './fieldErrors';
import { formDataOf, formModelOf, referencesOf, type FormMode, type FormModel } from './formModel';
import { initialPasswordOf, initialPasswordStore } from './initialPassword/initialPasswordStore';
import type { GeneratedFormOptions } from './types';
import { useRole } from './useRole';
import { inSentence } from './inSentence';

/**
 * The create and edit screens of a generated resource (loaded on demand: RJSF and the pickers
 * stay out of the list screens' download). Both save through react-admin's controllers in
 * pessimistic mode, so a refusal from the server comes back to the form: field errors on their
 * fields, anything else as a notification.
 */

interface PageProps {
  def: EntityDef;
  options: GeneratedFormOptions;
}

const FORM_WIDTH = 720;

/** A new record starts with the subject, module or group last chosen (the remembered choices of the session). */
function useRememberedDefaults(model: FormModel): Record<string, unknown> {
  const { subjectId, moduleId, groupId } = useRememberedChoices();
  const defaults: Record<string, unknown> = {};
  for (const [field, reference] of Object.entries(referencesOf(model))) {
    if (reference.many) continue;
    const remembered = { subjects: subjectId, modules: moduleId, groups: groupId }[reference.resource];
    if (remembered) defaults[field] = remembered;
  }
  return defaults;
}

/** Back to the list without saving (react-admin's redirect, so it follows the area's basename). */
function CancelButton() {
  const resource = useResourceContext();
  const redirect = useRedirect();
  return <Button onClick={() => redirect('list', resource)}>Cancel</Button>;
}

function SavingForm({ def, options, mode }: PageProps & { mode: FormMode }) {
  const role = useRole();
  const model = useMemo(() => formModelOf(def, role, mode, options), [def, role, mode, options]);
  const { save, saving } = useSaveContext();
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const remembered = useRememberedDefaults(model);
  const [serverErrors, setServerErrors] = useState<FieldErrorMap>();
  // The form owns its data once shown; later changes of the defaults must not reset it.
  const [initialData] = useState(() => (mode === 'create' ? remembered : formDataOf(model, record)));
  const singular = inSentence(def.singular);
  const { canDelete } = actionsOf(def, role);

  const submit = async (body: Record<string, unknown>) => {
    setServerErrors(undefined);
    await save?.(body, {
      onSuccess: (saved: RaRecord) => {
        forgetRemembered(def.resource);
        notify(`${def.singular} ${mode === 'create' ? 'created' : 'updated'}`, { type: 'success' });
        const initialPassword = mode === 'create' ? initialPasswordOf(saved) : undefined;
        if (initialPassword) initialPasswordStore.show(initialPassword);
        redirect('list', resource);
      },
      onError: (error: unknown) => {
        const fields = serverFieldErrors(error);
        const { placed, unplaced } = placeErrors(fields ?? {}, model.fields);
        if (Object.keys(placed).length > 0) setServerErrors(placed);
        const status = (error as { status?: number } | null)?.status;
        const message =
          unplaced[0] ??
          (status === 400 && Object.keys(placed).length > 0
            ? 'Please correct the highlighted fields'
            : (error as Error | null)?.message || `The ${singular} could not be saved`);
        notify(message, { type: 'error' });
      },
    });
  };

  return (
    <CardContent sx={{ maxWidth: FORM_WIDTH, px: { xs: 2, sm: 3 }, pt: 2, pb: 3 }}>
      <EntityForm
        model={model}
        initialData={initialData}
        onSubmit={submit}
        saving={saving}
        serverErrors={serverErrors}
        submitLabel={mode === 'create' ? `Add ${singular}` : 'Save'}
        widgets={options.widgets}
        actions={
          <>
            <CancelButton />
            {mode === 'edit' && canDelete && (
              <>
                <span style={{ flex: 1 }} />
                <DeleteButton
                  mutationMode="pessimistic"
                  confirmTitle={`Delete ${singular}`}
                  confirmContent={`Delete "${String(record?.[def.recordRepresentation] ?? '')}"? This cannot be undone.`}
                  mutationOptions={{
                    // Replaces react-admin's success handler, so it also notifies and leaves the deleted record.
                    onSuccess: () => {
                      forgetRemembered(def.resource);
                      notify(`${def.singular} deleted`, { type: 'info' });
                      redirect('list', resource);
                    },
                  }}
                />
              </>
            )}
          </>
        }
      />
    </CardContent>
  );
}

function EditTitle({ def }: { def: EntityDef }) {
  const record = useRecordContext();
  const name = record?.[def.recordRepresentation];
  return <>{`Edit ${inSentence(def.singular)}${name ? `: ${String(name)}` : ''}`}</>;
}

export function EntityCreatePage({ def, options }: PageProps) {
  return (
    <Create title={`Add ${inSentence(def.singular)}`}>
      <SavingForm def={def} options={options} mode="create" />
    </Create>
  );
}

export function EntityEditPage({ def, options }: PageProps) {
  return (
    <Edit title={<EditTitle def={def} />} mutationMode="pessimistic" actions={false}>
      <SavingForm def={def} options={options} mode="edit" />
    </Edit>
  );
}
