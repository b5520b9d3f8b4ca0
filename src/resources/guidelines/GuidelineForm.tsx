import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { guidelineSchema, type Guideline } from '../../schemas/guidelines';
import { ROLES, ROLE_LABELS, parseRole, type Role } from '../../schemas/roles';
import type { FieldErrors } from '../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../ui/forms/useSchemaForm';
import { GuidelineViewer } from './GuidelineViewer';
import { emptyItem, move, removeAt, replaceAt, type GuidelineDraft, type ItemDraft } from './guidelineDraft';
import { TabItemEditor } from './TabItemEditor';

export interface GuidelineFormProps {
  heading: string;
  initial: GuidelineDraft;
  /** Roles that already have a guideline; the select does not offer them. */
  takenRoles?: readonly Role[];
  /** Saves the validated guideline; resolves with the server's field errors when it refused. */
  onSave: (guideline: Guideline) => Promise<FieldErrors | void>;
  onCancel: () => void;
}

const hasText = (item: ItemDraft): boolean =>
  Boolean(item.title.trim() || item.description.trim() || item.faqs.some((faq) => faq.question.trim() || faq.answer.trim()));

/**
 * The admin's guideline editor (guideline/add and guideline/edit/{id}): the role and a list
 * of tab menu items, each with a title, a description and FAQs; items and FAQs can be added,
 * removed and reordered. guidelineSchema validates it, with its messages under each field.
 */
export function GuidelineForm({ heading, initial, takenRoles = [], onSave, onCancel }: GuidelineFormProps) {
  const form = useSchemaForm(guidelineSchema, initial);
  const { values, errors, update } = form;
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const [removing, setRemoving] = useState<number>();

  const setItems = (next: (items: ItemDraft[]) => ItemDraft[], path?: string) =>
    update((current) => ({ ...current, content: next(current.content) }), path);

  const removeItem = (index: number) => {
    setItems((items) => removeAt(items, index));
    setRemoving(undefined);
  };

  const submit = form.handleSubmit(async (guideline) => {
    setSaving(true);
    const serverErrors = await onSave(guideline);
    setSaving(false);
    if (serverErrors) form.showServerErrors(serverErrors);
  });

  const contentError = errors.content;

  return (
    <Box component="section" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={onCancel} sx={{ mb: 1 }}>
        Guidelines
      </Button>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {heading}
      </Typography>

      <Stack component="form" ref={form.formRef} noValidate onSubmit={submit} spacing={3} aria-label={heading}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6">
            Readers
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Each role has one guideline, shown on its Guideline page.
          </Typography>
          <TextField
            id="role"
            name="role"
            select
            label="Role"
            value={values.role}
            onChange={(event) => form.setField('role', parseRole(event.target.value) ?? '')}
            error={Boolean(errors.role)}
            helperText={errors.role}
            sx={{ minWidth: { xs: '100%', sm: 320 } }}
          >
            {ROLES.map((role) => {
              const taken = takenRoles.includes(role) && role !== initial.role;
              return (
                <MenuItem key={role} value={role} disabled={taken}>
                  <ListItemText primary={ROLE_LABELS[role]} secondary={taken ? 'Already has a guideline' : undefined} sx={{ my: 0 }} />
                </MenuItem>
              );
            })}
          </TextField>
        </Paper>

        <Box>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 2 }}>
            <Box>
              <Typography component="h2" variant="h6">
                Tab menu items
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Each item is a tab of the guideline page, in this order.
              </Typography>
            </Box>
            <Button startIcon={<VisibilityOutlinedIcon />} onClick={() => setPreview(true)} disabled={!values.content.length}>
              Preview
            </Button>
          </Stack>
          {contentError && (
            <Alert severity="error" sx={{ mb: 2 }} id="content-error">
              {contentError}
            </Alert>
          )}
          <Stack spacing={2}>
            {values.content.map((item, index) => (
              <TabItemEditor
                key={item.key}
                index={index}
                count={values.content.length}
                item={item}
                errors={errors}
                onChange={(next, path) => setItems((items) => replaceAt(items, index, next), path)}
                onMove={(to) => setItems((items) => move(items, index, to))}
                onRemove={() => (hasText(item) ? setRemoving(index) : removeItem(index))}
              />
            ))}
          </Stack>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            fullWidth
            onClick={() => setItems((items) => [...items, emptyItem()])}
            sx={{ mt: 2, py: 1.25, borderStyle: 'dashed' }}
          >
            Add tab
          </Button>
        </Box>

        <Paper
          variant="outlined"
          sx={{
            position: 'sticky',
            bottom: 8,
            zIndex: 2,
            p: 1.5,
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            boxShadow: '0 4px 16px rgba(0, 0, 0, 0.08)',
          }}
        >
          <Button onClick={onCancel} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save guideline
          </Button>
        </Paper>
      </Stack>

      <Dialog open={preview} onClose={() => setPreview(false)} fullWidth maxWidth="md" aria-labelledby="guideline-preview-title">
        <DialogTitle id="guideline-preview-title">
          {`Preview${values.role ? `: ${ROLE_LABELS[values.role]}` : ''}`}
        </DialogTitle>
        <DialogContent>
          <GuidelineViewer items={values.content} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(false)}>Close</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={removing !== undefined} onClose={() => setRemoving(undefined)} aria-labelledby="remove-tab-title">
        <DialogTitle id="remove-tab-title">{`Remove tab ${(removing ?? 0) + 1}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>Its title, description and questions are removed from the guideline when you save.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(undefined)} color="inherit">
            Keep
          </Button>
          <Button color="error" variant="contained" onClick={() => removing !== undefined && removeItem(removing)}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
