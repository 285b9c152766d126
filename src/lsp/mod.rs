//! The language server's logic (the `lsp` feature): what `hexv lsp` answers, as a
//! [`Session`] that takes the protocol's messages and gives the messages to send back, with no
//! transport of its own. The transport (`hexv lsp`: JSON-RPC over standard input and output,
//! `initialize`, `shutdown` and `exit`) is the binary's; a fuzz target or another embedder
//! drives a [`Session`] directly.
//!
//! The server is synchronous, with full-document sync. It publishes the checker's diagnostics
//! (those of `hexv check`) on open and on every change (every label, the help, the code;
//! positions in UTF-16 as the protocol counts them, on lines ended by `\n`, `\r\n` or `\r`;
//! each text is checked once, for its diagnostics and the requests after them), formats with
//! [`crate::format`], shows a piece's movement diagram and description on hover (a cell's
//! coordinates, colour and zones, a zone's cells, a direction set's hours drawn around a cell,
//! a keyword's section of the language reference), goes to the definition of pieces, zones and
//! direction sets, finds their references, renames them and lists them as the document's
//! symbols, completes what fits the cursor's place (directions after `step`, zones after
//! `promote in`, pieces after `to`, a block's statements at a line's start, ...), and offers
//! each diagnostic's "did you mean" as a quick fix.
//!
//! A file with errors keeps all of this for what still checks: the requests resolve against
//! the variant of the file with its erroneous statements cut out (see `model.rs`), so a
//! misspelt direction in one piece's block leaves every other piece its diagram and every cell
//! its hover; the piece with the error says what it is. Completion, definitions, references
//! and symbols read the text's tokens and need no check at all.
//!
//! ```
//! use hexv::lsp::lsp_server::{Message, Notification, Request};
//! use hexv::lsp::Session;
//! use serde_json::json;
//!
//! let mut session = Session::new();
//! let uri = "file:///mini.hexv";
//! let text = "variant \"Mini\"\nboard { cells flat; shape hexagon 3 }\npiece King K { royal; step al }\n";
//! let open = Notification::new(
//!     "textDocument/didOpen".to_string(),
//!     json!({"textDocument": {"uri": uri, "languageId": "hexv", "version": 1, "text": text}}),
//! );
//! // Opening a document publishes its diagnostics.
//! let out = session.handle(Message::Notification(open));
//! let Message::Notification(published) = &out[0] else { panic!("{out:?}") };
//! assert_eq!(published.method, "textDocument/publishDiagnostics");
//! assert!(!published.params["diagnostics"].as_array().unwrap().is_empty());
//!
//! // A request gets one response, with its id.
//! let hover = Request::new(
//!     7.into(),
//!     "textDocument/hover".to_string(),
//!     json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 7}}),
//! );
//! let out = session.handle(Message::Request(hover));
//! let Message::Response(response) = &out[0] else { panic!("{out:?}") };
//! assert_eq!(response.id, 7.into());
//! ```

use std::cell::OnceCell;
use std::collections::HashMap;

use lsp_server::{Message, Notification, Request, Response};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionProviderCapability, CompletionOptions,
    DiagnosticRelatedInformation, DiagnosticSeverity, DocumentSymbol, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, NumberOrString, OneOf, Position, PublishDiagnosticsParams,
    Range, ServerCapabilities, SymbolKind, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextEdit, Uri, WorkspaceEdit,
};

use crate::diagnostic::{Diagnostic, Severity};
use crate::load::Loaded;
use crate::source::SourceFile;

/// The transport's crate (lsp-server), re-exported: [`Session::handle`] takes and gives its
/// [`Message`]s.
pub use lsp_server;
/// The protocol's types (lsp-types), re-exported: [`capabilities`] gives its
/// [`ServerCapabilities`].
pub use lsp_types;

mod complete;
pub mod frame;
mod hover;
mod model;
mod scan;
use hover::hover;
use model::{Salvage, View};

/// The byte offsets where the lines of a text start, to turn offsets into LSP positions
/// (UTF-16 code units within the line) and back. Lines end as the protocol ends them: at
/// `\n`, `\r\n` or a lone `\r` (which hexv itself refuses, but the editor shows as a line end).
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

