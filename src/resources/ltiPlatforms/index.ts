import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { withRegistrationPanel } from './LtiPlatformList';

const generated = resourceFromEntity(entities['lti-platforms']);

/**
 * The LMSs registered as LTI 1.3 platforms (admin). The list is the generated one with the panel
 * of what to enter in the LMS (the tool's addresses and signing keys) below it.
 */
export const ltiPlatforms = { ...generated, list: withRegistrationPanel(generated.list) };
