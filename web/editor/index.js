// The playground's editor: CodeMirror 6 with hexv highlighting and the checker's diagnostics
// underlined, bundled by esbuild into the classic script dist/editor.js (file:// allows no
// modules). It sets window.hexvEditor; src/main.js falls back to the textarea without it.
import { EditorView, basicSetup } from 'codemirror';
import { setDiagnostics } from '@codemirror/lint';
import { hexvLanguage } from './highlight.js';

window.hexvEditor = {
  /** An editor replacing `textarea`, calling `changed()` after each edit of the text. */
  create(textarea, changed) {
    const view = new EditorView({
      doc: textarea.value,
      extensions: [
        basicSetup,
        hexvLanguage,
        EditorView.updateListener.of((u) => { if (u.docChanged) changed(); }),
      ],
    });
    view.dom.id = 'editor';
    textarea.replaceWith(view.dom);
    return {
      get value() { return view.state.doc.toString(); },
      set value(text) {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      },
      /** Selects [from, to) (UTF-16 indices) and scrolls it into view. */
      select(from, to) {
        view.focus();
        view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      },
      /** Underlines diagnostics given as {from, to, severity, message} (UTF-16 indices). */
      mark(diagnostics) {
        view.dispatch(setDiagnostics(view.state, diagnostics));
      },
    };
  },
};
