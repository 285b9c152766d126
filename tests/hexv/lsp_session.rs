//! The language server's logic, `hexv::lsp::Session`, driven directly (as the fuzz target
//! does): the faults found with the `lsp` fuzz target, each rebuilt from its input.

use hexv::lsp::lsp_server::{ErrorCode, Message, Notification, Request, RequestId};
use hexv::lsp::Session;
use serde_json::{json, Value};

use crate::support::root;

const URI: &str = "file:///tmp/session.hexv";

fn glinski() -> String {
    std::fs::read_to_string(root().join("variants/glinski.hexv")).expect("glinski")
}

/// The published diagnostics of a text opened in a new session.
fn opened(session: &mut Session, text: &str) -> Vec<Value> {
    let out = session.handle(Message::Notification(Notification::new(
        "textDocument/didOpen".to_string(),
        json!({"textDocument": {"uri": URI, "languageId": "hexv", "version": 1, "text": text}}),
    )));
    let [Message::Notification(n)] = &out[..] else {
        panic!("{out:?}");
    };
    n.params["diagnostics"].as_array().expect("a list").clone()
}

/// A request's one response, with its id: the result, or the error's code.
fn request(session: &mut Session, method: &str, params: Value) -> Result<Value, i32> {
    let id = RequestId::from(7);
    let out = session.handle(Message::Request(Request::new(
        id.clone(),
        method.to_string(),
        params,
    )));
    let [Message::Response(response)] = &out[..] else {
        panic!("{out:?}");
    };
    assert_eq!(response.id, id);
    response.response_result.clone().map_err(|error| error.code)
}

/// The (line, UTF-16 character) of the first `needle`, plus `extra` bytes, counting every
/// line end (`\n`, `\r\n`, a lone `\r`) as the protocol does.
fn position(text: &str, needle: &str, extra: usize) -> Value {
    let at = text.find(needle).expect("the needle") + extra;
    let before = text[..at].replace("\r\n", "\n").replace('\r', "\n");
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |n| n + 1);
    json!({"line": line, "character": before[start..].encode_utf16().count()})
}

/// Found by the fuzz target (an edit that inserted a lone `\r`): the server counted lines at
/// `\n` only, while the protocol ends them at `\n`, `\r\n` and a lone `\r`, so every position
/// after a lone `\r` was on the wrong line, past the end of the editor's line. Positions now
/// follow the protocol's lines whatever the line ends, and definitions are found after any of
/// them.
#[test]
fn every_kind_of_line_end_counts_as_the_protocol_counts_it() {
    let bad = glinski().replacen("  B f1 f2 f3", "  Bishp f1 f2 f3", 1);
    let mut session = Session::new();
    let want = opened(&mut session, &bad);
    assert!(!want.is_empty());
    let ranges = |ds: &[Value]| -> Vec<Value> { ds.iter().map(|d| d["range"].clone()).collect() };
    for end in ["\r\n", "\r"] {
        let text = bad.replace('\n', end);
        let mut session = Session::new();
        let got = opened(&mut session, &text);
        if end == "\r\n" {
            assert_eq!(ranges(&got), ranges(&want));
            assert_eq!(got[0]["range"]["start"], position(&text, "Bishp", 0));
        } else {
            // hexv refuses a lone `\r` (a control character, reported once at the first): the
            // range is that line end, from the end of the first line to the second's start.
            assert_eq!(got[0]["code"], "hexv::syntax::control_character");
            let first = position(&text, "\r", 0);
            assert_eq!(first["line"], 0);
            assert_eq!(
                got[0]["range"],
                json!({"start": first, "end": {"line": 1, "character": 0}})
            );
        }
        // Go to a zone's definition: its statement starts a line after the line end.
        let def = request(
            &mut session,
            "textDocument/definition",
            json!({"textDocument": {"uri": URI}, "position": position(&text, "from pawn-start", 6)}),
        )
        .expect("an answer");
        assert_eq!(
            def["range"]["start"],
            position(&text, "zone pawn-start", 5),
            "{end:?}"
        );
        // A position past the end of a line is the end of that line, not the next one's start:
        // the word there is the line's last, never across its line end.
        let at = position(&text, "zone pawn-start", 5);
        let hover = request(
            &mut session,
            "textDocument/hover",
            json!({"textDocument": {"uri": URI},
                   "position": {"line": at["line"], "character": 9999}}),
        )
        .expect("an answer");
        if !hover.is_null() {
            assert_eq!(hover["range"]["end"]["line"], at["line"], "{end:?}");
        }
    }
}

