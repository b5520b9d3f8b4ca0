import { Link } from 'react-router';
import { useBasename, useResourceContext } from 'react-admin';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';

/**
 * For a students list's toolbar: opens the upload screen, mounted at `{section}/upload` next
 * to the list (`section` defaults to the list's resource, e.g. 'students').
 */
export function UploadStudentsButton({ section }: { section?: string }) {
  const basename = useBasename();
  const resource = useResourceContext();
  const name = section ?? resource ?? 'students';
  return (
    <Button component={Link} to={`${basename}/${name}/upload`} size="small" startIcon={<UploadFileIcon />}>
      Upload students
    </Button>
  );
}
