import { useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState, Compartment } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { getJsonPointers, handleRefresh, jsonCompletion, jsonSchemaLinter, stateExtensions, updateSchema } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';

/**
 * Completions from the part's JSON Schema. codemirror-json-schema answers `[]` for a part without
 * a schema (locales, rules), which CodeMirror's autocompletion does not accept ("options is not
 * iterable" on every keystroke): no schema means no completions, `null`.
 */
const schemaSource = jsonCompletion();
function schemaCompletion(context: CompletionContext): CompletionResult | null | Promise<CompletionResult | null> {
  const result = schemaSource(context) as unknown as CompletionResult | unknown[] | null | undefined | Promise<CompletionResult | null>;
  if (result instanceof Promise) return result;
  return result && !Array.isArray(result) ? result : null;
}

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    '& .cm-editor': { maxHeight: '60vh', fontSize: tokens.fontSizeBase200 },
    '& .cm-scroller': { overflow: 'auto' },
  },
});

/** A checker problem to show inline: a JSON pointer into this editor's document. */
export interface EditorProblem {
  pointer: string;
  message: string;
}

export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  /** The meta-schema of this part: completion and inline schema errors. */
  schema?: Record<string, unknown>;
  /** Problems from the server's checker, placed where their pointer points (or at the top). */
  problems: EditorProblem[];
  /** Accessible name of the editor. */
  label: string;
  testId?: string;
}

/** A linter showing the checker's problems where their JSON pointers point (a new one per problem list). */
function serverLinterOf(problems: { current: EditorProblem[] }) {
  return linter((v): Diagnostic[] => {
    const pointers = getJsonPointers(v.state, 'json4');
    return problems.current.map((p) => {
      const at = pointers.get(p.pointer) ?? null;
      const from = at ? at.keyFrom : 0;
      const to = at ? ((at as { valueTo?: number }).valueTo ?? at.keyTo) : Math.min(1, v.state.doc.length);
      return { from, to: Math.max(from, to), severity: 'error', message: p.message, source: 'checker' };
    });
  }, { delay: 0 });
}

/**
 * A CodeMirror 6 JSON editor: JSON syntax, completion and inline errors from the part's
 * meta-schema (codemirror-json-schema: an interpreting validator, no code generation, so it runs
 * under the app's CSP without 'unsafe-eval'), and the checker's problems as diagnostics.
 */
export function JsonEditor({ value, onChange, schema, problems, label, testId }: JsonEditorProps) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const problemsRef = useRef(problems);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const checker = useRef(new Compartment());

  useEffect(() => {
    const serverLinter = serverLinterOf(problemsRef);
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(), foldGutter(), history(), drawSelection(), indentOnInput(), bracketMatching(), closeBrackets(),
          highlightActiveLine(), syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          json(),
          linter(jsonParseLinter()),
          linter(jsonSchemaLinter({}), { needsRefresh: handleRefresh }),
          jsonLanguage.data.of({ autocomplete: schemaCompletion }),
          autocompletion(),
          stateExtensions(schema as JSONSchema7 | undefined),
          checker.current.of(serverLinter),
          lintGutter(),
          // An explicit tab stop on the editable content: the scroller around it then holds
          // focusable content, so keyboard users can reach and scroll it (contenteditable alone
          // does not count as focusable to accessibility checkers).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0', ...(testId ? { 'data-testid': testId } : {}) }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is created once; value, schema and problems are pushed into it below
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    if (view.current) updateSchema(view.current, schema as JSONSchema7 | undefined);
  }, [schema]);

  useEffect(() => {
    problemsRef.current = problems;
    // Re-run the linters so the new problems show at once.
    const editor = view.current;
    if (editor) editor.dispatch({ effects: checker.current.reconfigure(serverLinterOf(problemsRef)) });
  }, [problems]);

  return <div ref={host} className={styles.box} />;
}
