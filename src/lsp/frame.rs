//! The protocol's frames read with bounds: `Content-Length: N` headers, a blank line, then N
//! bytes of JSON. Every header line, the number of headers and the body are bounded before
//! anything is allocated, so a client (or garbage on the wire) announcing four gigabytes gets
//! an error, not an allocation of four gigabytes.

use std::io::{BufRead, Read};

use lsp_server::Message;

/// The longest header line read.
pub const MAX_HEADER_LINE: usize = 8 * 1024;
/// The most header lines before the blank line.
pub const MAX_HEADERS: usize = 32;
/// The largest message body: room for a variant file at its limit (1 MiB) with every byte
/// escaped in JSON, many times over.
pub const MAX_MESSAGE_BYTES: u64 = 16 << 20;

/// Why a frame could not be read. The stream cannot be trusted after any of them.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Reading failed.
    #[error("cannot read the input: {0}")]
    Io(#[from] std::io::Error),
    /// A header line longer than [`MAX_HEADER_LINE`].
    #[error("a header line longer than {MAX_HEADER_LINE} bytes")]
    HeaderTooLong,
    /// More than [`MAX_HEADERS`] header lines.
    #[error("more than {MAX_HEADERS} header lines")]
    TooManyHeaders,
    /// A header line that is not `Name: value`.
    #[error("malformed header: {0:?}")]
    MalformedHeader(String),
    /// No `Content-Length` header, or one that is not a number.
    #[error("no Content-Length header with a number")]
    NoLength,
    /// A body announced larger than [`MAX_MESSAGE_BYTES`].
    #[error("a message of {0} bytes, more than the {MAX_MESSAGE_BYTES} bytes read")]
    TooLarge(u64),
    /// The input ended inside a frame.
    #[error("the input ended inside a message")]
    Truncated,
    /// The body is not a JSON-RPC message.
    #[error("malformed message: {0}")]
    NotMessage(String),
}

/// Reads the next message, `None` at the end of the input between messages.
pub fn read_message(r: &mut impl BufRead) -> Result<Option<Message>, FrameError> {
    let mut length = None;
    let mut headers = 0;
    loop {
        let mut line = Vec::new();
        (&mut *r)
            .take(MAX_HEADER_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if line.is_empty() {
            return if headers == 0 {
                Ok(None)
            } else {
                Err(FrameError::Truncated)
            };
        }
        if !line.ends_with(b"\n") {
            return Err(if line.len() > MAX_HEADER_LINE {
                FrameError::HeaderTooLong
            } else {
                FrameError::Truncated
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        headers += 1;
        if headers > MAX_HEADERS {
            return Err(FrameError::TooManyHeaders);
        }
        let Some((name, value)) = text.split_once(':') else {
            return Err(FrameError::MalformedHeader(text.to_string()));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            length = Some(
                value
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| FrameError::NoLength)?,
            );
        }
    }
    let length = length.ok_or(FrameError::NoLength)?;
    if length > MAX_MESSAGE_BYTES {
        return Err(FrameError::TooLarge(length));
    }
    // Read before it is allocated: a body announced but never sent costs nothing.
    let mut body = Vec::new();
    (&mut *r).take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Err(FrameError::Truncated);
    }
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| FrameError::NotMessage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What reading `bytes` to their end gives: each message's kind, then `end` or the error.
    fn read_all(bytes: &[u8]) -> Vec<Result<&'static str, String>> {
        let mut r = std::io::BufReader::new(bytes);
        let mut out = Vec::new();
        loop {
            match read_message(&mut r) {
                Ok(Some(Message::Notification(_))) => out.push(Ok("notification")),
                Ok(Some(Message::Request(_))) => out.push(Ok("request")),
                Ok(Some(Message::Response(_))) => out.push(Ok("response")),
                Ok(None) => {
                    out.push(Ok("end"));
                    return out;
                }
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    #[test]
    fn frames_are_read_in_turn_and_the_end_is_none() {
        let body = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let bytes = format!(
            "Content-Length: {}\r\n\r\n{body}content-length:{}\n\n{body}",
            body.len(),
            body.len()
        );
        assert_eq!(
            read_all(bytes.as_bytes()),
            [Ok("notification"), Ok("notification"), Ok("end")]
        );
    }

    #[test]
    fn a_huge_length_is_refused_before_anything_is_allocated() {
        let read = read_all(b"Content-Length: 4000000000\r\n\r\n{}");
        assert_eq!(
            read,
            [Err(format!(
                "a message of 4000000000 bytes, more than the {MAX_MESSAGE_BYTES} bytes read"
            ))]
        );
    }

    #[test]
    fn every_kind_of_bad_frame_is_an_error() {
        let long = format!("X-Long: {}\r\n\r\n", "a".repeat(MAX_HEADER_LINE));
        let many = "X: 1\r\n".repeat(MAX_HEADERS + 1);
        for (bytes, error) in [
            (long.as_str(), "a header line longer than 8192 bytes"),
            (many.as_str(), "more than 32 header lines"),
            (
                "this is no header\r\n\r\n",
                "malformed header: \"this is no header\"",
            ),
            (
                "Content-Type: x\r\n\r\n",
                "no Content-Length header with a number",
            ),
            (
                "Content-Length: -1\r\n\r\n",
                "no Content-Length header with a number",
            ),
            (
                "Content-Length: 10\r\n\r\n{}",
                "the input ended inside a message",
            ),
            ("Content-Length: 2\r\n", "the input ended inside a message"),
            (
                "Content-Length: 9\r\n\r\nnot json!",
                "malformed message: expected ident at line 1 column 2",
            ),
        ] {
            let read = read_all(bytes.as_bytes());
            assert_eq!(read, [Err(error.to_string())], "{bytes:?}");
        }
    }
}
