#!/usr/bin/env bash
# Builds the playground into web/dist/: the bindings (crates/hexv-wasm) compiled to
# WebAssembly, wasm-bindgen's JavaScript glue, the shipped variants, and the page. The result
# opens from file:// (no module imports, no fetch: see web/README.md) or any static server.
#
# Needs rustup, Node.js and npm. wasm-bindgen-cli is installed once into target/tools (or
# $HEXV_TOOLS: CI keeps it in the machine's cache), at the exact version of the wasm-bindgen crate
# in Cargo.lock (the CLI and the crate must agree).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dist=web/dist
target_dir=${CARGO_TARGET_DIR:-$repo/target}

rustup target add wasm32-unknown-unknown >/dev/null 2>&1

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$version" ] || { echo "no wasm-bindgen in Cargo.lock" >&2; exit 1; }
tools=${HEXV_TOOLS:-$repo/target/tools}
if [ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  echo "== installing wasm-bindgen-cli $version into $tools"
  # --locked first (the versions wasm-bindgen-cli was released with); when the registry no
  # longer offers one of them (a yanked or unmirrored crate), the newest compatible ones.
  cargo install wasm-bindgen-cli --version "$version" --locked --root "$tools" --quiet ||
    cargo install wasm-bindgen-cli --version "$version" --root "$tools" --quiet
fi

echo "== building crates/hexv-wasm for wasm32 (release)"
cargo build --locked --release -p hexv-wasm --target wasm32-unknown-unknown
wasm=$target_dir/wasm32-unknown-unknown/release/hexv_wasm.wasm

echo "== wasm-bindgen"
rm -rf "$dist"
mkdir -p "$dist/pkg"
# no-modules: the glue defines a global `wasm_bindgen` in a classic script, which file:// allows.
"$tools/bin/wasm-bindgen" --target no-modules --no-typescript --out-dir "$dist/pkg" "$wasm"

echo "== page"
node web/tools/embed.js "$dist/pkg/hexv_wasm_bg.wasm" "$dist/pkg/hexv_wasm.js" web/src/worker.js variants "$dist"
cp web/index.html web/style.css "$dist/"
cp -r web/src "$dist/src"
# The board's half turn, one script shared with the game page (src/render/game_page.rs).
cp src/render/flip.js "$dist/src/flip.js"
# The editor: CodeMirror 6 from npm (web/package-lock.json), bundled into one classic script.
(cd web && npm ci --no-audit --no-fund --silent && npm run --silent bundle)

echo "== size (gzip -9)"
gz() { gzip -9 -c "$@" | wc -c; }
wasm_gz=$(gz "$dist/pkg/hexv_wasm_bg.wasm")
glue_gz=$(gz "$dist/pkg/hexv_wasm.js")
page_gz=$(cat "$dist"/wasm.js "$dist"/variants.js "$dist"/worker-source.js "$dist"/editor.js "$dist"/pkg/hexv_wasm.js "$dist"/src/*.js "$dist"/index.html "$dist"/style.css | gzip -9 | wc -c)
echo "wasm $wasm_gz B, glue $glue_gz B; everything the page loads (wasm inlined as base64): $page_gz B"
echo "open $dist/index.html"
