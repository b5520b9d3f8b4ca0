import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { authProvider } from './authProvider';

/**
 * Verifies the stored session with the server once, for areas outside react-admin (which does
 * this itself with requireAuth). Returns true once verified; on failure checkAuth has cleared
 * the storage and the user is sent to '/'.
 */
export function useSessionCheck(): boolean {
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    let active = true;
    authProvider.checkAuth().then(
      () => active && setVerified(true),
      () => active && navigate('/', { replace: true }),
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  return verified;
}
