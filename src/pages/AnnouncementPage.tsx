import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../config/constants';
import { PublicPage } from './PublicPage';

/** '/' on hosts other than the official one: point users to the real address. */
export function AnnouncementPage({ domain }: { domain: string }) {
  const url = `https://${domain}`;
  return (
    <PublicPage title={`${PRODUCT_NAME} is live`}>
      <Typography sx={{ mb: 2 }}>
        {PRODUCT_NAME} is now live on its official domain: <Link href={url}>{domain}</Link>
      </Typography>
      <Typography component="footer" variant="body2" sx={{ color: 'text.secondary' }}>
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </Typography>
    </PublicPage>
  );
}
