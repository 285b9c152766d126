//! The language server's logic (`hexv::lsp::Session`) driven as an editor would, from bytes.
//! The first byte opens a shipped variant; then each step is an operation: an edit of a
//! document (insert, replace or delete at a place the bytes choose, the text kept UTF-8, sent
//! as a full-sync `didChange`), a `didOpen` of another URI, a `didClose`, a request (hover,
//! definition, references, completion, document symbols, formatting, code actions, rename to
//! a name from the bytes) at a position from the bytes (past the end of a line or of the
//! document, inside a character of two UTF-16 units), or a malformed message (params missing
//! or of the wrong type, an unknown method, a notification of the wrong shape).
//!
//! Properties: every request gets exactly one response, with its id; a method the server
//! does not answer gets a `MethodNotFound` error, a known one no error but `InvalidParams`
//! (for params of the wrong types, and for a rename to a name hexv cannot read); a document not open gets `null`; every range in a
//! response or a published diagnostic has its start before its end and lies within the
//! document as the session has it (lines as the protocol splits them, at `\n`, `\r\n` and
//! `\r`; characters within the line's UTF-16 length and never inside a character); every
//! published diagnostic has a message, a code and a severity; opening or changing a document
//! publishes its diagnostics once and closing it publishes none; the session's text is the
//! one the client sent; a rename's edits all replace the same word, references and hovers
//! are words on one line, a symbol's name lies inside its range, and formatting replaces the
//! whole document with a text that formats to itself. Time is bounded by libFuzzer's
//! `-timeout`.
#![no_main]

use std::collections::HashMap;

use hexv::lsp::lsp_server::{ErrorCode, Message, Notification, Request, RequestId};
use hexv::lsp::lsp_types::Uri;
use hexv::lsp::Session;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

/// The documents' URIs: a file, one with an escaped character, an untitled buffer, and one
/// that is no URI at all (the server keeps its text but publishes nothing for it).
const URIS: [&str; 4] = [
    "file:///fuzz/a.hexv",
    "file:///fuzz/%C3%A9t%C3%A9.hexv",
    "untitled:Untitled-1",
    "not a uri",
];

/// The requests an editor makes, with the position or range each takes.
const METHODS: [&str; 8] = [
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/completion",
    "textDocument/documentSymbol",
    "textDocument/formatting",
    "textDocument/codeAction",
    "textDocument/rename",
];

/// Methods the server does not answer, `shutdown` among them (the transport's).
const UNKNOWN: [&str; 6] = [
    "textDocument/signatureHelp",
    "workspace/symbol",
    "$/fuzz",
    "",
    "shutdown",
    "initialize",
];

/// Texts an edit inserts: line ends of every kind, characters of several UTF-8 and UTF-16
/// lengths, and pieces of the language.
const SNIPPETS: [&str; 24] = [
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "é",
    "😀",
    "\u{FEFF}",
    "#",
    "\"",
    "{",
    "}",
    ";",
    "-",
    "->",
    "piece Foo F { step all }\n",
    "zone z = a1 b1\n",
    "directions d = 12 2\n",
    "setup { K a1 }\n",
    "like",
    "Bishp",
    "step 13",
    "promote to Queen in far-edge",
    "board { cells triangle; shape hexagon 2 }\n",
];

/// Names a rename asks for, readable and not.
const NAMES: [&str; 8] = [
    "x",
    "New-name",
    "start-cells",
    "K'",
    "two words",
    "",
    "ends-",
    "é",
];

/// Most steps of one input: each may check, compile and analyse a variant.
const MAX_STEPS: usize = 24;

/// The input, read a byte at a time.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// A byte, 0 once the input is spent (the step under way still completes).
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// Text from the bytes: a snippet, or a few bytes read as UTF-8 (invalid ones replaced).
    fn text(&mut self) -> String {
        let n = self.byte();
        if n & 0x80 != 0 {
            return SNIPPETS[n as usize % SNIPPETS.len()].to_string();
        }
        let raw: Vec<u8> = (0..n % 16).map(|_| self.byte()).collect();
        String::from_utf8_lossy(&raw).into_owned()
    }
}

