import { globalPlugin } from '../lib/global-plugin';
import { applyExposureRule } from '../security/exposure-rule';

/**
 * One exposure rule for every route (server/README.md "What each user may read"): before an
 * authenticated answer is serialized, user records and bank accounts in it are cut to what the
 * viewer may read. A hook rather than per-route code, so a new lookup cannot forget it.
 */
export default globalPlugin(async (app) => {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.user || typeof payload !== 'object' || payload === null) return payload;
    return applyExposureRule(payload, request.user);
  });
});
