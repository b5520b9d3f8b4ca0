import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  buttonId,
  errorId,
  titleId,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldErrorProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import { inSentence } from './inSentence';

/**
 * RJSF templates replaced for a calmer form: a field's error is one helper line (the validator
 * gives one message per field) instead of a list, an object's fields are an evenly spaced column,
 * and a list is its label, one field a value with a remove button, and an add button (instead of
 * raised cards with a large title and unlabelled icons).
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

/** What one value of a list is called: the items' own title ('Deployment ID'), else the list's label. */
const itemNameOf = (schema: { items?: unknown; title?: string }, fallback: string): string => {
  const items = schema.items as { title?: string } | undefined;
  return (items && !Array.isArray(items) && items.title) || schema.title || fallback;
};

function ArrayFieldTemplate({ canAdd, disabled, readonly, fieldPathId, items, onAddClick, required, schema, title, uiSchema }: ArrayFieldTemplateProps) {
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? title ?? schema.title ?? '';
  const itemName = itemNameOf(schema, label);
  const labelId = titleId(fieldPathId);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack spacing={1}>{items}</Stack>
      {canAdd && (
        <Button id={buttonId(fieldPathId, 'add')} size="small" startIcon={<AddIcon />} onClick={onAddClick} disabled={disabled || readonly} sx={{ mt: 1 }}>
          Add {inSentence(itemName)}
        </Button>
      )}
    </Box>
  );
}

function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index, schema, parentUiSchema }: ArrayFieldItemTemplateProps) {
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const name = `${(schema.title as string | undefined) ?? (parentUiSchema?.['ui:title'] as string | undefined) ?? 'value'} ${index + 1}`;
  const off = disabled || readonly;
  const button = (tip: string, onClick: () => void, icon: ReactNode) => (
    <Tooltip describeChild title={tip}>
      <span>
        <IconButton aria-label={`${tip} ${name}`} size="small" onClick={onClick} disabled={off}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      {hasToolbar && (
        <Stack direction="row" sx={{ pt: 3 }}>
          {hasMoveUp && button('Move up', onMoveUpItem, <ArrowUpwardIcon fontSize="small" />)}
          {hasMoveDown && button('Move down', onMoveDownItem, <ArrowDownwardIcon fontSize="small" />)}
          {hasRemove && button('Remove', onRemoveItem, <DeleteOutlineIcon fontSize="small" />)}
        </Stack>
      )}
    </Stack>
  );
}

export const FORM_TEMPLATES: Partial<TemplatesType> = { FieldErrorTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate };
