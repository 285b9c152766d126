// Turning a board picture half a turn, so that the player of the side drawn at the top (Black)
// sees their pieces at the bottom. One script for the two pages that can flip a board: the
// game page (src/render/game_page.rs writes it inline) and the playground (web/build.sh copies
// it beside the page's scripts).
//
// It works on any picture src/render/svg.rs draws, whatever the grid: the cells, zones, marks,
// highlights and tiles' outlines turn about the centre of the cells; every text (a cell's
// name, a disc's or tile's letter) and every piece figure moves with the cell it stands in
// but stays upright, at the same place in its cell as the renderer puts it (names below the
// centre, figures just above it), so names and figures read as before. A tile's outline turns
// with the board because it points at the side it faces. What lies outside the cells (the
// title, the legend below the board, the white background) stays where it is. Each element
// changed keeps its own transform in `data-unturned`, so turning back restores it exactly,
// and turning again after new pieces were drawn (the game page redraws them at each ply)
// starts from the picture as drawn.
'use strict';
window.hexvFlip = (function () {
  const KEPT = 'data-unturned';

  /** `el`'s bounding box in its parent's coordinates (its own transform applied). */
  function box(el) {
    const b = el.getBBox();
    const t = el.transform && el.transform.baseVal.consolidate();
    if (!t) return { x: b.x, y: b.y, width: b.width, height: b.height };
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(t.matrix));
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }

  /** Puts `transform` before `el`'s own, keeping that one to restore. */
  function prepend(el, transform) {
    const own = el.getAttribute('transform') || '';
    el.setAttribute(KEPT, own);
    el.setAttribute('transform', own ? `${transform} ${own}` : transform);
  }

  /** Undoes every change a previous turn made. */
  function restore(svg) {
    for (const el of svg.querySelectorAll(`[${KEPT}]`)) {
      const own = el.getAttribute(KEPT);
      if (own) el.setAttribute('transform', own);
      else el.removeAttribute('transform');
      el.removeAttribute(KEPT);
    }
  }

  const round = (x) => Math.round(x * 100) / 100;

  /** The centre of a cell's shape: the mean of its corners (a triangle's centroid, where the
   *  renderer centres what it draws in it), or of its box for another shape. */
  function centre(cell) {
    const points = cell.points;
    if (points && points.length > 0) {
      let x = 0;
      let y = 0;
      for (let i = 0; i < points.length; i++) {
        x += points.getItem(i).x;
        y += points.getItem(i).y;
      }
      return { x: x / points.length, y: y / points.length };
    }
    const b = box(cell);
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }

  /** The point of `centres` nearest to (x, y). */
  function nearest(centres, x, y) {
    let best = centres[0];
    for (const c of centres) {
      if (Math.hypot(c.x - x, c.y - y) < Math.hypot(best.x - x, best.y - y)) best = c;
    }
    return best;
  }

  return {
    /** Turns the picture `svg` half a turn when `on`, or back as drawn when not; a picture
     *  without cells is left alone. Marks the picture `data-turned="yes"` while turned. */
    turn(svg, on) {
      if (!svg) return;
      restore(svg);
      svg.removeAttribute('data-turned');
      const shapes = [...svg.querySelectorAll('[data-cell]')];
      if (!on || shapes.length === 0) return;
      const cells = shapes.map(box);
      const centres = shapes.map(centre);
      const left = Math.min(...cells.map((b) => b.x));
      const top = Math.min(...cells.map((b) => b.y));
      const right = Math.max(...cells.map((b) => b.x + b.width));
      const bottom = Math.max(...cells.map((b) => b.y + b.height));
      const cx = (left + right) / 2;
      const cy = (top + bottom) / 2;
      // A little slack for outlines drawn on a cell's edge.
      const slack = 2;
      const onBoard = (b) => b.x >= left - slack && b.y >= top - slack &&
        b.x + b.width <= right + slack && b.y + b.height <= bottom + slack;
      for (const el of [...svg.children]) {
        if (!(el instanceof SVGGraphicsElement)) continue;
        const b = box(el);
        if (!onBoard(b)) continue;
        const piece = el.matches('.piece') ? el : el.querySelector('.piece');
        if (el.matches('text') || piece) {
          // Upright: moved as the half turn moves the centre of its cell (the one nearest).
          const home = nearest(centres, b.x + b.width / 2, b.y + b.height / 2);
          prepend(el, `translate(${round(2 * (cx - home.x))} ${round(2 * (cy - home.y))})`);
          // A tile's outline still turns, about its own centre: it points at the side it
          // faces, which is now on the other side of the board.
          if (piece && piece.matches('.tile')) {
            for (const part of piece.children) {
              if (!(part instanceof SVGGraphicsElement) || part.matches('text')) continue;
              const p = box(part);
              prepend(part, `rotate(180 ${round(p.x + p.width / 2)} ${round(p.y + p.height / 2)})`);
            }
          }
        } else {
          prepend(el, `rotate(180 ${round(cx)} ${round(cy)})`);
        }
      }
      svg.setAttribute('data-turned', 'yes');
    },
  };
})();
