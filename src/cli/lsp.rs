//! `hexv lsp`: the language server's transport, over standard input and output (JSON-RPC,
//! the Language Server Protocol, through `lsp-server`): the `initialize` handshake, `shutdown`
//! and `exit`, and every other message handed to the library's [`hexv::lsp::Session`], whose
//! answers it sends back. Bad input on the wire ends it with an error and exit status 2.

use hexv::lsp::lsp_server::{Connection, Message};
use hexv::lsp::Session;

use super::Status;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_: &Args) -> Status {
    let (connection, threads) = Connection::stdio();
    let Ok(capabilities) = serde_json::to_value(hexv::lsp::capabilities()) else {
        return Status::UsageOrIo;
    };
    if let Err(e) = connection.initialize(capabilities) {
        eprintln!("error: hexv lsp: {e}");
        return Status::UsageOrIo;
    }
    let mut session = Session::new();
    'messages: for message in &connection.receiver {
        if let Message::Request(req) = &message {
            match connection.handle_shutdown(req) {
                Ok(true) => break,
                Ok(false) => {}
                Err(e) => {
                    eprintln!("error: hexv lsp: {e}");
                    return Status::UsageOrIo;
                }
            }
        }
        for out in session.handle(message) {
            let is_response = matches!(out, Message::Response(_));
            // A response that cannot be sent ends the server (the editor is gone); a
            // notification that cannot be sent is dropped.
            if connection.sender.send(out).is_err() && is_response {
                break 'messages;
            }
        }
    }
    drop(connection);
    match threads.join() {
        Ok(()) => Status::Ok,
        Err(e) => {
            eprintln!("error: hexv lsp: {e}");
            Status::UsageOrIo
        }
    }
}
