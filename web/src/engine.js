// The engine off the page's thread: hexv's search in a Web Worker, so a long think never
// freezes the page. The worker's script (the glue and src/worker.js, embedded as text by
// web/tools/embed.js) starts from a Blob URL, which works from file:// as from a server; it
// gets the page's copy of the module's bytes. When no Worker can be started, the search runs
// on the page's thread (slower to answer clicks, but the game still plays).
'use strict';
window.hexvEngine = {
  /** An engine over `wasm` (the module's bytes); `fallback(source, weights, start, moves,
   *  depth, millis)` is the page's own best_move, used only when no Worker starts. */
  create(wasm, fallback) {
    let url = null;
    let worker = null;
    let next = 1;
    const pending = new Map();

    function settle(id, answer) {
      const done = pending.get(id);
      pending.delete(id);
      if (done) done(answer);
    }

    function start() {
      try {
        if (!url) {
          url = URL.createObjectURL(new Blob([window.HEXV_WORKER_SOURCE], { type: 'text/javascript' }));
        }
        worker = new Worker(url);
      } catch (_) {
        worker = null;
        return;
      }
      worker.onmessage = (ev) => settle(ev.data.id, { reply: ev.data.reply, ms: ev.data.ms });
      worker.onerror = (ev) => {
        ev.preventDefault();
        const failed = { reply: { ok: false, error: { kind: 'engine', message: ev.message || 'the engine stopped' } } };
        for (const id of [...pending.keys()]) settle(id, failed);
      };
      worker.postMessage({ type: 'init', wasm });
    }

    start();
    return {
      /** True when the search runs in a Worker. */
      get inWorker() { return worker !== null; },

      /** The best move of the game from `start` after `moves` (long notation, separated by
       *  spaces, so repetitions count): resolves to {reply, ms}, or {cancelled: true} after
       *  `cancel`. */
      ask(source, weights, start, moves, depth, millis) {
        const id = next++;
        return new Promise((resolve) => {
          pending.set(id, resolve);
          if (worker) {
            worker.postMessage({ id, source, weights, start, moves, depth, millis });
          } else {
            setTimeout(() => {
              const started = performance.now();
              const reply = fallback(source, weights, start, moves, depth, millis);
              settle(id, { reply, ms: performance.now() - started });
            }, 20);
          }
        });
      },

      /** Drops the searches asked for: a running one is stopped by ending its Worker (a new
       *  one is started for the next question). */
      cancel() {
        if (pending.size === 0) return;
        for (const id of [...pending.keys()]) settle(id, { cancelled: true });
        if (worker) {
          worker.terminate();
          start();
        }
      },
    };
  },
};