/// A text's lines as the protocol splits them (at `\n`, `\r\n` and `\r`), without their ends.
fn lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&text[start..]);
    out
}

/// The byte offset of a position that lies within the text (checked first), by the
/// protocol's lines and UTF-16 characters.
fn offset(text: &str, line: usize, character: usize) -> usize {
    let all = lines(text);
    let start = all[line].as_ptr() as usize - text.as_ptr() as usize;
    let mut units = 0;
    for (i, c) in all[line].char_indices() {
        if units == character {
            return start + i;
        }
        units += c.len_utf16();
    }
    start + all[line].len()
}

/// A position of a response: `(line, character)`, checked to lie within the text and not
/// inside a character.
fn position(text: &str, p: &Value) -> (usize, usize) {
    let line = p["line"].as_u64().unwrap_or_else(|| panic!("a line: {p}")) as usize;
    let character = p["character"]
        .as_u64()
        .unwrap_or_else(|| panic!("a character: {p}")) as usize;
    let all = lines(text);
    assert!(
        line < all.len(),
        "line {line} of a document of {} lines: {p}",
        all.len()
    );
    let mut units = 0;
    let mut boundary = character == 0;
    for c in all[line].chars() {
        units += c.len_utf16();
        boundary |= units == character;
    }
    assert!(
        character <= units,
        "character {character} of a line of {units}: {p} in {:?}",
        all[line]
    );
    assert!(boundary, "inside a character: {p} in {:?}", all[line]);
    (line, character)
}

/// Every range in a value (an object with a `start` and an `end` position) lies within the
/// text, its start not after its end.
fn ranges_within(text: &str, value: &Value) {
    match value {
        Value::Object(o) => {
            if let (Some(start), Some(end)) = (o.get("start"), o.get("end")) {
                if start.get("line").is_some() {
                    let (s, e) = (position(text, start), position(text, end));
                    assert!(s <= e, "a range ends before it starts: {value}");
                }
            }
            o.values().for_each(|v| ranges_within(text, v));
        }
        Value::Array(a) => a.iter().for_each(|v| ranges_within(text, v)),
        _ => {}
    }
}

/// The text a range (checked to lie within the text) covers.
fn covered<'t>(text: &'t str, range: &Value) -> &'t str {
    let (sl, sc) = position(text, &range["start"]);
    let (el, ec) = position(text, &range["end"]);
    &text[offset(text, sl, sc)..offset(text, el, ec)]
}

/// A word's range: one line, not empty.
fn a_word(text: &str, range: &Value) -> String {
    let word = covered(text, range);
    assert!(
        !word.is_empty() && range["start"]["line"] == range["end"]["line"],
        "not a word: {range} {word:?}"
    );
    word.to_string()
}

/// The editor's side: the session, and the documents as the client sent them.
struct Client {
    session: Session,
    docs: HashMap<&'static str, String>,
    next_id: i32,
}

