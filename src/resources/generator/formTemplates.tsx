import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorId, type FieldErrorProps, type ObjectFieldTemplateProps, type TemplatesType } from '@rjsf/utils';

/**
 * Two RJSF templates replaced for a calmer form: a field's error is one helper line (the
 * validator gives one message per field) instead of a list, and an object's fields are an
 * evenly spaced column.
 */

function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  return (
    <FormHelperText id={errorId(fieldPathId)} error sx={{ mx: 1.75 }}>
      {errors.map(String).join(' ')}
    </FormHelperText>
  );
}

function ObjectFieldTemplate({ title, description, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const nested = fieldPathId.path.length > 0;
  return (
    <Stack spacing={1} sx={nested ? { mt: 1 } : undefined}>
      {nested && title && (
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
      )}
      {nested && description && <Typography color="text.secondary">{description}</Typography>}
      {properties.filter((property) => !property.hidden).map((property) => (
        <div key={property.name}>{property.content}</div>
      ))}
      {properties.filter((property) => property.hidden).map((property) => property.content)}
    </Stack>
  );
}

export const FORM_TEMPLATES: Partial<TemplatesType> = { FieldErrorTemplate, ObjectFieldTemplate };
