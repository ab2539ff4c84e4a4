/**
 * The operator console's API (docs/operating.md), every route behind `requireOperator`: a fresh
 * operator session, same-site, rate-limited, and every change a recent step-up. Each action answers what to show next, so the
 * console redraws from one answer.
 */
import type {
  AuditPage,
  CustomerActionResult,
  CustomerDetail,
  Inbox,
  Operator,
  SearchResults,
} from '../../src/contract/admin';
import {
  addNoteRoute,
  auditRoute,
  customerActionRoute,
  customerRoute,
  deleteNoteRoute,
  handleMessageRoute,
  inboxRoute,
  metricsRoute,
  operatorRoute,
  replyRoute,
  searchRoute,
} from '../../src/contract/api/admin-routes';
import type { BusinessMetrics } from '../../src/contract/admin-metrics';
import { ConsoleMessages } from '../../src/contract/messages';
import type { MessageResponse } from '../../src/contract/user';
import { DAY_MS } from '../services/shared/db';
import { declaredRoutes } from '../lib/openapi';
import {
  operatorAct,
  operatorActs,
  requireOperator,
  type OperatorEnv,
} from '../middleware/operator';
import { auditPage } from '../services/admin/audit';
import { customerDetail } from '../services/admin/customer';
import { runCustomerAction } from '../services/admin/customer-actions';
import { inboxPage, markHandled, replyToMessage } from '../services/admin/inbox';
import { addNote, deleteNote } from '../services/admin/notes';
import { businessMetrics } from '../services/admin/metrics';
import { toOperatorView } from '../services/admin/operators';
import { searchCustomers } from '../services/admin/search';

const router = declaredRoutes<OperatorEnv>();
router.use('/admin/*', ...requireOperator);

export const adminRoutes = router

  .openapi(operatorRoute, (c) => c.json(toOperatorView(c.get('operator')) satisfies Operator, 200))

  .openapi(metricsRoute, async (c) => {
    const { db, now } = c.get('deps');
    const metrics = await businessMetrics(db, c.req.valid('query').range, now);
    return c.json(metrics satisfies BusinessMetrics, 200);
  })

  .openapi(searchRoute, async (c) => {
    const { q, cursor } = c.req.valid('query');
    const results = await searchCustomers(c.get('deps').db, q, cursor);
    return c.json(results satisfies SearchResults, 200);
  })

  .openapi(customerRoute, async (c) => {
    const { db, now } = c.get('deps');
    const detail = await customerDetail(db, c.req.valid('param').id, now, c.get('operator').userId);
    return c.json(detail satisfies CustomerDetail, 200);
  })

  .openapi(customerActionRoute, async (c) => {
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const userId = c.req.valid('param').id;
    const message = await runCustomerAction(deps, operatorAct(c, body.reason), userId, body);
    const detail = await customerDetail(deps.db, userId, deps.now, c.get('operator').userId);
    return c.json({ message, detail } satisfies CustomerActionResult, 200);
  })

  .openapi(addNoteRoute, async (c) => {
    const deps = c.get('deps');
    const userId = c.req.valid('param').id;
    await addNote(deps, operatorActs(c), userId, c.req.valid('json').text);
    const detail = await customerDetail(deps.db, userId, deps.now, c.get('operator').userId);
    return c.json(
      { message: ConsoleMessages.noteAdded, detail } satisfies CustomerActionResult,
      200,
    );
  })

  .openapi(deleteNoteRoute, async (c) => {
    const deps = c.get('deps');
    const userId = c.req.valid('param').id;
    await deleteNote(deps, operatorActs(c), userId, c.req.valid('param').noteId);
    const detail = await customerDetail(deps.db, userId, deps.now, c.get('operator').userId);
    return c.json(
      { message: ConsoleMessages.noteDeleted, detail } satisfies CustomerActionResult,
      200,
    );
  })

  .openapi(inboxRoute, async (c) => {
    const { status, cursor } = c.req.valid('query');
    return c.json((await inboxPage(c.get('deps').db, status, cursor)) satisfies Inbox, 200);
  })

  .openapi(handleMessageRoute, async (c) => {
    const { note } = c.req.valid('json');
    await markHandled(c.get('deps').db, operatorAct(c, note), c.req.valid('param').id);
    return c.json({ message: ConsoleMessages.messageHandled } satisfies MessageResponse, 200);
  })

  .openapi(replyRoute, async (c) => {
    await replyToMessage(
      c.get('deps'),
      operatorActs(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ message: ConsoleMessages.replySent } satisfies MessageResponse, 200);
  })

  .openapi(auditRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await auditPage(c.get('deps').db, {
      operatorId: query.operator,
      userId: query.customer,
      action: query.action,
      // Whole UTC days: from the start of `from` to the end of `to`.
      from: query.from === undefined ? undefined : Date.parse(`${query.from}T00:00:00Z`),
      until: query.to === undefined ? undefined : Date.parse(`${query.to}T00:00:00Z`) + DAY_MS,
      cursor: query.cursor,
    });
    return c.json(page satisfies AuditPage, 200);
  });
