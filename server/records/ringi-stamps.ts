/** What a stamp says: approved (a treasury step's decision too), rejected, or sent back (to a step, to the requester, one step back). */
export type StampKind = 'approved' | 'rejected' | 'sentBack';

/** One decision as the 承認欄 prints it: a round red date stamp. */
export interface RingiStamp {
  kind: StampKind;
  /** The one who decided (the deputy when a deputy did). */
  name: string;
  /** The family name the stamp carries. */
  family: string;
  /** When, as a calendar date in the document company's time zone (YYYY-MM-DD). */
  date: string;
  /** The principal a deputy decided for (代): their full name. */
  deputyFor?: string;
  /** A decision an edit voided (its approvals cleared): printed greyed, marked as voided. */
  voided?: true;
}

/** One step of the route as a box of the 承認欄. */
export interface RingiStepColumn {
  id: number;
  name: string;
  /** The step mode (`any`, `all` 合議, `quorum`): several stamps stand side by side. */
  mode: string;
  /** Approvals the step needs. */
  required: number;
  /** How it stands now. */
  state: 'approved' | 'rejected' | 'pending' | 'skipped' | 'voided';
  stamps: RingiStamp[];
}

/** A step as loaded for the sheet (status 0 pending, 1 done, 2 rejected, as in `approvals`). */
export interface StepRow {
  id: number;
  position: number;
  name: string;
  mode: string;
  required: number;
  status: number;
  skipped: string | null;
  /** The route step (master process) it stands for: a voided step's stamps go to the live step of the same one. */
  master_process_id?: number | null;
  /** Set when an edit voided the step (its decisions no longer count). */
  voided_at?: Date | string | null;
}

/** A timeline entry as loaded for the sheet. */
export interface LogRow {
  approval_id: number | null;
  action: string;
  user_name: string | null;
  principal_name: string | null;
  detail: Record<string, unknown> | null;
  created_at: Date | string;
}

const KIND_OF: Record<string, StampKind> = {
  approve: 'approved', treasury: 'approved', reject: 'rejected', send_back: 'sentBack', send_back_requester: 'sentBack', step_back: 'sentBack',
};

/**
 * The family name a stamp carries: a name written with CJK characters and a space is family
 * name first (山田 太郎 → 山田); a Latin name with a space is given name first (Emi Tanaka →
 * Tanaka); a name without a space is kept whole (林吉).
 */
export function familyNameOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u.test(words[0]) ? words[0] : words[words.length - 1];
}

/**
 * The 承認欄: one box per step of the route in order, each with one stamp per decision in the
 * order they were taken — a 合議 step's approvers side by side, a deputy's stamp with 代 and the
 * principal, a rejection and a send back as such (a send back on the step that sent it back:
 * `detail.step_id`, else the step it was logged on). Decisions on steps an edit voided are
 * stamped greyed (`voided`: the approval was of content that changed, and the sheet shows that it
 * was given and cleared) in the box of the live step of the same route step, or — when the new
 * route has no such step — in a box of their own marked voided. `dateOf` turns an instant into the
 * document's calendar date.
 */
export function ringiStamps(steps: StepRow[], logs: LogRow[], dateOf: (instant: Date) => string): RingiStepColumn[] {
  const live = steps.filter((s) => !s.voided_at);
  const columns = [...live].sort((a, b) => a.position - b.position).map((s): RingiStepColumn => ({
    id: s.id, name: s.name, mode: s.mode, required: s.required, stamps: [],
    state: s.skipped ? 'skipped' : s.status === 1 ? 'approved' : s.status === 2 ? 'rejected' : 'pending',
  }));
  const byId = new Map(columns.map((c) => [c.id, c]));
  const liveOf = new Map(live.filter((s) => s.master_process_id != null).map((s) => [s.master_process_id!, byId.get(s.id)!]));
  const voidedIds = new Set<number>();
  for (const s of [...steps].filter((v) => v.voided_at).sort((a, b) => new Date(a.voided_at!).getTime() - new Date(b.voided_at!).getTime() || a.id - b.id)) {
    voidedIds.add(s.id);
    let column = s.master_process_id != null ? liveOf.get(s.master_process_id) : undefined;
    if (!column) {
      column = { id: s.id, name: s.name, mode: s.mode, required: s.required, stamps: [], state: 'voided' };
      columns.push(column);
      if (s.master_process_id != null) liveOf.set(s.master_process_id, column);
    }
    byId.set(s.id, column);
  }
  const ordered = [...logs].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  for (const log of ordered) {
    const kind = KIND_OF[log.action];
    if (!kind || !log.user_name) continue;
    const decided = typeof log.detail?.step_id === 'number' ? log.detail.step_id : log.approval_id;
    const column = decided === null ? undefined : byId.get(decided);
    if (!column) continue;
    column.stamps.push({
      kind, name: log.user_name, family: familyNameOf(log.user_name), date: dateOf(new Date(log.created_at)),
      ...(log.principal_name ? { deputyFor: log.principal_name } : {}),
      ...(voidedIds.has(decided!) ? { voided: true as const } : {}),
    });
  }
  return columns;
}
