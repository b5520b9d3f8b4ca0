import Alert from '@mui/material/Alert';

/** An address only the machine it names can open: localhost, 127.0.0.0/8, ::1. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';

/**
 * The warning for links handed to students that start somewhere this browser is not: the server
 * builds them from PUBLIC_URL, and this browser is on another origin. A loopback PUBLIC_URL (the
 * quick start's http://localhost:PORT while the portal is reached over the network) cannot be
 * opened from any other machine; any other PUBLIC_URL may be right for the students, so the
 * warning then only says where the links point. Undefined when they agree or nothing is known.
 */
export function linkBaseWarning(linkBase: string | undefined, browserOrigin: string): string | undefined {
  if (!linkBase) return undefined;
  let url: URL;
  try {
    url = new URL(linkBase);
  } catch {
    return undefined;
  }
  if (url.origin === browserOrigin) return undefined;
  const base = linkBase.replace(/\/+$/, '');
  return isLoopback(url.hostname)
    ? `Links point to ${base}; students on other machines cannot open them. Set PUBLIC_URL.`
    : `Links point to ${base}, not to ${browserOrigin} where this page is open. Check that students can open ${base}, or set PUBLIC_URL to the address they use.`;
}

/** Above the manage page's links: says plainly when they point somewhere this browser is not. */
export function LinkBaseWarning({ linkBase }: { linkBase: string | undefined }) {
  const warning = linkBaseWarning(linkBase, window.location.origin);
  if (!warning) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {warning}
    </Alert>
  );
}
