import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Markdown } from './Markdown';

/**
 * A descriptive question's model answer or rubric (Markdown), beside a student's answer on the
 * grading screens. Only graders see it: the server never puts it in a student's paper or review.
 */
export function ModelAnswer({ text }: { text: string | null | undefined }) {
  if (!text?.trim()) return null;
  return (
    <Box component="section" aria-label="Model answer" sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'info.light', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="info.main" component="h4" sx={{ m: 0, mb: 0.5, fontWeight: 600 }}>
        Model answer (for graders only)
      </Typography>
      <Markdown>{text}</Markdown>
    </Box>
  );
}