/// True for the byte that ends a line (the `\n` of `\r\n`, a lone `\r`).
fn ends_line(bytes: &[u8], i: usize) -> bool {
    bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(
            (0..bytes.len())
                .filter(|&i| ends_line(bytes, i))
                .map(|i| i + 1),
        );
        Lines { text, starts }
    }

    /// Where a line's text ends, before its line end.
    fn end(&self, line: usize) -> usize {
        let Some(&next) = self.starts.get(line + 1) else {
            return self.text.len();
        };
        let bytes = self.text.as_bytes();
        let mut end = next;
        if bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > self.starts[line] && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        end
    }

    /// The position of a byte offset; past the end of the text, the end; inside a line end or
    /// a character, the position before it.
    fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = self.text[start..offset.min(self.end(line))]
            .chars()
            .map(char::len_utf16)
            .sum::<usize>();
        Position::new(line as u32, character as u32)
    }

    /// The byte offset of a position; past the end of its line, the line's end (past the last
    /// line, the text's end); inside a character of two UTF-16 units, after the character.
    fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self.end(p.line as usize);
        let mut units = 0;
        for (i, ch) in self.text[start..end].char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += ch.len_utf16();
        }
        end
    }

    fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end))
    }
}

/// A word of the file (outside strings and comments) and where it is.
#[derive(Clone, Debug)]
struct Word<'a> {
    text: &'a str,
    start: usize,
    end: usize,
}

/// The words of a text: names, numbers and symbols, with `(`, `)`, `[`, `]`, `,`, `{`, `}`,
/// `;`, `=` and `->` between them, strings and comments skipped.
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let is_word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'\'' | b'+' | b'-');
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 2,
            b if is_word(b) => {
                let start = i;
                while i < bytes.len()
                    && is_word(bytes[i])
                    && !(bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'>'))
                {
                    i += 1;
                }
                out.push(Word {
                    text: &text[start..i],
                    start,
                    end: i,
                });
            }
            _ => i += 1,
        }
    }
    out
}

/// What a definition defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Piece,
    Zone,
    Directions,
}

/// A piece, zone or direction set defined in the file: its name (and a piece's symbol) and
/// where the definition is.
struct Definition<'a> {
    kind: Kind,
    name: Word<'a>,
    symbol: Option<Word<'a>>,
    /// The whole definition line or block head.
    line: (usize, usize),
}

/// The definitions of a text, found by their statements' first words: `piece NAME SYMBOL {`,
/// `zone NAME = ...` or `zone NAME {`, `directions NAME = ...`.
fn definitions<'a>(text: &'a str, ws: &[Word<'a>]) -> Vec<Definition<'a>> {
    let mut out = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        // The keyword first: looking along the line for every word of a long line would take
        // time in the square of its length.
        let kind = match w.text {
            "piece" => Kind::Piece,
            "zone" => Kind::Zone,
            "directions" => Kind::Directions,
            _ => continue,
        };
        // A statement's first word: at the start of its line (after indentation).
        let line_start = text[..w.start].rfind(['\n', '\r']).map_or(0, |n| n + 1);
        if !text[line_start..w.start].trim().is_empty() {
            continue;
        }
        let line_end = text[w.start..]
            .find(['\n', '\r'])
            .map_or(text.len(), |n| w.start + n);
        let Some(name) = ws.get(i + 1).filter(|n| n.end <= line_end) else {
            continue;
        };
        let symbol = (kind == Kind::Piece)
            .then(|| ws.get(i + 2).filter(|s| s.end <= line_end).cloned())
            .flatten();
        out.push(Definition {
            kind,
            name: name.clone(),
            symbol,
            line: (w.start, line_end),
        });
    }
    out
}

/// The word under a position, if any.
fn word_at<'a>(ws: &[Word<'a>], offset: usize) -> Option<Word<'a>> {
    ws.iter()
        .find(|w| w.start <= offset && offset <= w.end)
        .cloned()
}

/// The definition a word names (a piece by name or symbol, a zone, a direction set).
fn definition_of<'d, 'a>(defs: &'d [Definition<'a>], word: &str) -> Option<&'d Definition<'a>> {
    defs.iter()
        .find(|d| d.name.text == word || d.symbol.as_ref().is_some_and(|s| s.text == word))
}

