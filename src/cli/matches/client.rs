//! One engine of a match: a child process spoken to in UCI. Its output is read on a thread of
//! its own in bounded lines, so a silent, chattering or dead engine costs the referee a
//! timeout, never a hang or unbounded memory.

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use hexv::source::BoundedLines;

use super::adjudicate::Reported;

/// The longest line read from an engine.
const MAX_LINE: u64 = 1 << 20;

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How an engine is started and set up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Its name in reports and PGN.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` pairs sent after the handshake.
    pub options: Vec<(String, String)>,
}

/// Why an engine could not give a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It did not answer within its time.
    TimedOut,
    /// Its process ended or its pipes broke.
    Died(String),
}

/// A running engine.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last exact score its `info` lines gave since the last `go`, with its depth.
    score: Option<(Reported, Option<u32>)>,
}

/// An engine's answer to `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move's text (`None` for `(none)` or `0000`).
    pub text: Option<String>,
    /// How long it took.
    pub took: Duration,
    /// Its last exact score of the position, for the side to move.
    pub score: Option<Reported>,
    /// The depth of the search that gave that score.
    pub depth: Option<u32>,
}

impl Client {
    /// Starts the engine, handshakes, hands it the variant (when it offers `VariantPath`)
    /// and the options, and waits until it is ready. An `info string error` before
    /// `readyok` (a variant it cannot load) fails the start with its text.
    pub fn start(spec: &EngineSpec, variant: &Path) -> Result<Client, String> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for (_, line) in BoundedLines::new(BufReader::new(stdout), MAX_LINE) {
                let Ok(line) = line else { break };
                if send
                    .send(String::from_utf8_lossy(&line.bytes).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            lines,
            score: None,
        };
        client.send("uci").map_err(describe)?;
        let handshake = client.until("uciok", HANDSHAKE).map_err(describe)?;
        let offers_variant_path = handshake.iter().any(|l| {
            l.to_ascii_lowercase()
                .starts_with("option name variantpath ")
        });
        if offers_variant_path {
            let absolute = std::path::absolute(variant).unwrap_or_else(|_| variant.to_path_buf());
            client
                .send(&format!(
                    "setoption name VariantPath value {}",
                    absolute.display()
                ))
                .map_err(describe)?;
        }
        for (name, value) in &spec.options {
            client
                .send(&format!("setoption name {name} value {value}"))
                .map_err(describe)?;
        }
        client.ready()?;
        Ok(client)
    }

    /// `isready`, then `readyok` awaited; errors the engine reported meanwhile fail it.
    fn ready(&mut self) -> Result<(), String> {
        self.send("isready").map_err(describe)?;
        let said = self.until("readyok", HANDSHAKE).map_err(describe)?;
        let errors: Vec<&str> = said
            .iter()
            .filter_map(|l| l.strip_prefix("info string error: "))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors.join("; "))
        }
    }

    /// Tells the engine a new game begins and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame").map_err(describe)?;
        self.ready()
    }

    /// Sends the position and the `go` line and waits up to `timeout` for `bestmove`.
    pub fn best_move(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<Reply, Failure> {
        self.send(position)?;
        let started = Instant::now();
        self.score = None;
        self.send(go)?;
        let said = self.until("bestmove", timeout)?;
        let took = started.elapsed();
        let last = said.last().map(String::as_str).unwrap_or("");
        let word = last.split_whitespace().nth(1);
        Ok(Reply {
            text: word
                .filter(|w| *w != "(none)" && *w != "0000")
                .map(str::to_string),
            took,
            score: self.score.map(|(s, _)| s),
            depth: self.score.and_then(|(_, d)| d),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Died(format!("cannot write to the engine: {e}")))
    }

    /// The lines up to and including the first whose first word is `word`.
    fn until(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, Failure> {
        let deadline = Instant::now() + timeout;
        let mut said = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(score) = Reported::of_info(&line) {
                        self.score = Some((score, Reported::depth_of_info(&line)));
                    }
                    let first = line.split_whitespace().next() == Some(word);
                    // Keep what matters, not every `info` line of a long search.
                    if first || line.starts_with("info string") || line.starts_with("option ") {
                        said.push(line);
                    }
                    if first {
                        return Ok(said);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::TimedOut),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self
                        .child
                        .try_wait()
                        .ok()
                        .flatten()
                        .map(|s| format!(" ({s})"))
                        .unwrap_or_default();
                    return Err(Failure::Died(format!("the engine's output ended{status}")));
                }
            }
        }
    }
}

impl Drop for Client {
    /// `quit`, a moment to leave, then the process is killed if it has not.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A failure in words.
pub fn describe(f: Failure) -> String {
    match f {
        Failure::TimedOut => "no answer in time".to_string(),
        Failure::Died(why) => why,
    }
}
