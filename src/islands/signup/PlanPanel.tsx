/** The side panel of /signup: price and duration of the plan, and its steps. */
import { invoiceSignupSteps } from '../../contract/invoice-texts';
import type { SignupPlan } from '../../contract/signup';
import type { Plan } from '../../site.config';
import { paysByInvoiceIn, SeatChooser, useSignupQuery } from './SeatChooser';

/** What /signup shows of a plan; src/pages/signup.astro passes it in from the plan config. */
export type SignupPlanDetails = Pick<Plan, 'name' | 'priceLabel' | 'period' | 'summary'>;

const steps: Record<SignupPlan, readonly string[]> = {
  trial: [
    'Fill in the form and confirm your e-mail address with the code we send you.',
    'Get immediate access to your dashboard.',
    'Receive the download link and your license key by e-mail.',
  ],
  standard: [
    'Fill in the form and confirm your e-mail address with the code we send you.',
    'You are redirected to our secure card checkout.',
    'Your dashboard opens as soon as the payment is confirmed.',
    'We e-mail you the download link and your license key.',
  ],
};

export function PlanPanel({ plan, details }: { plan: SignupPlan; details: SignupPlanDetails }) {
  // A team paying by bank transfer goes through other steps than the card checkout.
  const search = useSignupQuery();
  const byInvoice = plan === 'standard' && paysByInvoiceIn(search);
  return (
    <aside className="card signup-panel" aria-labelledby="signup-plan-name">
      <h2 id="signup-plan-name">{details.name}</h2>
      <p className="signup-price">
        <span className="signup-amount">{details.priceLabel}</span>{' '}
        <span className="signup-period">{details.period}</span>
      </p>
      <p className="signup-summary">{details.summary}</p>
      {plan === 'standard' && <SeatChooser />}
      <h3>What happens next</h3>
      <ol className="signup-steps">
        {(byInvoice ? invoiceSignupSteps : steps[plan]).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </aside>
  );
}
