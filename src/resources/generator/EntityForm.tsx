import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SaveIcon from '@mui/icons-material/Save';
import Form from '@rjsf/mui';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { FORM_TEMPLATES } from './formTemplates';
import { errorSchemaOf, unchangedFieldErrors, type FieldErrorMap } from './fieldErrors';
import { emptyValueLists, WIDGETS, type FormModel } from './formModel';
import { zodValidator } from './zodValidator';
import { DateTimeWidget } from './widgets/DateTimeWidget';
import { ReferenceWidget } from './widgets/ReferenceWidget';

type FormData = Record<string, unknown>;

export interface EntityFormProps {
  model: FormModel;
  initialData: FormData;
  /** Gets the validated body (the zod schema's output). */
  onSubmit: (body: FormData) => void | Promise<void>;
  saving?: boolean;
  /** Field errors from the server for the last submitted data. */
  serverErrors?: FieldErrorMap;
  submitLabel?: string;
  /** Extra widgets of a resource's override, by the names its fieldWidgets use. */
  widgets?: RegistryWidgetsType;
  /** Shown in the toolbar after the submit button (cancel, delete). */
  actions?: ReactNode;
}

const GENERATED_WIDGETS: RegistryWidgetsType = {
  [WIDGETS.reference]: ReferenceWidget,
  [WIDGETS.dateTime]: DateTimeWidget,
};

/**
 * The RJSF form of an entity. Validation runs the entity's zod schema (zodValidator) on submit
 * and, once a submit has failed, on every change; server errors stay on their fields until the
 * field is changed.
 */
export function EntityForm({ model, initialData, onSubmit, saving = false, serverErrors, submitLabel = 'Save', widgets, actions }: EntityFormProps) {
  const [formData, setFormData] = useState<FormData>(() => ({ ...emptyValueLists(model), ...initialData }));
  const [submitted, setSubmitted] = useState<FormData>();
  const validator = useMemo(() => zodValidator<FormData>(model.validation, model.fields), [model.validation, model.fields]);
  const registryWidgets = useMemo(() => ({ ...GENERATED_WIDGETS, ...widgets }), [widgets]);

  const visibleServerErrors = serverErrors && submitted ? unchangedFieldErrors(serverErrors, submitted, formData) : undefined;
  const extraErrors = visibleServerErrors && Object.keys(visibleServerErrors).length > 0 ? errorSchemaOf(visibleServerErrors) : undefined;

  return (
    <Form
      schema={model.jsonSchema}
      uiSchema={model.uiSchema}
      validator={validator}
      widgets={registryWidgets}
      templates={FORM_TEMPLATES}
      formData={formData}
      onChange={(event) => setFormData(event.formData ?? {})}
      onSubmit={async (event) => {
        const data = event.formData ?? {};
        setSubmitted(data);
        const parsed = model.validation.safeParse(data);
        if (parsed.success) await onSubmit(parsed.data as FormData);
      }}
      onError={() => setSubmitted(formData)}
      extraErrors={extraErrors}
      liveValidate={submitted ? 'onChange' : false}
      // An empty list stays empty (no blank rows for minItems): the schema's "select at least one" message says what is missing.
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults' }}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
    >
      <Box sx={{ mt: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={saving} loadingPosition="start">
            {submitLabel}
          </Button>
          {actions}
        </Stack>
      </Box>
    </Form>
  );
}