/// The protocol's form of a diagnostic: the primary label's range, the message with the help
/// below it, the code, and the other labels as related information.
fn to_lsp(d: &Diagnostic, lines: &Lines, uri: &Uri) -> lsp_types::Diagnostic {
    let primary = d.labels.iter().find(|l| l.primary).or(d.labels.first());
    let range = primary.map_or(Range::default(), |l| lines.range(l.span.start, l.span.end));
    let mut message = d.message.clone();
    if let Some(label) = primary.filter(|l| !l.text.is_empty()) {
        message.push_str(&format!(" ({})", label.text));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .filter(|l| !std::ptr::eq(*l, primary.expect("a label when there are others")))
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(l.span.start, l.span.end)),
            message: l.text.clone(),
        })
        .collect();
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("hexv".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// The words of the language offered by completion: statements, modes, conditions, the
/// board's and the rules' words.
const KEYWORDS: &[&str] = &[
    "variant",
    "inventor",
    "source",
    "note",
    "year",
    "symmetry",
    "sides",
    "mirror",
    "rotate",
    "directions",
    "zone",
    "white",
    "black",
    "board",
    "cells",
    "flat",
    "pointy",
    "triangle",
    "rows",
    "shape",
    "hexagon",
    "rhombus",
    "columns",
    "ranks",
    "starting",
    "names",
    "files",
    "snake",
    "shogi",
    "list",
    "left-leaning",
    "right-leaning",
    "remove",
    "cell",
    "at",
    "off-board",
    "place-on",
    "colours",
    "piece",
    "royal",
    "colour-bound",
    "step",
    "ride",
    "leap",
    "hop",
    "cannon",
    "confined",
    "to",
    "multi-step",
    "from",
    "unmoved",
    "no-en-passant",
    "promote",
    "in",
    "optional",
    "like",
    "value",
    "glyph",
    "drop",
    "not-defended-by",
    "no-check",
    "no-mate",
    "at-most",
    "per-line",
    "move-only",
    "capture-only",
    "en-passant",
    "max",
    "all",
    "none",
    "lame",
    "when",
    "unless",
    "pointing",
    "enemy",
    "friend",
    "setup",
    "castling",
    "written",
    "rules",
    "checkmate",
    "win",
    "stalemate",
    "draw",
    "loss",
    "but",
    "with",
    "captures",
    "to-hand",
    "repetition",
    "move-limit",
    "reset-by",
    "facing",
    "draw-without",
    "impasse",
    "need",
    "counting",
    "placement",
    "hand",
    "alternate",
    "sequential",
    "out",
    "eliminated",
    "stay",
    "to-mater",
    "captured",
    "wait",
];

/// The "did you mean" fixes of the diagnostics on `range`: each candidate replaces the
/// primary label's text.
fn quick_fixes(loaded: &Loaded, uri: &Uri, lines: &Lines, range: Range) -> Vec<CodeAction> {
    let mut out = Vec::new();
    for d in &loaded.diagnostics {
        let Some(span) = d.primary_span() else {
            continue;
        };
        let at = lines.range(span.start, span.end);
        if at.end < range.start || range.end < at.start {
            continue;
        }
        let Some(help) = d.help.as_deref() else {
            continue;
        };
        let Some(rest) = help.strip_prefix("did you mean ") else {
            continue;
        };
        for candidate in rest.split('`').skip(1).step_by(2) {
            let edit = TextEdit::new(at, candidate.to_string());
            out.push(CodeAction {
                title: format!("Replace with `{candidate}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![to_lsp(d, lines, uri)]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..Default::default()
                }),
                is_preferred: Some(true),
                ..Default::default()
            });
        }
    }
    out
}

/// True for a name the language reads as one word.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '\'' | '-' | '+'))
        && !s.ends_with('-')
}

/// The requests the server answers; any other gets a `MethodNotFound` error.
const ANSWERED: [&str; 8] = [
    "textDocument/formatting",
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "textDocument/completion",
    "textDocument/codeAction",
    "textDocument/rename",
];

