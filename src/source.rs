//! Reading variant files: size limit, UTF-8 check, and offset → line/column.

use std::io::Read;
use std::path::Path;
use std::sync::OnceLock;

use serde::Serialize;

/// Largest variant file accepted. The biggest real variant is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A variant file's name (as shown in diagnostics) and text, with an index of its lines
/// built on first use, so that locating many diagnostics costs a binary search each.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: OnceLock<Vec<usize>>,
}

/// Why a file could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The file could not be opened or read (missing, no permission, ...).
    #[error("cannot read `{path}`: {reason}")]
    Io {
        /// The file, as shown in the message.
        path: String,
        /// Why, in a few words ("no such file", "permission denied").
        reason: String,
    },
    /// The path is a directory.
    #[error("`{path}` is a directory, not a variant file")]
    Directory {
        /// The file, as shown in the message.
        path: String,
    },
    /// The path is a pipe, a device or a socket, where only a regular file will do (a read
    /// from it could wait for ever, or take what was meant for someone else).
    #[error(
        "`{path}` is not a regular file (a pipe or a device): give the path of a variant file"
    )]
    NotRegular {
        /// The file, as shown in the message.
        path: String,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("`{path}` is larger than {MAX_FILE_BYTES} bytes, the most a variant file may hold")]
    TooLarge {
        /// The file, as shown in the message.
        path: String,
    },
    /// The file holds a byte sequence that is not UTF-8.
    #[error("`{path}` is not UTF-8 text: invalid byte at line {line}, column {column} (byte offset {offset})")]
    NotText {
        /// The file, as shown in the message.
        path: String,
        /// Byte offset of the first invalid byte.
        offset: usize,
        /// 1-based line of that byte.
        line: usize,
        /// 1-based column of that byte, in characters.
        column: usize,
    },
}

impl SourceError {
    /// True when the file exists but its content is unusable (exit code 1, not 2).
    pub fn is_content_error(&self) -> bool {
        matches!(
            self,
            SourceError::NotText { .. } | SourceError::TooLarge { .. }
        )
    }
}

impl SourceFile {
    /// A source from text in memory (no size limit).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
        }
    }

    /// The name shown in diagnostics (the path as given).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text, valid UTF-8; spans are byte offsets into it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Reads a file, refusing directories, huge files and bytes that are not UTF-8. At most
    /// one byte more than the limit is read, so a pipe or a device (`/dev/zero`) is refused
    /// as soon as it is too long, not after it has filled the memory.
    pub fn read(path: &Path) -> Result<SourceFile, SourceError> {
        let limit = MAX_FILE_BYTES;
        let shown = path.display().to_string();
        let io = |e: std::io::Error| SourceError::Io {
            path: shown.clone(),
            reason: io_reason(&e),
        };
        if std::fs::metadata(path).map_err(io)?.is_dir() {
            return Err(SourceError::Directory { path: shown });
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > limit {
            return Err(SourceError::TooLarge { path: shown });
        }
        Self::text_from_bytes(shown, bytes)
    }

    /// Reads a regular file as [`SourceFile::read`] does, refusing a pipe or a device without
    /// opening it: for a reader that must not wait on one, like the engine protocol, whose
    /// `VariantPath` could name a FIFO or `/dev/stdin` (the GUI's own commands).
    pub fn read_regular(path: &Path) -> Result<SourceFile, SourceError> {
        let shown = path.display().to_string();
        let meta = std::fs::metadata(path).map_err(|e| SourceError::Io {
            path: shown.clone(),
            reason: io_reason(&e),
        })?;
        if !meta.is_dir() && !meta.is_file() {
            return Err(SourceError::NotRegular { path: shown });
        }
        Self::read(path)
    }

    /// Builds a source from raw bytes, locating the first invalid UTF-8 byte.
    pub fn from_bytes(name: String, bytes: Vec<u8>) -> Result<SourceFile, SourceError> {
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(SourceError::TooLarge { path: name });
        }
        Self::text_from_bytes(name, bytes)
    }

    /// The bytes as text, or where the first byte that is not UTF-8 is.
    fn text_from_bytes(name: String, bytes: Vec<u8>) -> Result<SourceFile, SourceError> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(SourceFile::new(name, text)),
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                let valid = &e.as_bytes()[..offset];
                // Everything before `offset` is valid UTF-8 by construction.
                let prefix = String::from_utf8_lossy(valid);
                let line = prefix.matches('\n').count() + 1;
                let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                Err(SourceError::NotText {
                    path: name,
                    offset,
                    line,
                    column,
                })
            }
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_boundary(offset);
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        // The last line start at or before the offset (the first is 0).
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let column = self.text[starts[line - 1]..offset].chars().count() + 1;
        (line, column)
    }

    /// The text under a span (empty if the span is not on character boundaries).
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    fn floor_boundary(&self, mut offset: usize) -> usize {
        offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

/// Why a file could not be opened or read, in a few words ("no such file").
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let f = SourceFile::new("t", "ab\nçd\nx");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(5), (2, 2));
        assert_eq!(f.line_col(7), (3, 1));
    }

    #[test]
    fn invalid_utf8_is_located() {
        let err = SourceFile::from_bytes("g".into(), b"ab\ncd\xff".to_vec()).unwrap_err();
        match err {
            SourceError::NotText {
                offset,
                line,
                column,
                ..
            } => assert_eq!((offset, line, column), (5, 2, 3)),
            other => panic!("unexpected {other:?}"),
        }
    }

    fn lines(bytes: &[u8], max: u64) -> Vec<(usize, Result<Line, String>)> {
        BoundedLines::new(bytes, max)
            .map(|(n, l)| (n, l.map_err(|e| e.to_string())))
            .collect()
    }

    fn line(number: usize, text: &str, complete: bool) -> Result<Line, String> {
        Ok(Line {
            number,
            bytes: text.as_bytes().to_vec(),
            complete,
        })
    }

    #[test]
    fn bounded_lines_end_and_stop() {
        assert_eq!(
            lines(b"ab\r\ncd\n\nlast", 4),
            vec![
                (1, line(1, "ab", true)),
                (2, line(2, "cd", true)),
                (3, line(3, "", true)),
                (4, line(4, "last", false)),
            ]
        );
        // A line at the bound, with either end, is read; one byte more is not, and ends it.
        assert_eq!(lines(b"abcd\r\n", 4), vec![(1, line(1, "abcd", true))]);
        assert_eq!(
            lines(b"ok\nabcde\nnever", 4),
            vec![
                (1, line(1, "ok", true)),
                (2, Err("a line longer than 4 bytes".into()))
            ]
        );
        assert!(lines(b"", 4).is_empty());
    }
}

