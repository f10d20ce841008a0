import type { FastifyPluginAsync } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { badRequest, errorResponseSchema } from '../../lib/errors';
import { collectionSchema, idSchema, objectOf } from '../../lib/http-schemas';
import { requireArea } from '../../statistics/access';
import { statisticFacts } from '../../statistics/facts';
import { addInvoiceFiles, approveInvoices, invoiceModules, listInvoices, MAX_INVOICE_FILES, registerInvoices, type InvoiceQuery } from '../../statistics/invoices';
import { doc } from '../../workflow/schemas';

const idList = (max: number) => ({ type: 'array', items: idSchema, maxItems: max, uniqueItems: true }) as const;
const transactionsBody = { type: 'object', required: ['transactions'], additionalProperties: false, properties: { transactions: idList(100) } } as const;
const uploadBody = {
  type: 'object', required: ['transactions', 'e_invoices', 'application_papers'], additionalProperties: false,
  properties: { transactions: idList(100), e_invoices: idList(MAX_INVOICE_FILES), application_papers: idList(MAX_INVOICE_FILES) },
} as const;
const done = objectOf({ transactions: { type: 'array', items: { type: 'integer' } } });
const row = objectOf({
  id: { type: 'integer' }, code: { type: 'string' }, currency: objectOf({ code: { type: ['string', 'null'] } }), total: { type: ['number', 'null'] },
  requester: objectOf({ name: { type: 'string' } }), created_at: { type: 'string' },
  count_application_paper: { type: 'integer' }, count_einvoice: { type: 'integer' },
  application_papers: { type: 'array', items: objectOf({}) }, e_invoices: { type: 'array', items: objectOf({}) },
});
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
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
          itemsPerPage: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
          moduleCode: { type: 'string', maxLength: 64 }, obtained: { type: 'string', enum: ['true', 'false', '1', '0'] },
          applicationCode: { type: 'string', maxLength: 100 },
        },
      },
      response: { 200: collectionSchema(row), ...errors },
    },
  }, async (request) => {
    const modules = modulesOf(request.definitions);
    const code = request.query.moduleCode ?? modules[0]?.code;
    const module = modules.find((m) => m.code === code);
    if (!module) throw badRequest(request.t('server.statistics.invoices.unknownModule', { code: code ?? '' }));
    return listInvoices(request, request.query, module);
  });

  app.post<{ Body: { transactions: number[] } }>('/invoice_management_show', {
    schema: { ...doc('Registers approved documents (from the register list) for invoice management; 409 when one is not approved or already registered.'), body: transactionsBody, response: { 200: done, ...errors } },
  }, async (request) => registerInvoices(request, request.body.transactions, modulesOf(request.definitions)));

  app.post<{ Body: { transactions: number[] } }>('/invoice_management_approve', {
    schema: { ...doc('Confirms the invoices of registered documents as obtained (they leave the list); 409 when one is not registered or already confirmed.'), body: transactionsBody, response: { 200: done, ...errors } },
  }, async (request) => approveInvoices(request, request.body.transactions, modulesOf(request.definitions)));

  app.post<{ Body: { transactions: number[]; e_invoices: number[]; application_papers: number[] } }>('/invoice_managements', {
    schema: {
      ...doc(`Adds the user's uploaded e-invoices (document type e-invoice) and application papers (app-paper) to registered documents; `
        + `existing files are kept. At least one file; at most ${MAX_INVOICE_FILES} of each kind per document.`),
      body: uploadBody, response: { 200: done, ...errors },
    },
  }, async (request) => addInvoiceFiles(request, request.body, modulesOf(request.definitions)));
};

export default invoiceManagements;
