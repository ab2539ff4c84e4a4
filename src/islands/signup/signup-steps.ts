/**
 * Everything the signup flow needs once a person acts (checks, API calls, reading the answers,
 * the checkout hand-off), gathered so use-signup-flow.ts loads it on the first keystroke or click
 * instead of with the page (DESIGN §5 budgets: the page renders with the form alone).
 */
export { normalizeEmail } from '../../contract/rules';
export { ApiFailure, messageFor } from '../shared/api';
export { checkSignup } from './form-rules';
export { interpretVerification, screenFor } from './outcomes';
export { checkCode, registerEmailTrial, registerGoogleTrial, sendCode } from './signup-api';
export { continueStandardSignup } from './standard-checkout';
