import Alert from '@mui/material/Alert';

/**
 * The warning for links that students cannot open: the links handed to students start with
 * PUBLIC_URL (the server builds them), and this browser is on another origin, so PUBLIC_URL
 * names an address the teacher does not use (typically the quick start's http://localhost:PORT
 * while the portal is reached over the network). Undefined when they agree or nothing is known.
 */
export function linkBaseWarning(linkBase: string | undefined, browserOrigin: string): string | undefined {
  if (!linkBase) return undefined;
  let origin: string;
  try {
    origin = new URL(linkBase).origin;
  } catch {
    return undefined;
  }
  if (origin === browserOrigin) return undefined;
  return `Links point to ${linkBase.replace(/\/+$/, '')}; students on other machines cannot open them. Set PUBLIC_URL.`;
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
