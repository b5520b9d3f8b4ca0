import { useState, type CSSProperties, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';

/** Hidden from sight but not from the keyboard or screen readers: the button around it is what users see. */
const VISUALLY_HIDDEN: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};

const formatSize = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export interface FilePickerProps {
  id: string;
  file: File | null;
  /** The file input's accept list. */
  accept: string;
  /** The file input's accessible name. */
  label: string;
  /** Shown in the empty drop zone, above the button, e.g. 'Drag the file here, or'. */
  dropText: string;
  /** The accepted types and size, under the button. */
  hint: string;
  error?: string;
  disabled?: boolean;
  onChange: (file: File) => void;
}

/** A drop zone with a "Choose file" button; the chosen file's name and size are shown in it. */
export function FilePicker({ id, file, accept, label, dropText, hint, error, disabled, onChange }: FilePickerProps) {
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChange(dropped);
  };

  return (
    <div>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          px: 2,
          py: 3,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          transition: 'background-color 150ms, border-color 150ms',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {file ? (
            <>
              <DescriptionOutlinedIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatSize(file.size)}
              </Typography>
            </>
          ) : (
            <>
              <UploadFileIcon sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden />
              <Typography color="text.secondary">{dropText}</Typography>
            </>
          )}
          {/* The file input inside is the control (focus and name): the label around it is no second button (no nested controls); it shows the input's keyboard focus. */}
          <Button
            component="label"
            role={undefined}
            tabIndex={-1}
            variant="outlined"
            size="small"
            disabled={disabled}
            sx={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
          >
            {file ? 'Choose another file' : 'Choose file'}
            <input
              id={id}
              name={id}
              type="file"
              accept={accept}
              aria-label={label}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
              style={VISUALLY_HIDDEN}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Cleared so that choosing the same file again still counts as a change.
                event.target.value = '';
                if (chosen) onChange(chosen);
              }}
            />
          </Button>
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        </Stack>
      </Box>
      {error && (
        <FormHelperText error id={errorId} sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </div>
  );
}