/// The document a request is about, once its params have the protocol's types: an object
/// with `textDocument.uri` a string, a `position` of two whole numbers where the method takes
/// one, a `range` of two positions for code actions, a string `newName` for a rename. Else the
/// reason, for an `InvalidParams` error.
fn typed_params(method: &str, params: &serde_json::Value) -> Result<String, String> {
    let uri = params
        .get("textDocument")
        .and_then(|d| d.get("uri"))
        .and_then(|u| u.as_str())
        .ok_or_else(|| format!("{method} needs params with textDocument.uri, a string"))?;
    let needs = |field: &str| match method {
        "textDocument/hover" | "textDocument/definition" | "textDocument/references" => {
            field == "position"
        }
        "textDocument/rename" => field == "position" || field == "newName",
        "textDocument/codeAction" => field == "range",
        _ => false,
    };
    if needs("position") {
        params
            .get("position")
            .and_then(|p| serde_json::from_value::<Position>(p.clone()).ok())
            .ok_or_else(|| {
                format!("{method} needs a position: {{\"line\": N, \"character\": N}}, whole numbers from 0")
            })?;
    }
    if needs("range") {
        params
            .get("range")
            .and_then(|r| serde_json::from_value::<Range>(r.clone()).ok())
            .ok_or_else(|| {
                format!("{method} needs a range: {{\"start\": POSITION, \"end\": POSITION}}")
            })?;
    }
    if needs("newName") && !params.get("newName").is_some_and(|n| n.is_string()) {
        return Err(format!("{method} needs newName, a string"));
    }
    Ok(uri.to_string())
}

/// One request's answer: a method the server does not answer is an error whatever its
/// params, a document not open (or no document) `null`.
fn answer(docs: &HashMap<String, Document>, req: &Request) -> Response {
    if !ANSWERED.contains(&req.method.as_str()) {
        return Response::new_err(
            req.id.clone(),
            lsp_server::ErrorCode::MethodNotFound as i32,
            format!("hexv lsp does not answer {}", req.method),
        );
    }
    let ok = |v: serde_json::Value| Response::new_ok(req.id.clone(), v);
    let params = &req.params;
    let key = match typed_params(&req.method, params) {
        Ok(key) => key,
        Err(why) => {
            return Response::new_err(
                req.id.clone(),
                lsp_server::ErrorCode::InvalidParams as i32,
                why,
            )
        }
    };
    let Some(doc) = docs.get(&key) else {
        return ok(serde_json::Value::Null);
    };
    let text = &doc.text;
    let lines = Lines::new(text);
    let ws = words(text);
    let defs = definitions(text, &ws);
    let at = params
        .get("position")
        .and_then(|p| serde_json::from_value::<Position>(p.clone()).ok())
        .map(|p| lines.offset(p));
    let uri: Option<Uri> = key.parse().ok();
    let null = serde_json::Value::Null;
    let value = match req.method.as_str() {
        "textDocument/formatting" => {
            match crate::format::format(&SourceFile::new(&key, text.as_str())) {
                Ok(formatted) if formatted != *text => {
                    serde_json::to_value(vec![TextEdit::new(lines.range(0, text.len()), formatted)])
                        .unwrap_or(null)
                }
                Ok(_) => serde_json::json!([]),
                Err(_) => null,
            }
        }
        "textDocument/hover" => at
            .and_then(|o| word_at(&ws, o))
            .and_then(|w| {
                // Where the word stands: its statement's first word, the words before it,
                // its block.
                let scan = scan::Scan::new(text);
                let i = scan.index_at(w.start);
                let (start, _) = scan.statement(i);
                let blocks = scan.blocks_at(start);
                let before = scan.words(start, i);
                let head = scan
                    .toks
                    .get(start)
                    .filter(|t| t.kind == scan::Tok::Word)
                    .map_or("", |t| scan.str(*t));
                let place = hover::Hovered {
                    word: w.text,
                    head,
                    block: blocks.last().map_or("", |b| b.kind()),
                    before: &before,
                };
                let value = hover(text, doc.view(&key), &place).or_else(|| {
                    definition_of(&defs, w.text)
                        .map(|d| format!("`{}`", text[d.line.0..d.line.1].trim()))
                })?;
                Some(Hover {
                    contents: HoverContents::Markup(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value,
                    }),
                    range: Some(lines.range(w.start, w.end)),
                })
            })
            .and_then(|h| serde_json::to_value(h).ok())
            .unwrap_or(null),
        "textDocument/definition" => at
            .and_then(|o| word_at(&ws, o))
            .and_then(|w| definition_of(&defs, w.text))
            .zip(uri.clone())
            .map(|(d, uri)| {
                let target = match &d.symbol {
                    Some(s)
                        if text[d.name.start..d.name.end] != *text[s.start..s.end].to_string() =>
                    {
                        &d.name
                    }
                    _ => &d.name,
                };
                Location::new(uri, lines.range(target.start, target.end))
            })
            .and_then(|l| serde_json::to_value(l).ok())
            .unwrap_or(null),
        "textDocument/references" => at
            .and_then(|o| word_at(&ws, o))
            .and_then(|w| definition_of(&defs, w.text))
            .zip(uri.clone())
            .map(|(d, uri)| {
                let names: Vec<&str> = std::iter::once(d.name.text)
                    .chain(d.symbol.as_ref().map(|s| s.text))
                    .collect();
                let found: Vec<Location> = ws
                    .iter()
                    .filter(|w| names.contains(&w.text))
                    .map(|w| Location::new(uri.clone(), lines.range(w.start, w.end)))
                    .collect();
                serde_json::to_value(found).unwrap_or(null.clone())
            })
            .unwrap_or(null),
        "textDocument/documentSymbol" => {
            #[allow(deprecated)]
            let symbols: Vec<DocumentSymbol> = defs
                .iter()
                .map(|d| DocumentSymbol {
                    name: d.name.text.to_string(),
                    detail: d.symbol.as_ref().map(|s| s.text.to_string()),
                    kind: match d.kind {
                        Kind::Piece => SymbolKind::CLASS,
                        Kind::Zone => SymbolKind::ENUM,
                        Kind::Directions => SymbolKind::CONSTANT,
                    },
                    tags: None,
                    deprecated: None,
                    range: lines.range(d.line.0, d.line.1),
                    selection_range: lines.range(d.name.start, d.name.end),
                    children: None,
                })
                .collect();
            serde_json::to_value(symbols).unwrap_or(null)
        }
        "textDocument/completion" => {
            serde_json::to_value(complete::completions(text, at, &|| doc.view(&key), &defs))
                .unwrap_or(null)
        }
        "textDocument/codeAction" => {
            let range = params
                .get("range")
                .and_then(|r| serde_json::from_value::<Range>(r.clone()).ok())
                .unwrap_or_default();
            match &uri {
                Some(uri) => {
                    serde_json::to_value(quick_fixes(doc.loaded(&key), uri, &lines, range))
                        .unwrap_or(null)
                }
                None => null,
            }
        }
        "textDocument/rename" => {
            let new_name = params.get("newName").and_then(|n| n.as_str()).unwrap_or("");
            if !is_name(new_name) {
                return Response::new_err(
                    req.id.clone(),
                    lsp_server::ErrorCode::InvalidParams as i32,
                    format!("`{new_name}` is not a name hexv can read"),
                );
            }
            let target = at
                .and_then(|o| word_at(&ws, o))
                .filter(|w| definition_of(&defs, w.text).is_some());
            match (target, &uri) {
                (Some(word), Some(uri)) => {
                    let edits: Vec<TextEdit> = ws
                        .iter()
                        .filter(|w| w.text == word.text)
                        .map(|w| TextEdit::new(lines.range(w.start, w.end), new_name.to_string()))
                        .collect();
                    serde_json::to_value(WorkspaceEdit {
                        changes: Some(HashMap::from([(uri.clone(), edits)])),
                        ..Default::default()
                    })
                    .unwrap_or(null)
                }
                _ => null,
            }
        }
        // Not in ANSWERED: refused above.
        _ => null,
    };
    ok(value)
}

