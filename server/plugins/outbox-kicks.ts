import { globalPlugin } from '../lib/global-plugin';
import type { DocumentNotes } from '../lib/document-events';
import { collectRequestWork, type Outbox } from '../lib/outbox-kicks';

/**
 * One kick for the outboxes a request filled: each request's handler runs with a set that
 * `noteQueued` (mail/outbox.ts, workflow/mail/notifications.ts, webhook-outbox.ts) adds to, and
 * after a successful response the mailer, the push sender and the webhook dispatcher are kicked
 * only if the request queued into theirs — the rows are committed by then. A request that queued
 * nothing costs no claim UPDATE (a decision that mails nobody ran one on the mail outbox).
 * Registered after the mail, webhooks and push plugins, before the routes. A mail queued by a
 * request that fails (an account locked by its sign-in) is kicked by its route.
 *
 * The timeline entries a request wrote (`writeApprovalLog` notes them) are announced to the live
 * lists after its response, whatever its status (an entry committed before a later failure is still
 * news; one rolled back makes a client read again and find nothing new): `app.live.announce`.
 */
export default globalPlugin(async (app) => {
  app.decorateRequest('queuedOutboxes', null);
  app.decorateRequest('documentNotes', null);
  app.addHook('preHandler', (request, _reply, done) => {
    const outboxes = new Set<Outbox>();
    const notes: DocumentNotes = { notes: [], closed: false };
    request.queuedOutboxes = outboxes;
    request.documentNotes = notes;
    collectRequestWork({ outboxes, documents: notes }, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const notes = request.documentNotes;
    if (notes) {
      notes.closed = true;
      if (notes.notes.length) app.live.announce(notes.notes);
    }
    const outboxes = request.queuedOutboxes;
    if (!outboxes?.size || reply.statusCode >= 400) return;
    if (outboxes.has('mail')) app.mailer.kick();
    if (outboxes.has('webhooks')) app.webhooks.kick();
    if (outboxes.has('push')) app.push.kick();
  });
});
