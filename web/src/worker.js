// The engine's thread. This file is not loaded by the page as it is: web/tools/embed.js
// appends it to wasm-bindgen's glue and the page starts the whole as a Worker from a Blob URL
// (src/engine.js), as file:// pages may not start a Worker from a file. The page sends the
// module's bytes first, then one message per search; a search runs to its end (the library's
// search has no way to be stopped from outside), so the page cancels one by terminating us.
'use strict';
let ready = Promise.reject(new Error('the engine was not given its module'));
ready.catch(() => {});

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === 'init') {
    ready = wasm_bindgen({ module_or_path: m.wasm });
    return;
  }
  ready.then(() => {
    const started = performance.now();
    const reply = JSON.parse(wasm_bindgen.best_move(m.source, m.weights, m.start, m.moves, m.depth, m.millis));
    self.postMessage({ id: m.id, reply, ms: performance.now() - started });
  }, (e) => {
    self.postMessage({ id: m.id, reply: { ok: false, error: { kind: 'engine', message: String(e) } } });
  });
};
