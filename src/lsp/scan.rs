//! The file as tokens: words, strings, comments, braces, statement ends and the other marks,
//! read without the grammar, so that a file the parser refuses still has statements and
//! blocks (what completion reads at the cursor, and what the partial analysis cuts out).

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    /// A name, number, symbol or keyword (letters, digits, `_`, `'`, `+`, `-`, and `/` inside
    /// a fraction).
    Word,
    /// A string in double quotes (unterminated: to the end of its line).
    Str,
    /// A comment, from `#` to the end of its line.
    Comment,
    /// `{`.
    Open,
    /// `}`.
    Close,
    /// `;`.
    Semi,
    /// A line end (`\n`, `\r\n` or a lone `\r`).
    Eol,
    /// Anything else: `=`, `->`, `(`, `)`, `[`, `]`, `,`, ...
    Mark,
}

/// A token and where it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// True for the tokens that end a statement.
    pub fn ends_statement(self) -> bool {
        matches!(self.kind, Tok::Open | Tok::Close | Tok::Semi | Tok::Eol)
    }
}

fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'\'' | b'+' | b'-' | b'/')
}

/// The tokens of a text, in order.
pub(super) fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut push = |kind, start, end| out.push(Token { kind, start, end });
    while i < bytes.len() {
        let start = i;
        let kind = match bytes[i] {
            b' ' | b'\t' => {
                i += 1;
                continue;
            }
            b'\n' => {
                i += 1;
                Tok::Eol
            }
            b'\r' => {
                i += if bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                Tok::Eol
            }
            b'#' => {
                while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                    i += 1;
                }
                Tok::Comment
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    // An escape is two characters, but never a line end.
                    i += if bytes[i] == b'\\'
                        && i + 1 < bytes.len()
                        && !matches!(bytes[i + 1], b'\n' | b'\r')
                    {
                        2
                    } else {
                        1
                    };
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
                Tok::Str
            }
            b'{' => {
                i += 1;
                Tok::Open
            }
            b'}' => {
                i += 1;
                Tok::Close
            }
            b';' => {
                i += 1;
                Tok::Semi
            }
            b'-' if bytes.get(i + 1) == Some(&b'>') => {
                i += 2;
                Tok::Mark
            }
            b if word_byte(b) => {
                while i < bytes.len()
                    && word_byte(bytes[i])
                    && !(bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'>'))
                {
                    i += 1;
                }
                Tok::Word
            }
            _ => {
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                Tok::Mark
            }
        };
        // A `\` escape may step past the end in a string cut off by the text's end.
        push(kind, start, i.min(bytes.len()));
    }
    out
}

/// A block of the file, by the words of its head (`piece Rook R`).
#[derive(Clone, Debug)]
pub(super) struct Block<'a> {
    pub head: Vec<&'a str>,
}

impl Block<'_> {
    /// The head's first word: `board`, `piece`, `setup`, `rules`, `castling`, `zone`.
    pub fn kind(&self) -> &str {
        self.head.first().copied().unwrap_or("")
    }
}

/// The file's tokens with what the statements and blocks are.
pub(super) struct Scan<'a> {
    pub text: &'a str,
    pub toks: Vec<Token>,
}

impl<'a> Scan<'a> {
    pub fn new(text: &'a str) -> Scan<'a> {
        Scan {
            text,
            toks: tokens(text),
        }
    }

    pub fn str(&self, t: Token) -> &'a str {
        &self.text[t.start..t.end]
    }

    /// The index of the first token that ends after `offset` (the token at `offset`, or the
    /// next one), `toks.len()` past the last.
    pub fn index_at(&self, offset: usize) -> usize {
        self.toks.partition_point(|t| t.end <= offset)
    }

    /// The tokens of the statement that token `i` belongs to, comments left out: from the
    /// token after the previous statement end to the one before the next.
    pub fn statement(&self, i: usize) -> (usize, usize) {
        let mut start = i.min(self.toks.len());
        while start > 0 && !self.toks[start - 1].ends_statement() {
            start -= 1;
        }
        let mut end = i;
        while end < self.toks.len() && !self.toks[end].ends_statement() {
            end += 1;
        }
        (start, end)
    }

    /// The words of tokens `from..to`, comments left out.
    pub fn words(&self, from: usize, to: usize) -> Vec<&'a str> {
        self.toks[from..to]
            .iter()
            .filter(|t| t.kind != Tok::Comment)
            .map(|t| self.str(*t))
            .collect()
    }

    /// The blocks open at token `i` (before it), outermost first.
    pub fn blocks_at(&self, i: usize) -> Vec<Block<'a>> {
        let mut stack: Vec<Block<'a>> = Vec::new();
        let mut head_start = 0;
        for (k, t) in self.toks.iter().enumerate().take(i) {
            match t.kind {
                Tok::Open => {
                    let head = self.words(head_start, k);
                    stack.push(Block { head });
                }
                Tok::Close => {
                    stack.pop();
                }
                _ => {}
            }
            if t.ends_statement() {
                head_start = k + 1;
            }
        }
        stack
    }
}

/// The blocks of a whole file at once, for many look-ups: which `{` each `}` closes (and back),
/// and the outermost block each token is in.
pub(super) struct Structure {
    /// For a `{` the index of its `}`, for a `}` its `{`'s.
    pub partner: Vec<Option<usize>>,
    /// The index of the first word of the head of the outermost block a token is in (`None`
    /// at the top level; a block's own braces are in it).
    pub outer: Vec<Option<usize>>,
}

impl Structure {
    pub fn new(scan: &Scan) -> Structure {
        let n = scan.toks.len();
        let mut partner = vec![None; n];
        let mut outer = vec![None; n];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut head_start = 0;
        for (k, t) in scan.toks.iter().enumerate() {
            if t.kind == Tok::Open {
                stack.push((k, head_start));
            }
            outer[k] = stack.first().map(|&(_, h)| h);
            if t.kind == Tok::Close {
                if let Some((open, _)) = stack.pop() {
                    partner[open] = Some(k);
                    partner[k] = Some(open);
                }
            }
            if t.ends_statement() {
                head_start = k + 1;
            }
        }
        Structure { partner, outer }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_and_blocks() {
        let text = "variant \"A {\" # x {\npiece King K { royal; step all }\nzone z = a1 -> b2\n";
        let s = Scan::new(text);
        let kinds: Vec<Tok> = s.toks.iter().map(|t| t.kind).collect();
        assert_eq!(&kinds[..4], &[Tok::Word, Tok::Str, Tok::Comment, Tok::Eol]);
        let at = s.index_at(text.find("step").unwrap());
        let (a, b) = s.statement(at);
        assert_eq!(s.words(a, b), ["step", "all"]);
        let blocks = s.blocks_at(at);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].head, ["piece", "King", "K"]);
        // The braces in the string and the comment are none of the block's.
        let open = s.index_at(text.find("{ royal").unwrap());
        let structure = Structure::new(&s);
        let close = structure.partner[open].expect("closed");
        assert_eq!(
            &text[s.toks[open].start..s.toks[close].end],
            "{ royal; step all }"
        );
        assert_eq!(structure.outer[at].map(|h| s.str(s.toks[h])), Some("piece"));
        let at = s.index_at(text.find("b2").unwrap());
        let (a, b) = s.statement(at);
        assert_eq!(s.words(a, b), ["zone", "z", "=", "a1", "->", "b2"]);
        assert!(s.blocks_at(at).is_empty());
        assert_eq!(Structure::new(&s).outer[at], None);
    }
}
