// The board pane: the start position drawn by the library, and the piece list whose entries
// show their movement diagram from a central cell while hovered. Every picture put in the pane
// is turned half a turn while the pane is marked `data-flipped="yes"` (src/play.js's Flip
// board), so a diagram is seen from the same side as the game.
'use strict';
window.hexvBoard = {
  /** The cell nearest the middle of the board's drawing, for the pieces' diagrams. */
  centralCell(board) {
    const cells = board.cells;
    const mx = cells.reduce((a, c) => a + c.x, 0) / cells.length;
    const my = cells.reduce((a, c) => a + c.y, 0) / cells.length;
    let best = cells[0];
    for (const c of cells) {
      if (Math.hypot(c.x - mx, c.y - my) < Math.hypot(best.x - mx, best.y - my)) best = c;
    }
    return best.name;
  },

  /** Puts the picture `svg` (markup) in `pane`, turned when the pane is flipped. */
  draw(pane, svg) {
    pane.innerHTML = svg;
    hexvFlip.turn(pane.querySelector('svg'), pane.dataset.flipped === 'yes');
  },

  /** Draws a board reply into `pane` and its pieces into `list`; `diagram(symbol, cell)`
   *  gives a piece's diagram reply, `restore()` what the pane shows again after it. */
  show(pane, list, reply, diagram, restore) {
    pane.classList.remove('stale');
    this.draw(pane, reply.svg);
    const centre = this.centralCell(reply.board);
    list.replaceChildren();
    for (const p of reply.pieces) {
      const li = document.createElement('li');
      li.textContent = `${p.symbol} ${p.name}`;
      li.title = `${p.name}: its moves from ${centre}`;
      li.addEventListener('mouseenter', () => {
        const d = diagram(p.symbol, centre);
        if (d.ok) this.draw(pane, d.svg);
      });
      li.addEventListener('mouseleave', () => this.draw(pane, restore() || reply.svg));
      list.append(li);
    }
  },
};
