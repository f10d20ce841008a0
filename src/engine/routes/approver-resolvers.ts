import { STEP_ROLES, type ApproverResolver } from '../types';
import type { OrganisationSnapshot, RouteRequester } from './organisation-snapshot';

/**
 * How a step's approvers are resolved — one descriptor per resolver kind, the single table every
 * consumer reads: the route checker (which kinds exist, their keys and values), route resolution
 * (browser and server, so the process card and filing agree), the server's organisation load
 * (which named users and positions a route reaches), the position admin's "used by" refusal, the
 * definition meta-schema's description, the studio's rule form (its kind select, one input per
 * parameter, the new rule of a kind) and the studio's sentence for a rule. Adding a kind is one
 * `registerApproverResolver` entry plus its locale lines (`studio.route.kinds.<code>` and the
 * sentence key it names); nothing else names resolver kinds.
 */

/**
 * What a parameter holds, which decides how the checker verifies it, how the studio edits it and
 * how a sentence shows it: a position code (the company's positions by name), a step role, e-mail
 * addresses (named users: ids differ between databases), or one of fixed options.
 */
export type ApproverParamInput = 'position' | 'role' | 'emails' | 'choice';

/** One option of a `choice` parameter. */
export interface ApproverParamOption {
  value: string;
  /** The studio's words for it (a locale key). */
  label: string;
  /** What it means, in the checker's (English, technical) message. */
  meaning: string;
}

/** One key of a rule of this kind. */
export interface ApproverParam {
  key: string;
  input: ApproverParamInput;
  /** The studio's label (a locale key); absent: the input's own (position, role, e-mail addresses). */
  label?: string;
  /** `choice` only: the values allowed. */
  options?: ApproverParamOption[];
}

/** What a resolver reads: the organisation as in effect, who files, for which company. */
export interface ApproverResolveContext {
  organisation: OrganisationSnapshot;
  requester: RouteRequester;
  /** The document's company (its `company_id`, else the requester's). */
  companyId: number | null;
  /**
   * The department a relative rule starts from: the form's `department_id` when it is one of the
   * requester's own (a concurrent post files for that department), else the requester's main one.
   */
  startDepartment: number | null;
  /** Enabled users' ids (the snapshot holds enabled users only; posts may name others). */
  enabled: ReadonlySet<number>;
}

export interface ApproverResolverDescriptor {
  /** The key that names the kind in a rule (`{"position": …, "of": …}` is kind `position`). */
  code: string;
  /**
   * The rule's keys with what they hold (the kind's own key among them when it carries a value;
   * a kind whose key is only `true`, like `colleagues`, lists none).
   */
  params: ApproverParam[];
  /** The studio's new rule of this kind (e.g. the head of the requester's department). */
  example(): ApproverResolver;
  /** Problems beyond the parameters' own checks, as [key, message] (key: the rule's key they concern, '' for the rule). */
  check?(rule: ApproverResolver): Array<[string, string]>;
  /** The users the rule names (ids; may include the requester, whom resolution then leaves out). */
  resolve(rule: ApproverResolver, context: ApproverResolveContext): number[];
  /** The studio's sentence for the rule: a locale key whose values are the parameters (by key), shown as their input shows them. */
  sentenceKey(rule: ApproverResolver): string;
}

/** The rule's value of a key, as a string ('' when absent or not a string). */
const text = (rule: ApproverResolver, key: string) => (typeof rule[key] === 'string' ? rule[key] as string : '');

/** Holders of `position` in `department`, else in the nearest department above it (a director, a division head). */
export function holdersUpward(context: ApproverResolveContext, department: number | null, position: string): number[] {
  const byId = new Map(context.organisation.departments.map((d) => [d.id, d]));
  const seen = new Set<number>();
  for (let dept = department; dept !== null && !seen.has(dept); dept = byId.get(dept)?.parent_id ?? null) {
    seen.add(dept);
    const holders = context.organisation.posts.filter((p) => p.department_id === dept && p.position === position).map((p) => p.user_id);
    if (holders.length) return holders;
  }
  return [];
}

