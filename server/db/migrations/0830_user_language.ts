import { sql, type Kysely } from 'kysely';

/**
 * Each user's language (en, ja or zh; null = not chosen yet, mails then go in ja, the stored
 * default of spec 000 §1): mails are written in the recipient's language, not the actor's.
 * Set at login and when the user picks a language in the app.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'ja', 'zh'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists language`.execute(db);
}
