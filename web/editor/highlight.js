// A small highlighting mode for .hexv sources: comments, strings, numbers, the statement words,
// the option words and the directions, read line by line (the language has no multi-line
// token). The word lists follow docs/language.md, as the VS Code grammar's do.
import { StreamLanguage } from '@codemirror/language';

const words = (text) => new Set(text.split(/\s+/));

const STATEMENTS = words(`variant inventor source note year symmetry board setup rules castling
  cells shape names remove cell off-board colours colors royal colour-bound color-bound step ride
  leap hop cannon confined multi-step promote like value drop checkmate stalemate captures
  repetition move-limit facing draw-without eliminated impasse placement hand sides piece zone
  directions`);
const OPTIONS = words(`move-only capture-only en-passant max all mirror none lame when unless
  unmoved from to at in optional with written but reset-by to-hand enemy friend white black flat pointy
  triangle hexagon rhombus columns ranks starting files snake shogi list left-leaning
  right-leaning rotate place-on not-defended-by no-check no-mate at-most per-line no-en-passant
  alternate sequential
  pointing rows
  captured wait out stay to-mater need counting x win draw loss`);
const DIRECTION = /^(?:(?:forward|backward|sideways|[0-9]+)-)?(?:orthogonal|diagonal|face-point|face-first|point-first)$|^(?:forward|backward|sideways)$/;

/** The token at the stream's position, as a CodeMirror highlighting tag name. */
function token(stream) {
  if (stream.eatSpace()) return null;
  if (stream.match(/^#.*/)) return 'comment';
  if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
  if (stream.match(/^-?[0-9]+(?:\/[0-9]+)?(?![A-Za-z0-9_'+-])/)) return 'number';
  if (stream.match(/^[{}()[\]]/)) return 'bracket';
  if (stream.match(/^(?:->|[=,;])/)) return 'operator';
  const word = stream.match(/^[A-Za-z0-9_'+-]+/);
  if (word) {
    const w = word[0];
    if (STATEMENTS.has(w)) return 'keyword';
    if (OPTIONS.has(w)) return 'atom';
    if (DIRECTION.test(w)) return 'variableName.special';
    return 'variableName';
  }
  stream.next();
  return null;
}

export const hexvLanguage = StreamLanguage.define({
  name: 'hexv',
  token,
  languageData: { commentTokens: { line: '#' } },
});
