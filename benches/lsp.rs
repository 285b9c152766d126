//! `cargo bench --bench lsp`: the editor's wait. For every shipped variant, the time from a
//! `didChange` sent to `hexv lsp` to the diagnostics it publishes for the new text (the whole
//! check: parse, resolve, compile the tables, the start position's moves), median and worst of
//! 30 edits, measured from outside the server over its stdio as an editor sees it.

use std::time::{Duration, Instant};

use serde_json::json;

/// Edits per variant: 30, or 3 with `HEXV_BENCH_QUICK=1` (CI: every reply still checked).
fn edits() -> usize {
    if std::env::var_os("HEXV_BENCH_QUICK").is_some_and(|v| v == "1") {
        3
    } else {
        30
    }
}

#[path = "../tests/hexv/peer.rs"]
mod peer;

fn main() {
    let edits = edits();
    let mut server = peer::Peer::start(&["lsp"]);
    server.send_message(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    server.message();
    server.send_message(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .expect("variants")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    println!("{:<28} {:>10} {:>10}", "variant", "median", "worst");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let uri = format!("file:///bench/{}", path.display());
        server.send_message(&json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": {"textDocument": {"uri": uri, "languageId": "hexv", "version": 1, "text": text}}}));
        server.message();
        let mut times: Vec<Duration> = Vec::new();
        for i in 0..edits {
            // A trailing comment that changes, as typing does.
            let edited = format!("{text}# edit {i}\n");
            let t = Instant::now();
            server.send_message(
                &json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": {"textDocument": {"uri": uri, "version": i + 2},
                                   "contentChanges": [{"text": edited}]}}),
            );
            let published = server.message();
            times.push(t.elapsed());
            assert_eq!(published["method"], "textDocument/publishDiagnostics");
        }
        times.sort();
        println!(
            "{:<28} {:>8.2} ms {:>7.2} ms",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            times[edits / 2].as_secs_f64() * 1e3,
            times[edits - 1].as_secs_f64() * 1e3
        );
    }
    server.send_message(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null}));
    server.message();
    server.send_message(&json!({"jsonrpc": "2.0", "method": "exit", "params": null}));
    assert!(server.wait().success(), "hexv lsp exits cleanly");
}
