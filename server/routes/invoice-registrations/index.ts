import type { FastifyPluginAsync } from 'fastify';
import { invoiceRegistrationProblem } from '../../../src/engine';
import { errorResponseSchema } from '../../lib/errors';
import { doc } from '../route-schemas';
import { RegistrationCheck, RegistrationParams } from '../../../src/wire/invoice-registration';
import { checkRegistration } from '../../journals/registration-register';

/**
 * `GET /api/invoice_registrations/{number}` (qualified invoices, docs/COMPLIANCE.md): whether a
 * registration number is well formed — `T` + 13 digits with the 法人番号 check digit — with the
 * reason in the request's language, for a form to check as the user types. The same engine
 * function (`invoiceRegistrationProblem`) is the json-logic operation the definitions' rules use,
 * so this answer, the browser's rule and the server's validation of a filing agree. It checks the
 * number's form, not the national register (no call leaves the server). A number of the form
 * (`T` + 13 digits) is checked through the register interface and the result recorded with the day
 * it was made (`invoice_registration_checks`, docs/ACCOUNTING.md), which the journal exports read.
 */
const invoiceRegistrations: FastifyPluginAsync = async (app) => {
  app.get<{ Params: RegistrationParams }>('/invoice_registrations/:number', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Checks a qualified-invoice registration number: `{valid, reason}`; reason null when valid, else a message saying whether the '
        + 'form (T + 13 digits) or the check digit is wrong, and `problem` (`format` or `checkDigit`); `checked_on` the day the check was recorded.'),
      params: RegistrationParams,
      response: {
        200: RegistrationCheck,
        400: errorResponseSchema, 401: errorResponseSchema,
      },
    },
  }, async (request): Promise<RegistrationCheck> => {
    const problem = invoiceRegistrationProblem(request.params.number);
    const checked = problem === 'format' ? null : await checkRegistration(app.db, request.params.number);
    return { valid: problem === null, reason: problem === null ? null : request.t(`server.records.registration.${problem}`), problem, checked_on: checked?.checkedOn ?? null };
  });
};

export default invoiceRegistrations;
