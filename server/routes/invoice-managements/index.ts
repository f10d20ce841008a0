import type { FastifyPluginAsync } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { badRequest, errorResponseSchema } from '../../lib/errors';
import { statisticFacts } from '../../statistics/facts';
import { addInvoiceFiles, approveInvoices, invoiceModules, listInvoices, registerInvoices } from '../../statistics/invoices';
import { doc } from '../route-schemas';
import {
  InvoiceCollection, InvoiceDone, InvoiceQuery, InvoiceTransactions, InvoiceUpload, MAX_INVOICE_FILES,
} from '../../../src/wire/invoices';
import { requireArea, statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema } as const;

/**
 * Invoice management (spec 001 §2, §7, §8): the list of registered documents awaiting their
 * invoices, the register list, registering, adding e-invoice / paper files, and confirming.
 * Which modules take part and which fields hold the files: `ui:module.statistics.invoices`.
 * Authorizer, finance or treasury; the user's companies only.
 */
const invoiceManagements: FastifyPluginAsync = async (app) => {
  const modulesOf = perSet((set) => invoiceModules(set.modules, statisticFacts(set)));
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', requireArea('statistic'));

  app.get<{ Querystring: InvoiceQuery }>('/invoice_managements', {
    schema: {
      ...doc('obtained=false (default): documents registered for invoice management and not yet confirmed, with their e-invoice and '
        + 'application-paper files and counts; obtained=true: the register list — approved documents of the module not registered yet. '
        + 'moduleCode (an invoice module; default the first), applicationCode (contains), 5 per page, newest first.'),
      querystring: InvoiceQuery,
      response: { 200: InvoiceCollection, ...errors },
    },
  }, async (request) => {
    const modules = modulesOf(request.definitions);
    const code = request.query.moduleCode ?? modules[0]?.code;
    const module = modules.find((m) => m.code === code);
    if (!module) throw badRequest(request.t('server.statistics.invoices.unknownModule', { code: code ?? '' }));
    return listInvoices(app.db, statisticsContext(request), request.query, module);
  });

  app.post<{ Body: InvoiceTransactions }>('/invoice_management_show', {
    schema: { ...doc('Registers approved documents (from the register list) for invoice management; 409 when one is not approved or already registered.'), body: InvoiceTransactions, response: { 200: InvoiceDone, ...errors } },
  }, async (request) => registerInvoices(app.db, statisticsContext(request), request.body.transactions, modulesOf(request.definitions)));

  app.post<{ Body: InvoiceTransactions }>('/invoice_management_approve', {
    schema: { ...doc('Confirms the invoices of registered documents as obtained (they leave the list); 409 when one is not registered or already confirmed.'), body: InvoiceTransactions, response: { 200: InvoiceDone, ...errors } },
  }, async (request) => approveInvoices(app.db, statisticsContext(request), request.body.transactions, modulesOf(request.definitions)));

  app.post<{ Body: InvoiceUpload }>('/invoice_managements', {
    schema: {
      ...doc(`Adds the user's uploaded e-invoices (document type e-invoice) and application papers (app-paper) to registered documents; `
        + `existing files are kept. At least one file; at most ${MAX_INVOICE_FILES} of each kind per document.`),
      body: InvoiceUpload, response: { 200: InvoiceDone, ...errors },
    },
  }, async (request) => addInvoiceFiles(app.db, statisticsContext(request), request.body, modulesOf(request.definitions)));
};

export default invoiceManagements;