/// Found in writing the fuzz target's property that an unknown method gets `MethodNotFound`:
/// a request of an unknown method whose params named no open document (no params at all, or a
/// URI not open) got a `null` result, as if it had been answered.
#[test]
fn an_unknown_method_is_refused_whatever_its_params() {
    let mut session = Session::new();
    opened(&mut session, &glinski());
    for method in ["textDocument/signatureHelp", "$/fuzz", "", "shutdown"] {
        for params in [
            Value::Null,
            json!({"textDocument": 5}),
            json!({"textDocument": {"uri": "file:///not/open.hexv"}}),
            json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}),
        ] {
            assert_eq!(
                request(&mut session, method, params.clone()),
                Err(ErrorCode::MethodNotFound as i32),
                "{method} {params}"
            );
        }
    }
    // The methods it answers: `null` for a document not open, never an error.
    assert_eq!(
        request(
            &mut session,
            "textDocument/hover",
            json!({"textDocument": {"uri": "file:///not/open.hexv"},
                   "position": {"line": 0, "character": 0}})
        ),
        Ok(Value::Null)
    );
}

/// Params of the wrong types get an `InvalidParams` error, not a `null` answer as if the
/// request had been understood (issue 27): a line of -1, 1.5 or "a", params given as an
/// array, no `textDocument.uri`, a `range` that is not one, a `newName` that is no string.
#[test]
fn wrongly_typed_params_are_invalid_params() {
    let mut session = Session::new();
    opened(&mut session, &glinski());
    let doc = json!({"uri": URI});
    for (method, params) in [
        (
            "textDocument/hover",
            json!({"textDocument": doc, "position": {"line": -1, "character": 0}}),
        ),
        (
            "textDocument/hover",
            json!({"textDocument": doc, "position": {"line": 1.5, "character": 0}}),
        ),
        (
            "textDocument/definition",
            json!({"textDocument": doc, "position": {"line": "a", "character": 0}}),
        ),
        ("textDocument/references", json!({"textDocument": doc})),
        (
            "textDocument/hover",
            json!([{"uri": URI}, {"line": 0, "character": 0}]),
        ),
        (
            "textDocument/formatting",
            json!({"textDocument": {"uri": 5}}),
        ),
        ("textDocument/documentSymbol", json!(null)),
        (
            "textDocument/codeAction",
            json!({"textDocument": doc, "range": "all"}),
        ),
        (
            "textDocument/rename",
            json!({"textDocument": doc, "position": {"line": 0, "character": 0}, "newName": 7}),
        ),
    ] {
        assert_eq!(
            request(&mut session, method, params.clone()),
            Err(ErrorCode::InvalidParams as i32),
            "{method} {params}"
        );
    }
    // Well typed, a place with nothing there: `null`, as before.
    assert_eq!(
        request(
            &mut session,
            "textDocument/hover",
            json!({"textDocument": doc, "position": {"line": 99999, "character": 0}})
        ),
        Ok(Value::Null)
    );
}

/// A change with a range replaces that range (incremental sync, sent by clients although full
/// sync is announced) instead of replacing the document with the fragment (issue 27); changes
/// apply in turn, and one without a range replaces the whole text.
#[test]
fn a_change_with_a_range_replaces_that_range() {
    let mut session = Session::new();
    let text = "variant \"A\"\n# one\n# two\n";
    opened(&mut session, text);
    {
        let mut change = |changes: Value| {
            session.handle(Message::Notification(Notification::new(
                "textDocument/didChange".to_string(),
                json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": changes}),
            )));
        };
        change(json!([
            {"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 5}}, "text": "ONE"},
            {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 3, "character": 0}}, "text": ""},
            {"range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 10}}, "text": "Bé"}
        ]));
    }
    assert_eq!(session.document(URI), Some("variant \"Bé\"\n# ONE\n"));
    // A range past the end is clamped to it; then a whole text.
    let mut session2 = Session::new();
    opened(&mut session2, "ab\n");
    session2.handle(Message::Notification(Notification::new(
        "textDocument/didChange".to_string(),
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 9, "character": 0}, "end": {"line": 9, "character": 4}}, "text": "c"},
            {"text": "whole\n"},
            {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "text": "W"}
        ]}),
    )));
    assert_eq!(session2.document(URI), Some("Whole\n"));
}
