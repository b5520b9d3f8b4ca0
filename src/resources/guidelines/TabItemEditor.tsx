import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { FieldErrors } from '../../ui/forms/fieldErrors';
import { FaqEditor } from './FaqEditor';
import { emptyFaq, move, removeAt, replaceAt, type ItemDraft } from './guidelineDraft';

interface TabItemEditorProps {
  index: number;
  count: number;
  item: ItemDraft;
  errors: FieldErrors;
  /** `path` names the edited field; structural changes (FAQs added, moved, removed) pass none. */
  onChange: (item: ItemDraft, path?: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One tab menu item: title, description and its FAQs, with move and remove buttons. */
export function TabItemEditor({ index, count, item, errors, onChange, onMove, onRemove }: TabItemEditorProps) {
  const number = index + 1;
  const path = `content.${index}`;
  const titlePath = `${path}.title`;
  const descriptionPath = `${path}.description`;
  const faqsError = errors[`${path}.faqs`];

  return (
    <Card variant="outlined" role="group" aria-label={`Tab ${number}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, bgcolor: 'action.hover' }}>
        <Chip label={`Tab ${number}`} size="small" color="primary" />
        <Typography noWrap sx={{ flex: 1, minWidth: 0, color: item.title ? 'text.primary' : 'text.disabled', fontWeight: 500 }}>
          {item.title || 'Untitled tab'}
        </Typography>
        <Tooltip title="Move up">
          <span>
            <IconButton size="small" aria-label={`Move tab ${number} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton size="small" aria-label={`Move tab ${number} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Remove tab">
          <IconButton size="small" aria-label={`Remove tab ${number}`} onClick={onRemove}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            id={titlePath}
            name={titlePath}
            label="Title"
            fullWidth
            value={item.title}
            onChange={(event) => onChange({ ...item, title: event.target.value }, titlePath)}
            error={Boolean(errors[titlePath])}
            helperText={errors[titlePath] ?? 'The label of the tab'}
          />
          <TextField
            id={descriptionPath}
            name={descriptionPath}
            label="Description"
            fullWidth
            multiline
            minRows={4}
            maxRows={16}
            value={item.description}
            onChange={(event) => onChange({ ...item, description: event.target.value }, descriptionPath)}
            error={Boolean(errors[descriptionPath])}
            helperText={errors[descriptionPath] ?? 'Shown when the tab is open. Line breaks are kept.'}
          />
          <Box>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {`FAQs${item.faqs.length ? ` (${item.faqs.length})` : ''}`}
            </Typography>
            {faqsError && (
              <Typography color="error" variant="body2" sx={{ mb: 1 }}>
                {faqsError}
              </Typography>
            )}
            <Stack spacing={1.5}>
              {item.faqs.map((faq, faqIndex) => (
                <FaqEditor
                  key={faq.key}
                  path={`${path}.faqs.${faqIndex}`}
                  tabNumber={number}
                  index={faqIndex}
                  count={item.faqs.length}
                  faq={faq}
                  errors={errors}
                  onChange={(next, fieldPath) => onChange({ ...item, faqs: replaceAt(item.faqs, faqIndex, next) }, fieldPath)}
                  onMove={(to) => onChange({ ...item, faqs: move(item.faqs, faqIndex, to) })}
                  onRemove={() => onChange({ ...item, faqs: removeAt(item.faqs, faqIndex) })}
                />
              ))}
            </Stack>
            <Button
              startIcon={<AddIcon />}
              size="small"
              sx={{ mt: item.faqs.length ? 1.5 : 0 }}
              onClick={() => onChange({ ...item, faqs: [...item.faqs, emptyFaq()] })}
              aria-label={`Add a question to tab ${number}`}
            >
              Add question
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
