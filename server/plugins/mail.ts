import { globalPlugin } from '../lib/global-plugin';
import { createMailer } from '../mail/mailer';

/** `app.mailer`: the outbox dispatcher, stopped (after its current round) when the app closes. */
export default globalPlugin(async (app) => {
  const mailer = createMailer(app.config, app.db, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => { await mailer.close(); });
});
