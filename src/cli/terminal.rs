//! The players' side of `hexv play`: lines typed with editing and history on a terminal (or
//! read, bounded, from a pipe), and colours when stdout is a terminal without `NO_COLOR`.

use std::io::{BufRead, IsTerminal};

/// Longest input line, in bytes: a move is a few characters; a longer line is skipped
/// without being kept, so a gigabyte line costs no memory.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line of the players' input.
pub enum Line {
    Text(String),
    /// A line that is too long or not UTF-8: refused, and the game goes on.
    Refused(String),
    /// The input ended (end of file, Ctrl-D or Ctrl-C, or it could not be read).
    End,
}

/// Where the players' lines come from.
pub enum Input {
    /// A terminal: a line editor (arrows, history of the game's lines).
    Editor(Box<rustyline::DefaultEditor>),
    /// A pipe or a file: lines read with [`read_line`].
    Piped(std::io::StdinLock<'static>),
}

impl Input {
    /// The line editor when stdin and stdout are both terminals, plain reading otherwise.
    pub fn open() -> Input {
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        if terminal {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Piped(std::io::stdin().lock())
    }

    /// Shows the prompt and reads one line.
    pub fn read(&mut self, prompt: &str) -> Line {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(text) if text.len() > MAX_LINE_BYTES => Line::Refused(too_long()),
                Ok(text) => {
                    if !text.trim().is_empty() {
                        // Only a failure to keep history; the line itself is good.
                        let _ = editor.add_history_entry(text.as_str());
                    }
                    Line::Text(text)
                }
                Err(_) => Line::End,
            },
            Input::Piped(input) => {
                out!("{prompt}");
                read_line(input)
            }
        }
    }
}

fn too_long() -> String {
    format!("the line is longer than {MAX_LINE_BYTES} bytes")
}

/// Reads one line, keeping at most [`MAX_LINE_BYTES`] of it.
pub fn read_line(input: &mut impl BufRead) -> Line {
    let mut kept = Vec::new();
    let mut too_long_seen = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE_BYTES.saturating_sub(kept.len());
        too_long_seen |= chunk.len() > room;
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Line::End;
    }
    if too_long_seen {
        return Line::Refused(too_long());
    }
    match String::from_utf8(kept) {
        Ok(text) => Line::Text(text.trim_end_matches('\r').to_string()),
        Err(_) => Line::Refused("the line is not UTF-8 text".to_string()),
    }
}

/// Whether stdout gets colours: a terminal, and `NO_COLOR` unset.
pub fn stdout_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// ANSI select-graphic-rendition codes for a cell's label: `sgr("1;35")` is
/// ("\x1b[1;35m", "\x1b[0m").
pub fn sgr(codes: &str) -> (String, String) {
    (format!("\x1b[{codes}m"), "\x1b[0m".to_string())
}
