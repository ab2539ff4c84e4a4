/**
 * Feature use over time, declared once for its three readers: the account's own devices (Usage &
 * Sessions), an organization's members together (the owner's team page) and the whole product
 * (the console's feature adoption). The Worker mounts its handlers on these
 * (functions/routes/usage-trend.ts) and the OpenAPI document (document.ts) publishes them. Paths
 * are relative to `/api`.
 */
import type { ErrorCode } from '../catalogue';
import { accountTrendQuerySchema, trendQuerySchema } from '../schemas/usage-trend';
import { accountSession, operatorReadErrors, operatorSession, sessionReadErrors } from './access';
import { declareRoute, errorAnswers, jsonAnswer } from './describe';
import { usageTrendSchema } from './usage-trend-schemas';

/** What every trend answer holds, for the descriptions. */
const series =
  'per command its uses per day (30 days) or per week (Monday to Sunday, UTC, for 90 and 365 days), most used first, and its uses in the last 30 days against the 30 days before';
/** The owner's reads: anyone but the organization's owner is refused (403 `FORBIDDEN`). */
const ownerReadErrors: readonly ErrorCode[] = [...sessionReadErrors, 'FORBIDDEN'];

export const accountUsageTrendRoute = declareRoute({
  method: 'get',
  path: '/usage/trend',
  operationId: 'getFeatureUsageTrend',
  tags: ['Usage and sessions'],
  summary: 'Feature usage over time',
  description: `The plugin's daily reports for the account's devices (or the one \`device\`, its machine id) over the last \`days\` days: ${series}. Days older than 90 are kept per calendar month only, so the 365-day series starts with whole months. A device that never reported use on this account answers 404 \`NOT_FOUND\`.`,
  security: accountSession,
  request: { query: accountTrendQuerySchema },
  get responses() {
    return {
      200: jsonAnswer(usageTrendSchema, 'The series.'),
      ...errorAnswers(...sessionReadErrors, 'VALIDATION_FAILED', 'NOT_FOUND'),
    };
  },
});

export const teamUsageTrendRoute = declareRoute({
  method: 'get',
  path: '/team/usage-trend',
  operationId: 'getTeamUsageTrend',
  tags: ['Team'],
  summary: 'Team feature usage over time',
  description: `The devices of every active member of the organization together, over the last \`days\` days: ${series}. Days older than 90 are kept per calendar month only, so the 365-day series starts with whole months. For the owner only.`,
  security: accountSession,
  request: { query: trendQuerySchema },
  get responses() {
    return {
      200: jsonAnswer(usageTrendSchema, 'The series.'),
      ...errorAnswers(...ownerReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const adminUsageTrendRoute = declareRoute({
  method: 'get',
  path: '/admin/usage-trend',
  operationId: 'getProductUsageTrend',
  tags: ['Console: customers'],
  summary: 'Product feature usage over time',
  description: `Every device's reports together, from the product's daily totals, over the last \`days\` days: ${series}.`,
  security: operatorSession,
  request: { query: trendQuerySchema },
  get responses() {
    return {
      200: jsonAnswer(usageTrendSchema, 'The series.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

/** The account's and the owner's calls, in the order the document lists them. */
export const usageTrendRoutes = [accountUsageTrendRoute, teamUsageTrendRoute];
/** The console's call. */
export const adminUsageTrendRoutes = [adminUsageTrendRoute];
