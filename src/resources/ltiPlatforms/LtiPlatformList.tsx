import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import { LtiRegistrationPanel } from './LtiRegistrationPanel';

/** The registered LMSs (the generated list) and, below it, what an LMS needs to know about the portal. */
export function withRegistrationPanel(GeneratedList: ComponentType): ComponentType {
  function LtiPlatformList() {
    return (
      <>
        <GeneratedList />
        <Box sx={{ mt: 2, mb: 2 }}>
          <LtiRegistrationPanel />
        </Box>
      </>
    );
  }
  return LtiPlatformList;
}