/// A byte range in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset just past the last byte.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True for a span of no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// One line of a line-oriented file (JSON Lines), read by [`BoundedLines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based.
    pub number: usize,
    /// The line's bytes, without its end (`\n`, or `\r\n`).
    pub bytes: Vec<u8>,
    /// Whether the line ended with `\n`; only a file's last line may not (a run cut while
    /// writing it, or a file written without a final newline).
    pub complete: bool,
}

/// Why a line could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// Longer than the reader's bound: the rest of the file is not read.
    #[error("a line longer than {max} bytes")]
    TooLong {
        /// The bound.
        max: u64,
    },
    /// The read failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The lines of a reader, each read to a bound, so that a file without line ends (a device,
/// a corrupt file) costs at most the bound in memory. After an error it yields nothing more.
pub struct BoundedLines<R> {
    reader: R,
    max: u64,
    number: usize,
    done: bool,
}

impl<R: std::io::BufRead> BoundedLines<R> {
    /// Lines of at most `max` bytes (their ends not counted).
    pub fn new(reader: R, max: u64) -> Self {
        BoundedLines {
            reader,
            max,
            number: 0,
            done: false,
        }
    }
}

impl<R: std::io::BufRead> Iterator for BoundedLines<R> {
    type Item = (usize, Result<Line, LineError>);

    fn next(&mut self) -> Option<Self::Item> {
        use std::io::BufRead;
        if self.done {
            return None;
        }
        self.number += 1;
        let mut bytes = Vec::new();
        // One byte beyond the bound (and one for `\r\n`) tells a line at the bound from a longer one.
        let read = (&mut self.reader)
            .take(self.max.saturating_add(2))
            .read_until(b'\n', &mut bytes);
        let result = match read {
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) => {
                let complete = bytes.ends_with(b"\n");
                if complete {
                    bytes.pop();
                    if bytes.ends_with(b"\r") {
                        bytes.pop();
                    }
                }
                if bytes.len() as u64 > self.max {
                    Err(LineError::TooLong { max: self.max })
                } else {
                    Ok(Line {
                        number: self.number,
                        bytes,
                        complete,
                    })
                }
            }
            Err(e) => Err(LineError::Io(e)),
        };
        if result.is_err() {
            self.done = true;
        }
        Some((self.number, result))
    }
}

/// A fault found while merging line-oriented inputs: where (which input, which line), unless
/// it concerns them all, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputFault {
    /// The input's index among those given and the line's number, 1-based.
    pub at: Option<(usize, usize)>,
    /// What is wrong, in a sentence without the place.
    pub message: String,
    /// Where the same thing was read before (input, line), for faults of a repeat.
    pub earlier: Option<(usize, usize)>,
}

impl InputFault {
    /// A fault at a line of an input.
    pub fn at(input: usize, line: usize, message: impl Into<String>) -> Self {
        InputFault {
            at: Some((input, line)),
            message: message.into(),
            earlier: None,
        }
    }

    /// A fault of the inputs as a whole.
    pub fn whole(message: impl Into<String>) -> Self {
        InputFault {
            at: None,
            message: message.into(),
            earlier: None,
        }
    }
}
