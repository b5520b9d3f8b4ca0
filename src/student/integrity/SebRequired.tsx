import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { downloadFile, isDownloadedFile } from '../../api/fileTransfer';
import { saveBlob } from '../../ui/saveBlob';
import { Fact, FactList } from '../quizzes/FactList';
import { durationText, windowText } from '../quizzes/quizFacts';
import type { QuizDetail } from '../api/types';

/** The quiz a SEB refusal of the instructions names: its name, window and duration, as the instruction page shows them. */
type SebQuizFacts = Pick<QuizDetail, 'name' | 'validFrom' | 'validTo' | 'duration' | 'extraMinutes'>;

/** The data of the server's SEB refusal (403, SEB_REQUIRED). */
export interface SebRefusalData {
  sebRequired?: boolean;
  sebLink?: string;
  quizId?: number;
  quiz?: SebQuizFacts;
}

export interface SebRefusal {
  quizId: number;
  sebLink: string;
  message: string;
  quiz?: SebQuizFacts;
}

async function downloadConfig(quizId: number) {
  const answer = await downloadFile(`/student/quizzes/${encodeURIComponent(quizId)}/seb`);
  if (isDownloadedFile(answer)) saveBlob(answer.blob, answer.filename ?? 'quiz.seb');
}

/** What the instruction page shows instead of Start when the quiz must be taken in Safe Exam Browser. */
export function SebRequired({ refusal, headingId }: { refusal: SebRefusal; headingId: string }) {
  const { quiz } = refusal;
  return (
    <Box data-testid="seb-required">
      <Typography id={headingId} component="h1" variant="h5" gutterBottom>
        {quiz?.name ?? 'Instructions'}
      </Typography>
      {quiz && (
        <Box sx={{ mb: 2 }}>
          <FactList>
            <Fact term="Window">{windowText(quiz)}</Fact>
            <Fact term="Duration">{durationText(quiz.duration, quiz.extraMinutes)}</Fact>
          </FactList>
        </Box>
      )}
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>Safe Exam Browser required</AlertTitle>
        {refusal.message}.
      </Alert>
      <Typography component="h2" variant="h6" gutterBottom>
        How to start this quiz
      </Typography>
      <Box component="ol" sx={{ pl: 3, '& li': { mb: 1 } }}>
        <li>
          Install Safe Exam Browser on this computer, from <Link href="https://safeexambrowser.org/download_en.html">safeexambrowser.org</Link> or as your college tells you (it
          runs on Windows, macOS and iPad).
        </li>
        <li>
          Open the quiz in it: press <strong>Open in Safe Exam Browser</strong> below. If nothing happens, download the configuration file and open it (double-click): Safe
          Exam Browser starts with your teacher&apos;s settings.
        </li>
        <li>Safe Exam Browser opens this portal on the quiz&apos;s instruction page. Sign in there again if asked, then press Start.</li>
        <li>When you have submitted, use the quit link on the result page (or the password your teacher gives you) to leave Safe Exam Browser.</li>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" href={refusal.sebLink}>
          Open in Safe Exam Browser
        </Button>
        <Button variant="outlined" onClick={() => void downloadConfig(refusal.quizId)}>
          Download the configuration (.seb)
        </Button>
      </Stack>
    </Box>
  );
}
