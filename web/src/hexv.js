// The hexv library in the page: instantiates the WebAssembly module from the base64 that
// wasm.js holds (no fetch, so file:// works) and wraps each binding so it returns the parsed
// reply ({ok: true, ...} or {ok: false, error}). `hexv.ready` resolves to the wrapped API,
// `hexv.wasm` holds the module's bytes.
'use strict';
(function () {
  function bytes(base64) {
    const text = atob(base64);
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }

  const call = (name) => (...args) => JSON.parse(wasm_bindgen[name](...args));
  const api = {
    check: call('check'),
    board: call('board'),
    pieceMoves: call('piece_moves'),
    startPosition: call('start_position'),
    positionSvg: call('position_svg'),
    legalMoves: call('legal_moves'),
    play: call('play'),
    gameEnd: call('game_end'),
    bestMove: call('best_move'),
  };

  const wasm = bytes(window.HEXV_WASM_BASE64);
  window.hexv = {
    // The module's bytes, which the engine's Worker instantiates again (src/engine.js).
    wasm,
    ready: wasm_bindgen({ module_or_path: wasm }).then(() => api),
  };
})();
