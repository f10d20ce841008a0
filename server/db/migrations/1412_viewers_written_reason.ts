import { sql, type Kysely } from 'kysely';

/**
 * The visibility rows (`buffer_viewers`, migration 0810) of a step's approver and a timeline
 * entry's user without evaluating the whole rule: the row just written is itself one of the rule's
 * reasons (an approver of the document, a user in its timeline), so the pair is added as it is. Only
 * a pair the row no longer names (a delete, a changed approver or document) is evaluated, since it
 * may have lost its only reason. Every decision wrote two such rows and evaluated the five reasons
 * twice (about 0.1 ms of the database's time per decision); `tests/server/buffer-viewers.test.ts`
 * holds the table equal to the rule after every kind of change.
 */
const GUARD = `if current_setting('ringi.viewers_deferred', true) = 'on' then return null; end if;`;

const written = (person: string) => `
  begin
    ${GUARD}
    if tg_op in ('INSERT', 'UPDATE') and new.${person} is not null then
      insert into buffer_viewers (buffer_id, user_id) values (new.buffer_id, new.${person}) on conflict do nothing;
    end if;
    if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.buffer_id, old.${person}) is distinct from (new.buffer_id, new.${person})) then
      perform ringi_viewer_refresh(old.buffer_id, old.${person});
    end if;
    return null;
  end`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function ringi_viewers_step() returns trigger language plpgsql as $$${written('approver_id')}$$`).execute(db);
  await sql.raw(`create or replace function ringi_viewers_log() returns trigger language plpgsql as $$${written('user_id')}$$`).execute(db);
}

/** Back to the rule evaluated for both pairs (migration 0811's bodies). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, person] of [['ringi_viewers_step', 'approver_id'], ['ringi_viewers_log', 'user_id']]) {
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        ${GUARD}
        if tg_op in ('UPDATE', 'DELETE') then perform ringi_viewer_refresh(old.buffer_id, old.${person}); end if;
        if tg_op in ('INSERT', 'UPDATE') then perform ringi_viewer_refresh(new.buffer_id, new.${person}); end if;
        return null;
      end $$`).execute(db);
  }
}
