import type { ChangedPath, DerivedState, FormData, ModuleRuntime, RuleContext, Translate } from '../../engine';
import { clearErrorsAt, errorTreeOf, type ErrorTree } from './errors';
import { getIn, setIn, type DataPath } from './paths';

/**
 * The state of one form, outside React: the data, the marked errors and what the rules derive
 * from the data (visibility, rule labels, submit enabled). A change runs only the rules the
 * module's dependency graph says it touches (`runtime.update`, `runtime.derive`) and notifies
 * subscribers; each field selects its own slice (`useFormSelector`), so a keystroke re-renders
 * the field typed into and whatever shows a value that changed with it (a total), not the form.
 */
export class FormStore {
  data: FormData;
  errors: ErrorTree = {};
  derived: DerivedState;
  private listeners = new Set<() => void>();
  private readonly computedFields: string[];

  constructor(
    readonly runtime: ModuleRuntime,
    data: FormData,
    public context: RuleContext,
    /** Translations for re-judged messages (kept current by the form). */
    public t: Translate,
  ) {
    this.data = runtime.computeAll(data, context);
    this.derived = runtime.derive(null, this.data, null, context);
    this.computedFields = (runtime.module.rules.computed ?? []).map((rule) => rule.field);
  }

  /** Adds a listener called after every change; returns its removal (useSyncExternalStore's shape). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** The user (or a widget) set the value at `path`: effects, computed values, derived state, errors at the path cleared. */
  setValue(path: DataPath, value: unknown): void {
    const before = this.data;
    const errors = Object.keys(this.errors).length === 0 ? this.errors : clearErrorsAt(this.errors, path);
    if (Object.is(getIn(before, path), value) && path.length > 0) {
      if (errors !== this.errors) {
        this.errors = errors;
        this.emit();
      }
      return;
    }
    const { data, changed } = this.runtime.update(before, setIn(before, path, value), [path], this.context);
    this.data = data;
    this.derived = this.runtime.derive(this.derived, data, changed, this.context);
    this.errors = this.rejudgeComputed(errors, before, changed);
    this.emit();
  }

  /**
   * A computed field (a total) changes without the user touching it, so its marked errors are
   * re-judged against the new data (kept while still failing, gone once valid) instead of
   * staying until the next submit.
   */
  private rejudgeComputed(tree: ErrorTree, before: FormData, changed: ChangedPath[]): ErrorTree {
    const stale = this.computedFields.filter((field) => tree[field] && changed.some((path) => path.length === 1 && path[0] === field) && !Object.is(before[field], this.data[field]));
    if (stale.length === 0) return tree;
    const still = this.runtime.validate(this.data, this.context, this.t).filter((v) => stale.includes(v.field ?? ''));
    let next = tree;
    for (const field of stale) next = clearErrorsAt(next, [field]);
    const kept = errorTreeOf(still);
    return Object.keys(kept).length === 0 ? next : { ...next, ...kept };
  }

  /** New data as a whole (reset, after a submit): every computed value and derived part again. */
  replace(data: FormData): void {
    this.data = this.runtime.computeAll(data, this.context);
    this.derived = this.runtime.derive(this.derived, this.data, null, this.context);
    this.emit();
  }

  /** Currencies or steps arrived: computed values (rounding by currency) and derived state again. */
  setContext(context: RuleContext): void {
    if (context === this.context) return;
    this.context = context;
    const next = this.runtime.computeAll(this.data, context);
    if (!Object.keys(next).every((key) => Object.is(next[key], this.data[key]))) this.data = next;
    this.derived = this.runtime.derive(this.derived, this.data, null, context);
    this.emit();
  }

  setErrors(errors: ErrorTree): void {
    if (errors === this.errors) return;
    this.errors = errors;
    this.emit();
  }
}
