/** The signup form's values and errors (the checks: form-rules.ts, loaded on first use). */

export interface SignupValues {
  customerName: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export const emptySignup: SignupValues = {
  customerName: '',
  email: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
};

/** Which input a client-side error belongs to, for aria-describedby. */
export type SignupField =
  'customerName' | 'email' | 'password' | 'confirmPassword' | 'agreeToTerms';

export interface FieldError {
  message: string;
  field: SignupField | null;
}