const BUILT_IN: ApproverResolverDescriptor[] = [
  {
    code: 'position',
    params: [
      { key: 'position', input: 'position' },
      {
        key: 'of', input: 'choice', label: 'studio.route.of', options: [
          { value: 'requester', label: 'studio.route.ofRequester', meaning: "the requester's department, then the ones above it" },
          { value: 'company', label: 'studio.route.ofCompany', meaning: "the document's company" },
        ],
      },
    ],
    example: () => ({ position: 'head', of: 'requester' }),
    resolve(rule, context) {
      const position = text(rule, 'position');
      if (rule.of === 'requester') return holdersUpward(context, context.startDepartment, position).filter((id) => context.enabled.has(id));
      const inCompany = new Set(context.organisation.departments.filter((d) => d.company_id === context.companyId).map((d) => d.id));
      return context.organisation.posts.filter((p) => p.position === position && inCompany.has(p.department_id)).map((p) => p.user_id).filter((id) => context.enabled.has(id));
    },
    sentenceKey: (rule) => `studio.route.describe.position.${text(rule, 'of') || 'requester'}`,
  },
  {
    code: 'role',
    params: [{ key: 'role', input: 'role' }],
    example: () => ({ role: STEP_ROLES[0] }),
    resolve: (rule, { organisation, companyId }) => organisation.users.filter((u) => u.company_id === companyId && u.roles.includes(rule.role as never)).map((u) => u.id),
    sentenceKey: () => 'studio.route.describe.role',
  },
  {
    code: 'users',
    params: [{ key: 'users', input: 'emails' }],
    example: () => ({ users: [] }),
    resolve(rule, { organisation }) {
      const wanted = new Set((Array.isArray(rule.users) ? rule.users as string[] : []).map((e) => String(e).toLowerCase()));
      return organisation.users.filter((u) => wanted.has(u.email.toLowerCase())).map((u) => u.id);
    },
    sentenceKey: () => 'studio.route.describe.users',
  },
  {
    // For circulation: the requester's department colleagues.
    code: 'colleagues',
    params: [],
    example: () => ({ colleagues: true }),
    check: (rule) => (rule.colleagues === true ? [] : [['colleagues', 'colleagues must be true']]),
    resolve(_rule, { organisation, requester }) {
      const dept = requester.department_id;
      return dept === null ? [] : organisation.users.filter((u) => u.department_id === dept).map((u) => u.id);
    },
    sentenceKey: () => 'studio.route.describe.colleagues',
  },
];

const resolvers = new Map<string, ApproverResolverDescriptor>(BUILT_IN.map((r) => [r.code, r]));

/** Every resolver kind, in the order the studio offers them. */
export function approverResolvers(): ApproverResolverDescriptor[] {
  return [...resolvers.values()];
}

/** The descriptor of a kind code, or null for an unknown one. */
export function approverResolver(code: string): ApproverResolverDescriptor | null {
  return resolvers.get(code) ?? null;
}

/** The kind codes a rule names (exactly one in a valid rule). */
export function resolverKindsOf(rule: ApproverResolver): string[] {
  return Object.keys(rule).filter((k) => resolvers.has(k));
}

/** The descriptor of a rule (its one kind), or null when it names none or several. */
export function resolverOf(rule: ApproverResolver): ApproverResolverDescriptor | null {
  const kinds = resolverKindsOf(rule);
  return kinds.length === 1 ? resolvers.get(kinds[0])! : null;
}

/** The keys a rule of a kind may carry: its code and its parameters'. */
export function resolverKeys(descriptor: ApproverResolverDescriptor): string[] {
  return [...new Set([descriptor.code, ...descriptor.params.map((p) => p.key)])];
}

/** How a kind's rule is written, for messages: `{position, of}`, `{role}`. */
export function resolverShape(descriptor: ApproverResolverDescriptor): string {
  return `{${resolverKeys(descriptor).join(', ')}}`;
}

/**
 * What the rules name that lives outside the definition — position codes and e-mail addresses
 * (read from the parameters by what they hold): the server loads those users for resolution, and
 * a position a route names cannot be retired.
 */
export function resolverReferences(rules: readonly ApproverResolver[]): { positions: string[]; emails: string[] } {
  const positions = new Set<string>();
  const emails = new Set<string>();
  for (const rule of rules) {
    for (const param of resolverOf(rule)?.params ?? []) {
      const value = rule[param.key];
      if (param.input === 'position' && typeof value === 'string' && value) positions.add(value);
      if (param.input === 'emails' && Array.isArray(value)) value.forEach((e) => { if (typeof e === 'string') emails.add(e.toLowerCase()); });
    }
  }
  return { positions: [...positions], emails: [...emails] };
}

/**
 * Adds a resolver kind (an extension, or a test's toy kind); answers a function that removes it
 * again. A code already known is refused: built-in kinds are not replaced.
 */
export function registerApproverResolver(descriptor: ApproverResolverDescriptor): () => void {
  if (resolvers.has(descriptor.code)) throw new Error(`approver resolver "${descriptor.code}" is already registered`);
  resolvers.set(descriptor.code, descriptor);
  return () => { resolvers.delete(descriptor.code); };
}