/// The diagnostics of a document, as a notification to publish (none for a URI that does not
/// parse).
fn publish(uri: &str, doc: &Document) -> Option<Notification> {
    let parsed: Uri = uri.parse().ok()?;
    let loaded = doc.loaded(uri);
    let lines = Lines::new(&doc.text);
    let params = PublishDiagnosticsParams {
        uri: parsed.clone(),
        diagnostics: loaded
            .diagnostics
            .iter()
            .map(|d| to_lsp(d, &lines, &parsed))
            .collect(),
        version: None,
    };
    Some(Notification::new(
        "textDocument/publishDiagnostics".to_string(),
        params,
    ))
}

/// What the server can do, as the `initialize` response announces it: full-document sync,
/// hover, definition, references, formatting, document symbols, completion, code actions and
/// rename.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        rename_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// An open document: its text, what the checker makes of it, loaded once per text (the
/// diagnostics published, then hover, completion and code actions read it), and, for a text
/// with errors, what still checks of it, found when a request first needs it.
#[derive(Debug)]
struct Document {
    text: String,
    loaded: OnceCell<Loaded>,
    salvage: OnceCell<Option<Salvage>>,
}

impl Document {
    fn new(text: &str) -> Document {
        Document {
            text: text.to_string(),
            loaded: OnceCell::new(),
            salvage: OnceCell::new(),
        }
    }

