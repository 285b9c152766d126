// Playing the variant on the drawn board: click a piece of the side to move (on the board, on
// an off-board cell, or in its hand) to see its legal targets, click a target to move (a
// promotion or castling sharing the cells asks which); clicking anything else is refused and
// said. The engine, when on, answers in a Web Worker (src/engine.js) while the page stays
// usable; undo and a new game drop its pending answer. In a variant of three or more sides the
// player takes one seat and the engine plays every other. Positions are hexv's texts and moves
// hexv's notation; the page keeps no board model, only the game's list. The move list shows
// each move in short algebraic notation with hexv's long form beside it; the board can be
// turned half a turn (src/flip.js) and stays turned from move to move; a finished game is
// announced by a banner over the board, which then takes no more moves.
'use strict';
window.hexvPlay = {
  /** A game over `els` ({board, moves, hands, result, choice, engine, strength, undo, newGame,
   *  thinking, flip, over, overHeadline, overResult, overNew}) with `api` (src/hexv.js) and
   *  `engine` (src/engine.js); `weightsFor(source)` is the text of the evaluation weights the
   *  engine plays a source with ('' for the built-in ones). */
  create(api, engine, els, weightsFor) {
    let source = '';
    let weights = '';
    let start = '';
    let history = [];
    let played = [];
    // Each move of `played` in short algebraic notation, as the move list shows it.
    let written = [];
    // The side that made each move of `played`, and the variant's sides in turn order.
    let movers = [];
    // The cells each move of `played` went from (none for a drop) and to: the last is marked.
    let cells = [];
    let sides = ['white', 'black'];
    let legal = [];
    // What the player picked: {cell} on the board or {drop: symbol} from the hand, or null.
    let selected = null;
    let over = null;
    let drawnSvg = '';
    // The engine's question in flight: its number, so an answer to an older one is ignored.
    let asked = 0;
    let thinking = false;
    // The board turned half a turn (for the side drawn at the top): kept across moves and games.
    let flipped = false;

    const current = () => history[history.length - 1];
    const sideToMove = () => els.board.dataset.toMove;
    // The choices of two sides (the engine plays one); with more, `seat:NAME` seats the player.
    const twoSided = [...els.engine.options].map((o) => ({ value: o.value, text: o.text }));
    /** Does the engine move for `side`? */
    const enginePlays = (side) => {
      const choice = els.engine.value;
      if (!choice) return false;
      return choice.startsWith('seat:') ? side !== choice.slice(5) : side === choice;
    };
    const title = (side) => `${side.charAt(0).toUpperCase()}${side.slice(1)}`;
    const picks = (sel, m) => (sel.drop ? m.drop && m.piece === sel.drop : m.from === sel.cell);

    function mark(cell, cls) {
      const el = els.board.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
      if (el) el.classList.add(cls);
    }

    function say(text, refused) {
      els.result.textContent = text;
      els.result.classList.toggle('refused', Boolean(refused));
    }

    function setThinking(on) {
      thinking = on;
      els.thinking.hidden = !on;
      document.body.dataset.thinking = on ? 'yes' : '';
    }

    /** Each side's hand, a button per piece: the side to move's pick a drop. */
    function drawHands(hand, toMove) {
      els.hands.replaceChildren();
      if (!hand || hand.every((h) => h.pieces.length === 0)) return;
      for (const h of hand) {
        const row = document.createElement('div');
        row.className = 'hand';
        row.dataset.side = h.side;
        row.append(`${title(h.side)}'s hand: `);
        if (h.pieces.length === 0) row.append('empty');
        for (const p of h.pieces) {
          const b = document.createElement('button');
          b.type = 'button';
          b.dataset.drop = p.symbol;
          b.textContent = p.count > 1 ? `${p.symbol} ×${p.count}` : p.symbol;
          const mine = h.side === toMove && !over;
          b.disabled = !mine || !legal.some((m) => m.drop && m.piece === p.symbol);
          if (mine && selected && selected.drop === p.symbol) b.classList.add('selected');
          b.addEventListener('click', () => pickDrop(p.symbol));
          row.append(b);
        }
        els.hands.append(row);
      }
    }

    /** Turns the board's picture as `flipped` says (the pane's `data-flipped` tells
     *  src/board.js, which draws the piece diagrams into the same pane). */
    function turnBoard() {
      els.board.dataset.flipped = flipped ? 'yes' : '';
      els.flip.setAttribute('aria-pressed', String(flipped));
      hexvFlip.turn(els.board.querySelector('svg'), flipped);
    }

    /** Turns the board (`on`) or back, for the rest of the game and the next ones. */
    function setFlipped(on) {
      flipped = on;
      turnBoard();
    }

    function draw() {
      const drawn = api.positionSvg(source, current());
      drawnSvg = drawn.ok ? drawn.svg : '';
      els.board.classList.remove('stale');
      els.board.classList.toggle('over', Boolean(over));
      els.board.innerHTML = drawnSvg;
      for (const cell of cells[cells.length - 1] || []) mark(cell, 'last-move');
      const reply = over ? { moves: [] } : api.legalMoves(source, current());
      legal = reply.moves || [];
      if (selected) {
        if (selected.cell) mark(selected.cell, 'selected');
        for (const m of legal) if (picks(selected, m)) mark(m.to, 'target');
      }
      turnBoard();
      drawMoves();
      const toMove = drawn.ok ? drawn.to_move : '';
      drawHands(drawn.ok ? drawn.hand : null, toMove);
      drawOver();
      if (over) say(`Game over: ${over.headline || over.result}`);
      else if (drawn.ok) say(`${title(toMove)} to move`);
      els.board.dataset.toMove = toMove;
      els.board.dataset.plies = String(played.length);
      els.board.dataset.position = current() || '';
    }

    /** The banner of a finished game: the result in words (the library's headline) and as
     *  the record writes it. */
    function drawOver() {
      els.over.hidden = !over;
      if (!over) return;
      els.overHeadline.textContent = over.headline || 'Game over';
      els.overResult.textContent = `Result ${over.result}`;
    }

    /** A new element of the move list: `tag` with `text` and the class `className`. */
    function element(tag, text, className) {
      const e = document.createElement(tag);
      if (text) e.textContent = text;
      if (className) e.className = className;
      return e;
    }

    /** The move list: a row per round of turns (a new row whenever a side moves that does
     *  not follow the last mover in the turn order), a column per side; each move in short
     *  notation with hexv's long form beside it, the last one marked. */
    function drawMoves() {
      const head = document.createElement('tr');
      head.append(element('th', '#'), ...sides.map((s) => element('th', title(s))));
      const rounds = [];
      let seatBefore = Infinity;
      played.forEach((_, i) => {
        const seat = Math.max(0, sides.indexOf(movers[i]));
        if (seat <= seatBefore) rounds.push(sides.map(() => null));
        rounds[rounds.length - 1][seat] = i;
        seatBefore = seat;
      });
      const rows = rounds.map((round, n) => {
        const row = document.createElement('tr');
        const number = element('th', `${n + 1}.`);
        number.scope = 'row';
        row.append(number);
        for (const i of round) {
          const c = element('td');
          if (i !== null) {
            c.className = i === played.length - 1 ? 'move last' : 'move';
            c.dataset.long = played[i];
            c.append(element('span', written[i], 'san'), ' ', element('span', `(${played[i]})`, 'long'));
          }
          row.append(c);
        }
        return row;
      });
      // The sides' names head the list once it has a move.
      els.moves.tHead.replaceChildren(...(rows.length > 0 ? [head] : []));
      els.moves.tBodies[0].replaceChildren(...rows);
      // The latest moves in view when the list is longer than its box.
      const box = els.moves.parentElement;
      if (box) box.scrollTop = box.scrollHeight;
    }

    /** The engine choices for the variant's sides: two sides keep the page's own, more get a
     *  seat each for the player; the choice made stays when the new list has it. */
    function offerSeats() {
      const choices = sides.length === 2 ? twoSided : [twoSided[0], ...sides.map((s) => ({
        value: `seat:${s}`, text: `you play ${title(s)}, the engine the others`,
      }))];
      const same = choices.length === els.engine.options.length &&
        choices.every((c, i) => els.engine.options[i].value === c.value);
      if (same) return;
      const kept = els.engine.value;
      els.engine.replaceChildren(...choices.map((c) => new Option(c.text, c.value)));
      els.engine.value = choices.some((c) => c.value === kept) ? kept : '';
    }

    /** Drops the engine's pending answer, if any. */
    function cancelEngine() {
      if (!thinking) return;
      asked++;
      engine.cancel();
      setThinking(false);
    }

    /** Asks the engine for its move when it is its turn. */
    function engineTurn() {
      if (over || !source || !enginePlays(sideToMove()) || thinking) return;
      const [kind, value] = els.strength.value.split(':');
      const depth = kind === 'depth' ? Number(value) : 0;
      const millis = kind === 'ms' ? Number(value) : 0;
      const question = ++asked;
      setThinking(true);
      engine.ask(source, weights, start, played.join(' '), depth, millis).then((answer) => {
        if (answer.cancelled || question !== asked) return;
        setThinking(false);
        const r = answer.reply;
        if (r.ok && r.best) play(r.best);
        else if (!r.ok) say(`the engine failed: ${r.error.message}`, true);
      });
    }

    function play(text) {
      const r = api.play(source, current(), text);
      if (!r.ok) {
        say(r.error.message, true);
        return;
      }
      history.push(r.position);
      played.push(r.move);
      written.push(r.san || r.move);
      movers.push(r.side);
      cells.push(r.from ? [r.from, r.to] : [r.to]);
      const end = api.gameEnd(source, start, played.join(' '));
      over = end.ok && end.over ? end : null;
      selected = null;
      els.choice.replaceChildren();
      draw();
      engineTurn();
    }

    /** Offers the moves between the same cells (promotions, a castling) as buttons. */
    function choose(moves) {
      els.choice.replaceChildren();
      for (const m of moves) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = m.promotion ? `promote to ${m.promotion}` : m.castling ? `castle ${m.text}` : m.text;
        b.addEventListener('click', () => play(m.text));
        els.choice.append(b);
      }
    }

    /** May the player move now? Says why not when not. */
    function mayMove() {
      if (!source) return false;
      if (over) {
        say('the game is over: undo a move, or start a new game', true);
        return false;
      }
      if (thinking) {
        say('the engine is thinking: wait, or undo', true);
        return false;
      }
      return true;
    }

    function pickDrop(symbol) {
      if (!mayMove()) return;
      selected = { drop: symbol };
      els.choice.replaceChildren();
      draw();
    }

    els.board.addEventListener('click', (ev) => {
      const target = ev.target.closest('[data-cell]');
      if (!target || !mayMove()) return;
      const cell = target.dataset.cell;
      if (selected) {
        const moves = legal.filter((m) => picks(selected, m) && m.to === cell);
        if (moves.length === 1) return play(moves[0].text);
        if (moves.length > 1) return choose(moves);
      }
      if (legal.some((m) => m.from === cell)) {
        selected = { cell };
        els.choice.replaceChildren();
        draw();
      } else {
        const was = selected ? selected.cell || `${selected.drop} from the hand` : null;
        selected = null;
        els.choice.replaceChildren();
        draw();
        say(was ? `${was} to ${cell} is not a legal move` : `no legal move from ${cell}`, true);
      }
    });

    els.undo.addEventListener('click', () => {
      cancelEngine();
      // Back to the player's turn: the engine's reply goes too.
      do {
        history.pop();
        played.pop();
        written.pop();
        movers.pop();
        cells.pop();
      } while (played.length > 0 && history.length > 1 &&
               enginePlays(api.positionSvg(source, current()).to_move));
      if (history.length === 0) history = [start];
      over = null;
      selected = null;
      els.choice.replaceChildren();
      draw();
      engineTurn();
    });

    els.newGame.addEventListener('click', () => game.reset(source));
    els.overNew.addEventListener('click', () => game.reset(source));
    els.flip.addEventListener('click', () => setFlipped(!flipped));
    els.engine.addEventListener('change', () => {
      // Playing Black against the engine puts Black's side at the bottom, and White's back.
      if (els.engine.value === 'white') setFlipped(true);
      else if (els.engine.value === 'black') setFlipped(false);
      cancelEngine();
      engineTurn();
    });

    const game = {
      /** Starts a new game of `text` (a clean source). */
      reset(text) {
        cancelEngine();
        source = text;
        weights = weightsFor ? weightsFor(text) : '';
        const s = api.startPosition(text);
        if (!s.ok) return;
        start = s.position;
        sides = s.sides || ['white', 'black'];
        offerSeats();
        history = [start];
        played = [];
        written = [];
        movers = [];
        cells = [];
        over = null;
        selected = null;
        els.choice.replaceChildren();
        draw();
        engineTurn();
      },
      /** The current position's drawing (shown again after a hovered piece's diagram). */
      svg: () => drawnSvg,
    };
    return game;
  },
};
