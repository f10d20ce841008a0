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
  /** Listeners of one value, by dot path (`rows.0.name`): told only when a change touches that path. */
  private valueListeners = new Map<string, Set<() => void>>();
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

  /**
   * Adds a listener of the value at `path` alone: called after a change that touches it (the
   * path itself, a value inside it or a value around it), not after every change of the form.
   * A cell of a 1000-row list listens here, so a keystroke wakes the cell typed into (and the
   * fields a rule changed with it), not every cell on screen.
   */
  subscribeAt(path: DataPath, listener: () => void): () => void {
    const key = path.join('.');
    let set = this.valueListeners.get(key);
    if (!set) this.valueListeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.valueListeners.get(key) === set) this.valueListeners.delete(key);
    };
  }

  /** Tells the form-wide listeners, and the value listeners `changed` touches (`null`: every value may have changed). */
  private emit(changed: ChangedPath[] | null = []): void {
    if (this.valueListeners.size > 0 && (changed === null || changed.length > 0)) {
      const dotted = changed?.map((path) => path.join('.'));
      for (const [key, set] of this.valueListeners) {
        if (dotted && !dotted.some((c) => c === key || key.startsWith(`${c}.`) || c.startsWith(`${key}.`))) continue;
        for (const listener of set) listener();
      }
    }
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
    this.emit(changed);
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
    this.emit(null);
  }

  /** Currencies or steps arrived: computed values (rounding by currency) and derived state again. */
  setContext(context: RuleContext): void {
    if (context === this.context) return;
    this.context = context;
    const next = this.runtime.computeAll(this.data, context);
    const dataChanged = !Object.keys(next).every((key) => Object.is(next[key], this.data[key]));
    if (dataChanged) this.data = next;
    this.derived = this.runtime.derive(this.derived, this.data, null, context);
    this.emit(dataChanged ? null : []);
  }

  setErrors(errors: ErrorTree): void {
    if (errors === this.errors) return;
    this.errors = errors;
    this.emit();
  }
}
