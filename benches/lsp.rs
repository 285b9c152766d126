//! `cargo bench --bench lsp`: the editor's wait. For every shipped variant, the time from a
//! `didChange` sent to `hexv lsp` to the diagnostics it publishes for the new text (the whole
//! check: parse, resolve, compile the tables, the start position's moves), median and worst of
//! 30 edits, measured from outside the server over its stdio as an editor sees it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const EDITS: usize = 30;

fn main() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexv"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hexv lsp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("sent");
        stdin.flush().expect("flushed");
    };
    let mut receive = || -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            stdout.read_line(&mut line).expect("a header");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        stdout.read_exact(&mut body).expect("a body");
        serde_json::from_slice(&body).expect("JSON")
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    receive();
    send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .expect("variants")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    println!("{:<28} {:>10} {:>10}", "variant", "median", "worst");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let uri = format!("file:///bench/{}", path.display());
        send(json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": {"textDocument": {"uri": uri, "languageId": "hexv", "version": 1, "text": text}}}));
        receive();
        let mut times: Vec<Duration> = Vec::new();
        for i in 0..EDITS {
            // A trailing comment that changes, as typing does.
            let edited = format!("{text}# edit {i}\n");
            let t = Instant::now();
            send(json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": {"textDocument": {"uri": uri, "version": i + 2},
                                   "contentChanges": [{"text": edited}]}}));
            let published = receive();
            times.push(t.elapsed());
            assert_eq!(published["method"], "textDocument/publishDiagnostics");
        }
        times.sort();
        println!(
            "{:<28} {:>8.2} ms {:>7.2} ms",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            times[EDITS / 2].as_secs_f64() * 1e3,
            times[EDITS - 1].as_secs_f64() * 1e3
        );
    }
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null}));
    receive();
    send(json!({"jsonrpc": "2.0", "method": "exit", "params": null}));
    child.wait().expect("exits");
}
