import { useState } from 'react';
import { useListContext } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { showToast } from '../../../ui/toast/toastStore';
import { TRANSFER_FORMATS, TRANSFER_FORMAT_LABELS, exportMatching, exportQuestions, type TransferFormat } from './questionTransferApi';

const FORMAT_NOTES: Record<TransferFormat, string> = {
  xlsx: 'Every type; opens in Excel, imports back',
  aiken: 'Single-choice questions only',
  gift: 'Moodle and other LMSs',
  xml: 'Moodle’s own format: names, categories, tags, feedback',
};

interface ExportMenuButtonProps {
  /** 'selected': the list's selected rows (a bulk action); 'matching': everything the filter matches. */
  scope: 'selected' | 'matching';
  /** The API filter of the list, for 'matching'. */
  filter?: Record<string, unknown>;
}

/** Export questions as Excel, Aiken, GIFT or Moodle XML: the selected ones, or every one the filters match. */
export function ExportMenuButton({ scope, filter = {} }: ExportMenuButtonProps) {
  const { selectedIds, total, filterValues } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const count = scope === 'selected' ? selectedIds.length : (total ?? 0);
  const menuId = `question-export-${scope}`;

  const run = async (format: TransferFormat) => {
    setAnchor(null);
    setBusy(true);
    const saved =
      scope === 'selected' ? await exportQuestions(format, selectedIds) : await exportMatching(format, { ...filter, ...filterValues });
    setBusy(false);
    if (saved) showToast({ severity: 'success', summary: `${count} ${count === 1 ? 'question' : 'questions'} exported` });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy || count === 0}
      >
        {scope === 'selected' ? 'Export' : 'Export all'}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {TRANSFER_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            <ListItemText primary={TRANSFER_FORMAT_LABELS[format]} secondary={FORMAT_NOTES[format]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
