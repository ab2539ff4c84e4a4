/**
 * Plain sentences for request fields that fail their schema without a text of their own. Zod's
 * defaults ("Too big: expected string to have <=100 characters") are for developers; the API
 * answers these instead (functions/lib/validate.ts), while every product text set on a schema wins.
 */
import type { z } from 'zod';

/** `customerName` → "Customer name"; the whole body when the issue has no field. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (!key) return 'The request body';
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const units: Record<string, string> = { string: 'characters', array: 'items', set: 'items' };

/** The plain sentence for one zod issue (a zod error-map customizer). */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? `${field} is required.`
        : `${field} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}.`;
    case 'too_small': {
      const unit = units[issue.origin];
      if (unit === 'characters' && Number(issue.minimum) <= 1) return `${field} is required.`;
      return unit
        ? `${field} must have at least ${issue.minimum} ${unit}.`
        : `${field} must be at least ${issue.minimum}.`;
    }
    case 'too_big': {
      const unit = units[issue.origin];
      return unit
        ? `${field} must have at most ${issue.maximum} ${unit}.`
        : `${field} must be at most ${issue.maximum}.`;
    }
    case 'invalid_format':
      return issue.format === 'email'
        ? `${field} must be a valid e-mail address.`
        : `${field} is not in the expected format.`;
    case 'unrecognized_keys':
      return `${field} has fields that are not allowed: ${issue.keys.join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}
