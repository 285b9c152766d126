//! `hexv lsp`: the language server's transport, over standard input and output (JSON-RPC,
//! the Language Server Protocol): the `initialize` handshake (`lsp-server`'s), `shutdown` and
//! `exit`, and every other message handed to the library's [`hexv::lsp::Session`], whose
//! answers it sends back. Frames are read with bounds ([`hexv::lsp::frame`]), on a thread of
//! their own, so that edits that arrive while one is being checked are seen together: a full
//! change superseded by a later full change of the same document is skipped (its diagnostics
//! would be stale at once). Bad input on the wire ends the server with an error and exit
//! status 2.

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::sync::{Arc, Mutex};

use hexv::lsp::frame::read_message;
use hexv::lsp::lsp_server::{Connection, Message, Notification, Response};
use hexv::lsp::Session;

use super::Status;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_: &Args) -> Status {
    let (to_server, receiver) = crossbeam_channel::unbounded::<Message>();
    let (sender, to_client) = crossbeam_channel::unbounded::<Message>();
    // Why reading stopped, when it was not the end of the input.
    let wire_error: Arc<Mutex<Option<String>>> = Arc::default();
    let reader = {
        let wire_error = Arc::clone(&wire_error);
        std::thread::spawn(move || {
            let mut stdin = BufReader::new(std::io::stdin().lock());
            loop {
                match read_message(&mut stdin) {
                    Ok(Some(message)) => {
                        let exit =
                            matches!(&message, Message::Notification(n) if n.method == "exit");
                        if to_server.send(message).is_err() || exit {
                            return;
                        }
                    }
                    Ok(None) => return,
                    Err(e) => {
                        *wire_error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
                        return;
                    }
                }
            }
        })
    };
    let writer = std::thread::spawn(move || {
        let mut stdout = std::io::stdout().lock();
        for message in to_client {
            if message
                .write(&mut stdout)
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return;
            }
        }
    });
    let connection = Connection { sender, receiver };
    let status = serve(&connection);
    drop(connection);
    let _ = writer.join();
    let wire = wire_error.lock().unwrap_or_else(|p| p.into_inner()).take();
    match (status, wire) {
        (_, Some(e)) => {
            eprintln!("error: hexv lsp: {e}");
            Status::UsageOrIo
        }
        (Err(e), None) => {
            eprintln!("error: hexv lsp: {e}");
            Status::UsageOrIo
        }
        (Ok(()), None) => {
            // The reader ends at `exit` or at the end of the input; after `exit` it is done.
            let _ = reader.join();
            Status::Ok
        }
    }
}

/// The session: the handshake, then every message in turn until `shutdown` and `exit`.
fn serve(connection: &Connection) -> Result<(), String> {
    let capabilities =
        serde_json::to_value(hexv::lsp::capabilities()).map_err(|e| e.to_string())?;
    connection
        .initialize(capabilities)
        .map_err(|e| e.to_string())?;
    let mut session = Session::new();
    let mut pending: VecDeque<Message> = VecDeque::new();
    loop {
        let message = match pending.pop_front() {
            Some(m) => m,
            // The input ended: the editor is gone.
            None => match connection.receiver.recv() {
                Ok(m) => m,
                Err(_) => return Ok(()),
            },
        };
        pending.extend(connection.receiver.try_iter());
        if superseded(&message, &pending) {
            continue;
        }
        match &message {
            Message::Request(req) if req.method == "shutdown" => {
                let _ = connection
                    .sender
                    .send(Response::new_ok(req.id.clone(), ()).into());
                let next = match pending.pop_front() {
                    Some(m) => Some(m),
                    None => connection.receiver.recv().ok(),
                };
                return match next {
                    Some(Message::Notification(n)) if n.method == "exit" => Ok(()),
                    Some(other) => Err(format!("expected `exit` after `shutdown`, got {other:?}")),
                    None => Err("the input ended before `exit`".to_string()),
                };
            }
            Message::Notification(n) if n.method == "exit" => return Ok(()),
            _ => {}
        }
        for out in session.handle(message) {
            let is_response = matches!(out, Message::Response(_));
            // A response that cannot be sent ends the server (the editor is gone); a
            // notification that cannot be sent is dropped.
            if connection.sender.send(out).is_err() && is_response {
                return Err("the output is closed".to_string());
            }
        }
    }
}

/// True for a `didChange` that replaces the whole text of a document when a later `didChange`
/// already waiting does the same for that document, with no request in between: checking it
/// would only publish diagnostics that are stale at once.
fn superseded(message: &Message, pending: &VecDeque<Message>) -> bool {
    let Message::Notification(n) = message else {
        return false;
    };
    let Some(uri) = full_change(n) else {
        return false;
    };
    for later in pending {
        match later {
            Message::Request(_) => return false,
            Message::Notification(m) if full_change(m) == Some(uri) => return true,
            _ => {}
        }
    }
    false
}

/// The document a `didChange` rewrites whole (its last change has no range), if it is one.
fn full_change(n: &Notification) -> Option<&str> {
    if n.method != "textDocument/didChange" {
        return None;
    }
    let last = n.params["contentChanges"].as_array()?.last()?;
    if last.get("range").is_some() || !last["text"].is_string() {
        return None;
    }
    n.params["textDocument"]["uri"].as_str()
}
