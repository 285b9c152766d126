// Tokenizes every shipped variant and valid fixture with the TextMate grammar, using the
// engine VS Code itself uses (vscode-textmate with the Oniguruma regex library), and checks
// what an author sees: comments, strings, statement keywords, piece and zone names at their
// definitions, numbers, cell kinds, condition words and built-in direction sets. Run with
// `npm test` in editors/vscode (after `npm install`).
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async () =>
    vsctm.parseRawGrammar(readFileSync(join(here, "..", "syntaxes", "hexv.tmLanguage.json"), "utf8"), "hexv.tmLanguage.json"),
});
const grammar = await registry.loadGrammar("source.hexv");

const files = [
  ...readdirSync(join(root, "variants")).map((f) => join(root, "variants", f)),
  ...readdirSync(join(root, "tests", "fixtures", "valid")).map((f) => join(root, "tests", "fixtures", "valid", f)),
].filter((f) => f.endsWith(".hexv"));

const statementWords = new Set([
  "variant", "inventor", "source", "note", "year", "symmetry", "sides", "board", "setup", "rules",
  "castling", "cells", "shape", "names", "remove", "cell", "off-board", "colours", "royal",
  "colour-bound", "step", "ride", "leap", "hop", "cannon", "confined", "multi-step", "promote",
  "like", "value", "glyph", "drop", "checkmate", "stalemate", "captures", "repetition", "move-limit",
  "facing", "draw-without", "eliminated", "impasse", "placement", "hand", "piece", "zone",
  "directions",
]);
// Words that qualify a line where they stand: a board's cell kind (`cells triangle rows`) and
// the condition after `when` or `unless` (`when pointing 12`). (`piece at` is left out: `piece`
// starts a statement, and is scoped so.)
const cellKindWords = new Set(["flat", "pointy", "triangle", "rows", "columns"]);
const conditionWords = new Set(["unmoved", "from", "to", "enemy", "friend", "pointing"]);
// A built-in direction set of a kind, alone or joined to a band or an hour
// (src/geometry/directions.rs).
const builtinKind = /^(?:(?:forward|backward|sideways|[0-9]+)-)?(?:orthogonal|diagonal|face-point|face-first|point-first)$/;

let failures = 0;
let checked = 0;
const fail = (file, line, what) => {
  failures++;
  console.error(`${file}:${line + 1}: ${what}`);
};

for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  let stack = vsctm.INITIAL;
  lines.forEach((text, n) => {
    const result = grammar.tokenizeLine(text, stack);
    stack = result.ruleStack;
    const scopeAt = (i) => {
      const t = result.tokens.find((t) => t.startIndex <= i && i < t.endIndex);
      return t ? t.scopes.join(" ") : "";
    };
    // A comment, outside strings: from its `#` on.
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '"') inString = !inString;
      if (text[i] === "#" && !inString) {
        if (!scopeAt(i).includes("comment")) fail(file, n, `# not a comment: ${scopeAt(i)}`);
        checked++;
        break;
      }
    }
    const code = text.split("#")[0];
    // The statement's first word.
    const first = code.match(/^\s*([A-Za-z][A-Za-z0-9_'+-]*)/);
    if (first && statementWords.has(first[1])) {
      const i = code.indexOf(first[1]);
      if (!scopeAt(i).includes("keyword.other.statement")) fail(file, n, `${first[1]}: ${scopeAt(i)}`);
      checked++;
    }
    // Strings.
    const quote = code.indexOf('"');
    if (quote >= 0) {
      if (!scopeAt(quote + 1).includes("string.quoted")) fail(file, n, `string: ${scopeAt(quote + 1)}`);
      checked++;
    }
    // A piece's name and symbol, a zone's name, where they are defined.
    const piece = code.match(/^\s*piece\s+(\S+)\s+(\S+)/);
    if (piece) {
      const at = code.indexOf(piece[1], code.indexOf("piece") + 5);
      if (!scopeAt(at).includes("entity.name.type.piece")) fail(file, n, `piece name: ${scopeAt(at)}`);
      const sym = code.indexOf(piece[2], at + piece[1].length);
      if (!scopeAt(sym).includes("entity.name.tag.symbol")) fail(file, n, `symbol: ${scopeAt(sym)}`);
      checked += 2;
    }
    const zone = code.match(/^\s*zone\s+(\S+)/);
    if (zone) {
      const at = code.indexOf(zone[1], code.indexOf("zone") + 4);
      if (!scopeAt(at).includes("entity.name.type.zone")) fail(file, n, `zone name: ${scopeAt(at)}`);
      checked++;
    }
    // A number standing alone (`shape hexagon 6`, `value 900`, `step 12`), outside strings.
    const bare = code.replace(/"[^"]*"/g, (s) => " ".repeat(s.length));
    for (const m of bare.matchAll(/(?<![A-Za-z0-9_'+-])(-?[0-9]+)(?![A-Za-z0-9_'+-])/g)) {
      if (!scopeAt(m.index).includes("constant.numeric")) fail(file, n, `number ${m[1]}: ${scopeAt(m.index)}`);
      checked++;
    }
    // A cell kind, and the condition words of a movement line.
    const kind = bare.match(/^(\s*cells[ \t]+)([A-Za-z]+)(?:([ \t]+)([A-Za-z]+))?/);
    if (kind) {
      const words = [[kind[2], kind[1].length]];
      if (kind[4]) words.push([kind[4], kind[1].length + kind[2].length + kind[3].length]);
      for (const [word, at] of words) {
        if (!cellKindWords.has(word) || !scopeAt(at).includes("storage.modifier")) fail(file, n, `cell kind ${word}: ${scopeAt(at)}`);
        checked++;
      }
    }
    for (const m of bare.matchAll(/(?<![A-Za-z0-9_'+-])(?:when|unless)[ \t]+([A-Za-z][A-Za-z0-9_'+-]*)/g)) {
      if (!conditionWords.has(m[1])) continue;
      const at = m.index + m[0].length - m[1].length;
      if (!scopeAt(at).includes("storage.modifier")) fail(file, n, `condition ${m[1]}: ${scopeAt(at)}`);
      checked++;
    }
    // Built-in direction sets (`face-point`, `forward-face-first`, `12-point-first`).
    for (const m of bare.matchAll(/(?<![A-Za-z0-9_'+-])[A-Za-z0-9][A-Za-z0-9_'+-]*/g)) {
      if (!builtinKind.test(m[0])) continue;
      if (!scopeAt(m.index).includes("support.constant.direction")) fail(file, n, `direction ${m[0]}: ${scopeAt(m.index)}`);
      checked++;
    }
  });
}

console.log(`${files.length} files, ${checked} tokens checked, ${failures} wrong`);
process.exit(failures === 0 ? 0 : 1);
