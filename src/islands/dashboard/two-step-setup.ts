/**
 * Starts setting up two-step sign-in: POST /api/two-step/setup, behind the step-up dialog when the
 * server wants a fresh proof first. Loaded when "Set Up an Authenticator App" is pressed, beside
 * the steps (TwoStepSteps.tsx), which render the answer: a failed load of either is said where it
 * happened.
 */
import { apiCall } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { isStartTwoStepSetupAnswer } from '../../generated/answers/StartTwoStepSetupAnswer';

export const startTwoStepSetup = () =>
  withFreshProof(() => apiCall('POST', '/api/two-step/setup', isStartTwoStepSetupAnswer));
