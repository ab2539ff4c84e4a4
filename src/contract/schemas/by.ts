/** Refines a string with one rule of rules.ts (the rule's message becomes the issue's). Server only. */
import type { z } from 'zod';
import type { Rule } from '../rules';

export const by = (rule: Rule) => (value: string, context: z.RefinementCtx) => {
  const message = rule(value);
  if (message) context.addIssue({ code: 'custom', message });
};
