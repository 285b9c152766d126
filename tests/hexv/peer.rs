//! `hexv` run as a child process and driven over its pipes, as a GUI drives the engine (one
//! command a line) or an editor the language server (JSON messages framed by a
//! `Content-Length` header). One harness for both: the engine and language-server tests and the
//! `lsp` bench (which includes this file by path). Every read waits at most [`PATIENCE`], so a
//! child that falls silent fails its test with what it said last instead of hanging the run.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a read waits for the child's next bytes.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A running `hexv` with piped stdin and stdout; it is killed when dropped.
pub struct Peer {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The child's stdout, in the chunks a reader thread received.
    chunks: Receiver<Vec<u8>>,
    /// Bytes received and not read yet.
    pending: Vec<u8>,
}

impl Peer {
    /// `hexv ARGS...` in the repository root (where the tests' relative paths lead).
    pub fn start(args: &[&str]) -> Peer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexv"))
            .args(args)
            .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("hexv {args:?} starts: {e}"));
        let mut stdout = child.stdout.take().expect("stdout");
        let (send, chunks) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0; 65536];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 || send.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Peer {
            stdin: child.stdin.take(),
            child,
            chunks,
            pending: Vec::new(),
        }
    }

    /// Writes bytes to the child's stdin.
    pub fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the child reads");
        stdin.flush().expect("flushed");
    }

    /// Sends one line (the newline is added).
    pub fn send(&mut self, line: &str) {
        self.write(format!("{line}\n").as_bytes());
    }

    /// Closes the child's stdin: the end of its input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for more output; false once the child has closed its stdout.
    fn receive(&mut self, deadline: Instant) -> bool {
        match self
            .chunks
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(chunk) => {
                self.pending.extend(chunk);
                true
            }
            Err(RecvTimeoutError::Disconnected) => false,
            Err(RecvTimeoutError::Timeout) => panic!(
                "hexv said nothing for {PATIENCE:?}; unread: {:?}",
                String::from_utf8_lossy(&self.pending)
            ),
        }
    }

    /// The next `n` bytes of output.
    fn take(&mut self, n: usize) -> Vec<u8> {
        let deadline = Instant::now() + PATIENCE;
        while self.pending.len() < n {
            assert!(self.receive(deadline), "hexv ended its output");
        }
        self.pending.drain(..n).collect()
    }

    /// The next line of output, without its line ending.
    pub fn line(&mut self) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                return String::from_utf8_lossy(&line).trim_end().to_string();
            }
            assert!(self.receive(deadline), "hexv ended its output");
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends a JSON message with its `Content-Length` header.
    pub fn send_message(&mut self, message: &Value) {
        let body = message.to_string();
        self.write(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// The next framed JSON message.
    pub fn message(&mut self) -> Value {
        let mut length = None;
        loop {
            let line = self.line();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = Some(n.parse::<usize>().expect("a length"));
            }
        }
        let body = self.take(length.expect("a Content-Length header"));
        serde_json::from_slice(&body).expect("a JSON body")
    }

    /// Waits for the child to end (its input closed or a command that ends it sent).
    pub fn wait(&mut self) -> ExitStatus {
        self.close();
        self.child.wait().expect("the child ends")
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
