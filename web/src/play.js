// Playing the variant on the drawn board: click a piece of the side to move to see its legal
// targets, click a target to move (a promotion with several choices asks which); clicking
// anything else is refused and said. The engine, when on, answers after each move (on the
// page's thread for now: a Web Worker comes with the next part). Positions are hexv's texts and
// moves hexv's notation; the page keeps no board model, only the game's list.
'use strict';
window.hexvPlay = {
  /** A game over `els` ({board, moves, result, choice, engine, millis, undo}) with `api`. */
  create(api, els) {
    let source = '';
    let start = '';
    let history = [];
    let played = [];
    let legal = [];
    let selected = null;
    let over = null;
    let engineSide = null;
    let drawnSvg = '';

    const current = () => history[history.length - 1];

    function mark(cell, cls) {
      const el = els.board.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
      if (el) el.classList.add(cls);
    }

    function say(text, refused) {
      els.result.textContent = text;
      els.result.classList.toggle('refused', Boolean(refused));
    }

    function draw() {
      const drawn = api.positionSvg(source, current());
      drawnSvg = drawn.ok ? drawn.svg : '';
      els.board.classList.remove('stale');
      els.board.innerHTML = drawnSvg;
      const reply = over ? { moves: [] } : api.legalMoves(source, current());
      legal = reply.moves || [];
      if (selected) {
        mark(selected, 'selected');
        for (const m of legal) if (m.from === selected) mark(m.to, 'target');
      }
      els.moves.textContent = played
        .map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m))
        .join(' ');
      els.hands.textContent = drawn.ok ? drawn.hands.join('\n') : '';
      if (over) say(`Game over: ${over.result} (${over.reason})`);
      else if (drawn.ok) say(`${drawn.to_move} to move`);
      els.board.dataset.toMove = drawn.ok ? drawn.to_move : '';
      els.board.dataset.plies = String(played.length);
    }

    function play(text) {
      const r = api.play(source, current(), text);
      if (!r.ok) {
        say(r.error.message, true);
        return;
      }
      history.push(r.position);
      played.push(r.move);
      const end = api.gameEnd(source, start, played.join(' '));
      over = end.ok && end.over ? end : null;
      selected = null;
      els.choice.replaceChildren();
      draw();
      if (!over && els.engine.checked && engineSide === null) engineSide = sideToMove();
      if (!over && els.engine.checked && sideToMove() === engineSide) {
        say('The engine is thinking…');
        setTimeout(engineMove, 20);
      }
    }

    const sideToMove = () => els.board.dataset.toMove;

    function engineMove() {
      const r = api.bestMove(source, current(), 0, Number(els.millis.value));
      if (r.ok && r.best) play(r.best);
      else if (!r.ok) say(r.error.message, true);
    }

    /** Offers the moves between the same cells (promotion choices) as buttons. */
    function choose(moves) {
      els.choice.replaceChildren();
      for (const m of moves) {
        const b = document.createElement('button');
        b.textContent = m.promotion ? `promote to ${m.promotion}` : m.text;
        b.addEventListener('click', () => play(m.text));
        els.choice.append(b);
      }
    }

    els.board.addEventListener('click', (ev) => {
      if (!source || over) return;
      const target = ev.target.closest('[data-cell]');
      if (!target) return;
      const cell = target.dataset.cell;
      if (selected) {
        const moves = legal.filter((m) => m.from === selected && m.to === cell);
        if (moves.length === 1) return play(moves[0].text);
        if (moves.length > 1) return choose(moves);
      }
      if (legal.some((m) => m.from === cell)) {
        selected = cell;
        draw();
      } else {
        const was = selected;
        selected = null;
        draw();
        say(was ? `${was} to ${cell} is not a legal move` : `no legal move from ${cell}`, true);
      }
    });

    els.undo.addEventListener('click', () => {
      const plies = els.engine.checked && played.length >= 2 ? 2 : 1;
      for (let i = 0; i < plies && played.length > 0; i++) {
        history.pop();
        played.pop();
      }
      over = null;
      selected = null;
      draw();
    });

    return {
      /** Starts a new game of `text` (a clean source). */
      reset(text) {
        source = text;
        const s = api.startPosition(text);
        if (!s.ok) return;
        start = s.position;
        history = [start];
        played = [];
        over = null;
        selected = null;
        engineSide = null;
        els.choice.replaceChildren();
        draw();
      },
      /** The current position's drawing (shown again after a hovered piece's diagram). */
      svg: () => drawnSvg,
    };
  },
};