    /// The checker's outcome for the text, named by the document's URI.
    fn loaded(&self, uri: &str) -> &Loaded {
        self.loaded
            .get_or_init(|| crate::load::load(&SourceFile::new(uri, self.text.as_str())))
    }

    /// What requests resolve against: the clean text's variant, or what still checks of a
    /// text with errors; `None` when nothing does.
    fn view(&self, uri: &str) -> Option<View<'_>> {
        let loaded = self.loaded(uri);
        if let Some(compiled) = &loaded.compiled {
            return Some(View::clean(compiled));
        }
        self.salvage
            .get_or_init(|| model::salvage(uri, &self.text, &loaded.diagnostics))
            .as_ref()
            .map(View::salvaged)
    }
}

/// The server's state between messages: the open documents, by URI. It answers the document
/// requests and notifications; the protocol's life cycle (`initialize`, `shutdown`, `exit`)
/// is the transport's, and a [`Session`] answers those requests as unknown methods.
#[derive(Debug, Default)]
pub struct Session {
    docs: HashMap<String, Document>,
}

impl Session {
    /// A session with no document open.
    pub fn new() -> Session {
        Session::default()
    }

    /// The messages to send for one message received:
    /// - a request gets exactly one response, with its id: the answer (`null` for a document
    ///   that is not open or a place where there is nothing to say), an `InvalidParams` error
    ///   for params of the wrong types (no `textDocument.uri` string, a `position` that is not
    ///   two whole numbers, ...) and for a rename to a name hexv cannot read, a
    ///   `MethodNotFound` error for a method the server does not answer;
    /// - `textDocument/didOpen` and `textDocument/didChange` (each change applied in turn: a
    ///   range replaced, or the whole text) publish the document's diagnostics, `textDocument/didClose` publishes none for
    ///   it; a notification without a document's URI, or of another method, gives nothing;
    /// - a response (to a request the server never sends) gives nothing.
    pub fn handle(&mut self, message: Message) -> Vec<Message> {
        match message {
            Message::Request(req) => vec![Message::Response(answer(&self.docs, &req))],
            Message::Notification(n) => self
                .notified(&n)
                .into_iter()
                .map(Message::Notification)
                .collect(),
            Message::Response(_) => Vec::new(),
        }
    }

    /// The text of an open document as the session has it (after every change received), or
    /// `None` when the URI is not open.
    pub fn document(&self, uri: &str) -> Option<&str> {
        self.docs.get(uri).map(|d| d.text.as_str())
    }

    /// A notification's effect on the documents, and the diagnostics to publish.
    fn notified(&mut self, n: &Notification) -> Option<Notification> {
        let uri = n
            .params
            .get("textDocument")
            .and_then(|d| d.get("uri"))
            .and_then(|u| u.as_str())
            .map(str::to_string)?;
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let text = n.params["textDocument"]["text"].as_str().unwrap_or("");
                self.docs.insert(uri.clone(), Document::new(text));
            }
            "textDocument/didChange" => {
                // Each change in turn: one with a range replaces that range of the text as it
                // is by then (incremental sync, which a client may send although full sync is
                // announced), one without replaces the whole text.
                // (A document not open starts empty, as a client's first full change makes it.)
                let open = self.docs.get(&uri);
                let mut text = open.map_or_else(String::new, |d| d.text.clone());
                let mut changed = false;
                for change in n.params["contentChanges"].as_array().into_iter().flatten() {
                    let Some(new) = change["text"].as_str() else {
                        continue;
                    };
                    changed = true;
                    match change
                        .get("range")
                        .and_then(|r| serde_json::from_value::<Range>(r.clone()).ok())
                    {
                        Some(range) => {
                            let lines = Lines::new(&text);
                            let start = lines.offset(range.start);
                            let end = lines.offset(range.end).max(start);
                            text.replace_range(start..end, new);
                        }
                        None => text = new.to_string(),
                    }
                }
                if changed {
                    self.docs.insert(uri.clone(), Document::new(&text));
                }
            }
            "textDocument/didClose" => {
                self.docs.remove(&uri);
                let empty = PublishDiagnosticsParams {
                    uri: uri.parse::<Uri>().ok()?,
                    diagnostics: Vec::new(),
                    version: None,
                };
                return Some(Notification::new(
                    "textDocument/publishDiagnostics".to_string(),
                    empty,
                ));
            }
            _ => return None,
        }
        self.docs.get(&uri).and_then(|doc| publish(&uri, doc))
    }
}
