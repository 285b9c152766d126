// The playground's wiring: the variant picker (which says when the source differs from the
// shipped variant it was picked as), the source (kept in the URL's fragment so a variant can
// be shared as a link), and a debounced check-and-draw on every edit.
'use strict';
(function () {
  const DEBOUNCE_MS = 150;
  const $ = (id) => document.getElementById(id);
  const picker = $('variant');
  const status = $('status');
  const variants = window.HEXV_VARIANTS || [];

  // Gliński's chess first: the best known hexagonal variant.
  const first = Math.max(0, variants.findIndex((v) => v.file === 'glinski.hexv'));
  for (const [i, v] of variants.entries()) {
    const option = document.createElement('option');
    option.value = String(i);
    option.textContent = v.name;
    picker.append(option);
  }
  picker.value = String(first);
  // The shipped variant the source was picked as (an index of `variants`), or null for a
  // source from a link that names none.
  let base = variants.length > 0 ? first : null;
  const editedNote = $('edited');

  /** The source the URL names: `#src=` (an edited text, with `v=` the shipped file it was
   *  edited from, when known) or `#v=` alone (a shipped file). */
  function fromUrl() {
    const params = new URLSearchParams(location.hash.slice(1));
    const i = variants.findIndex((v) => v.file === params.get('v'));
    if (i >= 0) base = i;
    if (params.has('src')) {
      const text = hexvText.decode(params.get('src'));
      if (i < 0 && text !== null) {
        const same = variants.findIndex((v) => v.source === text);
        base = same >= 0 ? same : null;
      }
      return text;
    }
    return null;
  }

  /** Shows in the picker whether `text` is the shipped source of the variant it was picked
   *  as: while it is not, an extra option "NAME (edited)" is selected and a note says how to
   *  get the shipped source back (picking the variant again, which a select only reports
   *  when another option was selected: hence the extra option). */
  function showEdited(text) {
    const shipped = base !== null && variants[base].source === text;
    let option = picker.querySelector('option[value="edited"]');
    if (shipped) {
      if (option) option.remove();
      picker.value = String(base);
    } else {
      if (!option) {
        option = new Option('', 'edited');
        picker.prepend(option);
      }
      option.textContent = base !== null ? `${variants[base].name} (edited)` : 'edited source';
      picker.value = 'edited';
      editedNote.textContent = base !== null
        ? 'source edited: pick the variant again to restore it'
        : 'source edited: pick a variant to start again from a shipped one';
    }
    editedNote.hidden = shipped;
    picker.dataset.edited = shipped ? '' : 'yes';
  }

  /** The textarea with the editor's interface, when the CodeMirror bundle is absent. */
  function plainEditor(textarea, changed) {
    textarea.addEventListener('input', changed);
    return {
      get value() { return textarea.value; },
      set value(text) { textarea.value = text; },
      select(from, to) { textarea.focus(); textarea.setSelectionRange(from, to); },
      mark() {},
    };
  }

  // Set while the page itself replaces the text (a picked variant): not an edit to debounce.
  let replacing = false;
  let onEdit = () => {};
  const changed = () => { if (!replacing) onEdit(); };
  const source = window.hexvEditor
    ? hexvEditor.create($('source'), changed)
    : plainEditor($('source'), changed);

  // The editor, for the browser test to put the cursor where it types.
  window.hexvPage = { source };

  function setText(text) {
    replacing = true;
    source.value = text;
    replacing = false;
  }

  function select(startByte, endByte) {
    const text = source.value;
    source.select(hexvText.indexOfByte(text, startByte), hexvText.indexOfByte(text, endByte));
  }

  /** The check reply's spans as the editor's underlines (UTF-16 indices). */
  function underlines(text, checked) {
    if (!checked.ok) return [];
    return checked.diagnostics.flatMap((d) => d.spans.map((s) => {
      const from = hexvText.indexOfByte(text, s.start);
      const to = Math.max(hexvText.indexOfByte(text, s.end), from);
      const message = s.primary ? `${d.message}${d.help ? ` (help: ${d.help})` : ''}` : s.label;
      return { from, to, severity: d.severity === 'error' ? 'error' : 'warning', message: message || d.message };
    }));
  }

  /** The weights file shipped with the variant whose source is exactly `text` ('' for an
   *  edited source or a variant without one: the built-in evaluation). */
  function weightsFor(text) {
    const shipped = variants.find((v) => v.source === text);
    return shipped && shipped.weights ? shipped.weights : '';
  }

  hexv.ready.then((api) => {
    const engine = hexvEngine.create(hexv.wasm, api.bestMove);
    const game = hexvPlay.create(api, engine, {
      board: $('board'),
      moves: $('moves'),
      hands: $('hands'),
      result: $('result'),
      choice: $('choice'),
      engine: $('engine'),
      strength: $('strength'),
      undo: $('undo'),
      newGame: $('new-game'),
      thinking: $('thinking'),
      flip: $('flip'),
      over: $('game-over'),
      overHeadline: $('game-over-headline'),
      overResult: $('game-over-result'),
      overNew: $('game-over-new'),
    }, weightsFor);
    function update() {
      const text = source.value;
      const started = performance.now();
      showEdited(text);
      const checked = api.check(text);
      hexvDiagnostics.show($('diagnostics'), checked, select);
      source.mark(underlines(text, checked));
      let drawn = false;
      if (checked.ok && checked.errors === 0) {
        const board = api.board(text);
        if (board.ok) {
          hexvBoard.show($('board'), $('pieces'), board, (p, c) => api.pieceMoves(text, p, c), game.svg);
          game.reset(text);
          drawn = true;
        }
      }
      if (!drawn) $('board').classList.add('stale');
      const ms = (performance.now() - started).toFixed(0);
      const errors = checked.ok ? checked.errors : '?';
      const warnings = checked.ok ? checked.warnings : '?';
      const count = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;
      status.textContent = `${count(errors, 'error')}, ${count(warnings, 'warning')}; checked${drawn ? ' and drawn' : ''} in ${ms} ms`;
      status.dataset.ms = ms;
    }

    let timer = 0;
    onEdit = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const from = base !== null ? `v=${encodeURIComponent(variants[base].file)}&` : '';
        history.replaceState(null, '', `#${from}src=${hexvText.encode(source.value)}`);
        update();
      }, DEBOUNCE_MS);
    };
    picker.addEventListener('change', () => {
      // The "(edited)" option is the text being edited: choosing it changes nothing.
      if (picker.value === 'edited') return;
      base = Number(picker.value);
      const v = variants[base];
      setText(v.source);
      history.replaceState(null, '', `#v=${encodeURIComponent(v.file)}`);
      update();
    });

    const shared = fromUrl();
    setText(shared !== null ? shared : (base !== null ? variants[base].source : ''));
    update();
  }, (e) => {
    status.textContent = `hexv could not start: ${e}`;
  });
})();