impl Client {
    fn notify(&mut self, method: &str, params: Value) -> Vec<Message> {
        let out = self.session.handle(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
        for m in &out {
            let Message::Notification(n) = m else {
                panic!("a notification answered: {m:?}");
            };
            assert_eq!(n.method, "textDocument/publishDiagnostics", "{n:?}");
        }
        out
    }

    /// A notification that changes or publishes `uri`'s document: afterwards the session has
    /// the client's text, and the diagnostics published (once, if `publishes`) lie within it.
    fn notify_document(&mut self, method: &str, uri: &'static str, params: Value) {
        let out = self.notify(method, params);
        let parses = uri.parse::<Uri>().is_ok();
        let open = self.docs.get(uri);
        assert_eq!(
            self.session.document(uri),
            open.map(String::as_str),
            "{uri}"
        );
        let closing = method == "textDocument/didClose";
        let expected = usize::from(parses && (closing || open.is_some()));
        assert_eq!(out.len(), expected, "{method} {uri}: {out:?}");
        for m in out {
            let Message::Notification(n) = m else {
                unreachable!()
            };
            assert_eq!(n.params["uri"], uri, "{n:?}");
            let diagnostics = n.params["diagnostics"].as_array().expect("a list");
            if closing {
                assert!(diagnostics.is_empty(), "{n:?}");
                continue;
            }
            let text = open.expect("an open document");
            for d in diagnostics {
                ranges_within(text, d);
                assert!(
                    d["message"].as_str().is_some_and(|m| !m.trim().is_empty()),
                    "{d}"
                );
                assert!(d["code"].as_str().is_some_and(|c| !c.is_empty()), "{d}");
                assert!(d["severity"] == 1 || d["severity"] == 2, "{d}");
                for r in d["relatedInformation"].as_array().into_iter().flatten() {
                    assert_eq!(r["location"]["uri"], uri, "{d}");
                }
            }
        }
    }

    fn open(&mut self, uri: &'static str, text: String) {
        self.docs.insert(uri, text.clone());
        self.notify_document(
            "textDocument/didOpen",
            uri,
            json!({"textDocument": {"uri": uri, "languageId": "hexv", "version": 1, "text": text}}),
        );
    }

    /// A full-sync change: a stale text first, sometimes, then the whole new text.
    fn change(&mut self, uri: &'static str, text: String, stale: bool) {
        let mut changes = vec![json!({"text": text})];
        if stale {
            changes.insert(0, json!({"text": "stale"}));
        }
        self.docs.insert(uri, text);
        self.notify_document(
            "textDocument/didChange",
            uri,
            json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes}),
        );
    }

    fn close(&mut self, uri: &'static str) {
        self.docs.remove(uri);
        self.notify_document(
            "textDocument/didClose",
            uri,
            json!({"textDocument": {"uri": uri}}),
        );
    }

    /// A request's one response, with its id: its result, or its error's code.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, i32> {
        self.next_id += 1;
        let id: RequestId = if self.next_id % 2 == 0 {
            self.next_id.into()
        } else {
            format!("r{}", self.next_id).into()
        };
        let out = self.session.handle(Message::Request(Request::new(
            id.clone(),
            method.to_string(),
            params,
        )));
        assert_eq!(out.len(), 1, "{method}: {out:?}");
        let Message::Response(response) = &out[0] else {
            panic!("{method}: not a response: {out:?}");
        };
        assert_eq!(response.id, id, "{method}");
        match &response.response_result {
            Ok(result) => Ok(result.clone()),
            Err(error) => {
                assert!(!error.message.is_empty(), "{method}: {error:?}");
                Err(error.code)
            }
        }
    }
}

/// A position in a document from the bytes: mostly within it (any line, any UTF-16
/// character of it or a little past its end, inside a surrogate pair too), sometimes far past
/// the last line or the line's end.
fn position_from(input: &mut Bytes, text: &str) -> Value {
    let all = lines(text);
    let (l, c) = (input.u16(), input.byte());
    let line = match l >> 12 {
        0xF => u32::MAX - (l & 0xF) as u32,
        0xE => (all.len() + (l & 0xF) as usize) as u32,
        _ => (l as usize % all.len()) as u32,
    };
    let units = all
        .get(line as usize)
        .map_or(0, |l| l.encode_utf16().count());
    let character = match c {
        0xFF => u32::MAX,
        0xF0..=0xFE => (units + (c & 0xF) as usize) as u32,
        _ => (c as usize % (units + 2)) as u32,
    };
    json!({"line": line, "character": character})
}

