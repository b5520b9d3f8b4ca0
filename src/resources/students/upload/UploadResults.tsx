import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ImportedAccount, RowError } from './studentUploadApi';

/** Column names as the template spells them, shown with a readable label. */
const FIELD_LABELS: Record<string, string> = {
  fullname: 'Full name',
  username: 'Username',
  email: 'Email',
  phone: 'Phone',
  semester: 'Semester',
  batch: 'Batch',
};

const tableSx = { maxHeight: 440, '& th': { fontWeight: 600, bgcolor: 'background.paper' } } as const;

const NOTHING_IMPORTED = 'No students were imported';

/** The server's message without its leading "No students were imported:", which the alert's title says. */
function detailOf(message: string): string {
  const rest = message.startsWith(NOTHING_IMPORTED) ? message.slice(NOTHING_IMPORTED.length).replace(/^[:\s]+/, '') : message;
  return rest ? rest[0]!.toUpperCase() + rest.slice(1) : '';
}

/** A refused sheet: nothing was imported, and every bad cell is listed by its row number. */
export function RejectedRows({ message, rows }: { message: string; rows: readonly RowError[] }) {
  const badRows = new Set(rows.map((row) => row.row)).size;
  return (
    <Stack spacing={2} component="section" aria-label="Rows with errors">
      <Alert severity="error">
        <AlertTitle>{NOTHING_IMPORTED}</AlertTitle>
        {detailOf(message)}
      </Alert>
      <Paper variant="outlined">
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {`Rows to correct (${badRows})`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Correct these rows in the sheet and upload it again. The row numbers are those of the spreadsheet.
          </Typography>
        </Box>
        <TableContainer sx={tableSx}>
          <Table size="small" stickyHeader aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 80 }}>Row</TableCell>
                <TableCell sx={{ width: 160 }}>Field</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={`${row.row}-${row.field}-${index}`} hover>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{FIELD_LABELS[row.field] ?? row.field}</TableCell>
                  <TableCell>{row.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

/** A successful import: the count, the initial passwords as a sheet to download, and the accounts. */
export function ImportedAccounts({
  message,
  accounts,
  onDownload,
}: {
  message: string;
  accounts: readonly ImportedAccount[];
  onDownload: () => void;
}) {
  return (
    <Stack spacing={2} component="section" aria-label="Imported students">
      <Alert
        severity="success"
        action={
          <Button color="inherit" variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={onDownload} sx={{ whiteSpace: 'nowrap' }}>
            Download initial passwords
          </Button>
        }
      >
        <AlertTitle>{message}</AlertTitle>
        Each student signs in with the initial password below and must then choose their own. The passwords are shown
        only now: download the sheet before you leave this page.
      </Alert>
      <Paper variant="outlined">
        <TableContainer sx={tableSx}>
          <Table size="small" stickyHeader aria-label="Imported students">
            <TableHead>
              <TableRow>
                <TableCell>Full name</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Initial password</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.map((account) => (
                <TableRow key={account.username} hover>
                  <TableCell>{account.fullname}</TableCell>
                  <TableCell>{account.username}</TableCell>
                  <TableCell>{account.email}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.9rem' }}>{account.initialPassword}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
