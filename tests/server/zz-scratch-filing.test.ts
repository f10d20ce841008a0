import { it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { isMailRound } from './mail-round-statements';
import { buildTestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens } from './workflow-fixtures';

it('lists', async () => {
  const list: string[] = [];
  let on = false;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      if (on && !isMailRound(args.node)) list.push(new Error().stack!.split('\n').slice(2, 40).filter((l) => l.includes('/server/') && !l.includes('/db/')).slice(0, 3).map((l) => l.trim().replace(/\(.*\/server\//, '(').replace(/^at /, '')).join(' < ') + '  ' + args.node.kind + ' ' + JSON.stringify((args.node as any).from?.froms?.[0]?.table?.identifier?.name ?? (args.node as any).into?.table?.identifier?.name ?? (args.node as any).table?.table?.identifier?.name ?? ''));
      return args.node;
    },
    async transformResult(args) { return args.result; },
  };
  const t = await buildTestApp({}, [counter]);
  const users = await demoUsers(t.db);
  const token = await tokens(t)('employee');
  await filePurchase(t, token, await purchaseBody(t.db, users));
  const body = await purchaseBody(t.db, users);
  on = true;
  await filePurchase(t, token, body);
  on = false;
  console.log(list.map((l, i) => `${i + 1}. ${l}`).join('\n'));
  await t.close();
});