/// A char boundary at or before `at`.
fn floor(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The text edited by the bytes: an insert, a replacement or a deletion.
fn edited(input: &mut Bytes, text: &str) -> String {
    let kind = input.byte() % 3;
    let at = floor(text, input.u16() as usize % (text.len() + 1));
    let end = floor(text, at + input.byte() as usize % 64);
    let mut out = text.to_string();
    match kind {
        0 => out.insert_str(at, &input.text()),
        1 => out.replace_range(at..end, &input.text()),
        _ => out.replace_range(at..end, ""),
    }
    out
}

/// A request an editor makes, and the properties of its answer.
fn request(client: &mut Client, input: &mut Bytes) {
    let method = METHODS[input.byte() as usize % METHODS.len()];
    let uri = URIS[input.byte() as usize % URIS.len()];
    let text = client.docs.get(uri).cloned();
    let shape = text.as_deref().unwrap_or("");
    let at = position_from(input, shape);
    let mut params = json!({"textDocument": {"uri": uri}, "position": at});
    let mut new_name = "";
    match method {
        "textDocument/codeAction" => {
            let end = position_from(input, shape);
            params["range"] = json!({"start": at, "end": end});
            params["context"] = json!({"diagnostics": []});
        }
        "textDocument/rename" => {
            new_name = NAMES[input.byte() as usize % NAMES.len()];
            params["newName"] = json!(new_name);
        }
        "textDocument/references" => params["context"] = json!({"includeDeclaration": true}),
        "textDocument/formatting" => {
            params["options"] = json!({"tabSize": 2, "insertSpaces": true})
        }
        _ => {}
    }
    let answer = client.request(method, params);
    let Some(text) = text else {
        assert_eq!(answer, Ok(Value::Null), "{method} of a document not open");
        return;
    };
    let result = match answer {
        Ok(result) => result,
        Err(code) => {
            assert_eq!(method, "textDocument/rename", "{method}: error {code}");
            assert_eq!(code, ErrorCode::InvalidParams as i32);
            return;
        }
    };
    ranges_within(&text, &result);
    match method {
        "textDocument/hover" if !result.is_null() => {
            a_word(&text, &result["range"]);
            assert!(result["contents"]["value"]
                .as_str()
                .is_some_and(|v| !v.is_empty()));
        }
        "textDocument/definition" if !result.is_null() => {
            a_word(&text, &result["range"]);
        }
        "textDocument/references" => {
            for l in result.as_array().into_iter().flatten() {
                a_word(&text, &l["range"]);
            }
        }
        "textDocument/rename" if !result.is_null() => {
            let edits = result["changes"][uri].as_array().expect("edits");
            let words: Vec<String> = edits.iter().map(|e| a_word(&text, &e["range"])).collect();
            assert!(words.windows(2).all(|w| w[0] == w[1]), "{words:?}");
            assert!(edits.iter().all(|e| e["newText"] == new_name));
        }
        "textDocument/documentSymbol" => {
            for s in result.as_array().expect("a list") {
                a_word(&text, &s["selectionRange"]);
                let inside = |r: &Value, p: &Value| {
                    let at = |p: &Value| (p["line"].as_u64(), p["character"].as_u64());
                    at(&r["start"]) <= at(p) && at(p) <= at(&r["end"])
                };
                assert!(
                    inside(&s["range"], &s["selectionRange"]["start"])
                        && inside(&s["range"], &s["selectionRange"]["end"]),
                    "{s}"
                );
            }
        }
        "textDocument/completion" => {
            for item in result.as_array().expect("a list") {
                assert!(
                    item["label"].as_str().is_some_and(|l| !l.is_empty()),
                    "{item}"
                );
            }
        }
        "textDocument/formatting" => {
            // Null when the file does not format (a syntax error), else one edit of the whole
            // document, or none.
            let edits = result.as_array().map_or(&[][..], Vec::as_slice);
            assert!(edits.len() <= 1, "{result}");
            if let Some(edit) = edits.first() {
                assert_eq!(covered(&text, &edit["range"]), text, "{edit}");
                assert_eq!(edit["range"]["start"], json!({"line": 0, "character": 0}));
                let formatted = edit["newText"].as_str().expect("a text");
                let again = hexv::format::format(&hexv::SourceFile::new("fuzz.hexv", formatted))
                    .expect("formatted text formats");
                assert_eq!(again, formatted, "formatting is not idempotent");
            }
        }
        _ => {}
    }
}

/// A message of the wrong shape: params missing or of the wrong types, an unknown method, a
/// notification the server does not expect.
fn malformed(client: &mut Client, input: &mut Bytes) {
    let uri = URIS[input.byte() as usize % URIS.len()];
    let method = METHODS[input.byte() as usize % METHODS.len()];
    let params = match input.byte() % 8 {
        0 => Value::Null,
        1 => json!({"textDocument": 5}),
        2 => json!({"textDocument": {"uri": 3}, "position": {"line": 0, "character": 0}}),
        3 => json!({"textDocument": {"uri": uri}, "position": {"line": -1, "character": "x"}}),
        4 => json!({"textDocument": {"uri": uri}, "position": [1, 2], "range": "all",
                    "newName": 7, "context": null}),
        5 => json!({"textDocument": {"uri": uri}, "position": {"line": 1.5, "character": 0},
                    "range": {"start": {"line": 9}, "end": null}}),
        6 => json!({"textDocument": {"uri": uri}}),
        _ => json!([uri]),
    };
    match input.byte() % 4 {
        // A known method: answered (null, a list), or its params refused as InvalidParams,
        // never another error.
        0 | 1 => match client.request(method, params) {
            Ok(result) => {
                if let Some(text) = client.docs.get(uri) {
                    ranges_within(text, &result);
                }
            }
            Err(code) => assert_eq!(code, ErrorCode::InvalidParams as i32, "{method}"),
        },
        // A method the server does not answer.
        2 => {
            let unknown = UNKNOWN[input.byte() as usize % UNKNOWN.len()];
            assert_eq!(
                client.request(unknown, params),
                Err(ErrorCode::MethodNotFound as i32),
                "{unknown}"
            );
        }
        // Notifications of the wrong shape: the session's documents follow the server's rules
        // (a didOpen without text opens an empty document; a didChange without a text keeps
        // the document), and nothing but diagnostics comes back.
        _ => match input.byte() % 5 {
            0 => {
                client.docs.insert(uri, String::new());
                client.notify_document(
                    "textDocument/didOpen",
                    uri,
                    json!({"textDocument": {"uri": uri}}),
                );
            }
            1 => client.notify_document(
                "textDocument/didChange",
                uri,
                json!({"textDocument": {"uri": uri}, "contentChanges": [{"text": 5}]}),
            ),
            2 => client.notify_document(
                "textDocument/didChange",
                uri,
                json!({"textDocument": {"uri": uri}, "contentChanges": "all"}),
            ),
            3 => {
                assert!(client
                    .notify("$/cancelRequest", json!({"id": 1}))
                    .is_empty());
                assert!(client.notify("textDocument/didSave", params).is_empty());
            }
            _ => {
                let nameless = json!({"textDocument": {"text": "variant \"x\""}});
                assert!(client.notify("textDocument/didOpen", nameless).is_empty());
                let stray = hexv::lsp::lsp_server::Response::new_ok(RequestId::from(1), ());
                assert!(client.session.handle(Message::Response(stray)).is_empty());
            }
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let Some(selector) = input.next() else {
        return;
    };
    let mut client = Client {
        session: Session::new(),
        docs: HashMap::new(),
        next_id: 0,
    };
    client.open(URIS[0], hexv_fuzz::shipped_source(selector).1.to_string());
    let mut current = URIS[0];
    for _ in 0..MAX_STEPS {
        let Some(op) = input.next() else {
            break;
        };
        match op % 8 {
            // Edits weigh most: they make the texts the requests then meet.
            0..=2 => {
                let text = client.docs.get(current).cloned().unwrap_or_default();
                let new = edited(&mut input, &text);
                let stale = input.byte() & 1 == 1;
                client.change(current, new, stale);
            }
            3 => {
                current = URIS[input.byte() as usize % URIS.len()];
                let b = input.byte();
                let text = if b & 1 == 0 {
                    hexv_fuzz::shipped_source(b >> 1).1.to_string()
                } else {
                    input.text()
                };
                client.open(current, text);
            }
            4 => {
                let uri = URIS[input.byte() as usize % URIS.len()];
                client.close(uri);
            }
            5 | 6 => request(&mut client, &mut input),
            _ => malformed(&mut client, &mut input),
        }
    }
});
