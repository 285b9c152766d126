//! The language server's framing from raw bytes, as `hexv lsp` reads its standard input: the
//! bytes go through `hexv::lsp::frame::read_message` until the end, an error, or 64 messages,
//! and every message read goes to a `Session`.
//!
//! Properties: reading never panics and never allocates more than the frame's bounds allow
//! (libFuzzer's `-rss_limit_mb` catches a body allocated from a huge `Content-Length`); an
//! error ends the reading; every request read gets exactly one response, with its id; a
//! notification or response read gets no response.
#![no_main]

use hexv::lsp::frame::read_message;
use hexv::lsp::lsp_server::Message;
use hexv::lsp::Session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = std::io::BufReader::new(data);
    let mut session = Session::new();
    for _ in 0..64 {
        let Ok(Some(message)) = read_message(&mut reader) else {
            break;
        };
        let id = match &message {
            Message::Request(r) => Some(r.id.clone()),
            _ => None,
        };
        let out = session.handle(message);
        let responses: Vec<_> = out
            .iter()
            .filter_map(|m| match m {
                Message::Response(r) => Some(r.id.clone()),
                _ => None,
            })
            .collect();
        match id {
            Some(id) => assert_eq!(responses, [id]),
            None => assert!(responses.is_empty()),
        }
    }
});
