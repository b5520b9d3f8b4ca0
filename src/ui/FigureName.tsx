import InfoOutlined from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { MARKS_EARNED_HELP, MARKS_EARNED_LABEL } from '../schemas/figures';

/**
 * A figure's name with what it means in a tooltip (on hover, focus or tap), by default the module
 * figure: marks earned / marks available over the graded answers.
 */
export function FigureName({ name = MARKS_EARNED_LABEL, help = MARKS_EARNED_HELP }: { name?: string; help?: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {name}
      <Tooltip title={help} enterTouchDelay={0}>
        <IconButton size="small" aria-label={`What ${name} means`} sx={{ ml: 0.25, p: 0.25, verticalAlign: 'middle' }}>
          <InfoOutlined fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </span>
  );
}
