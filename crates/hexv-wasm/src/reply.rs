//! The JSON envelope of every reply: `ok` and the function's fields, or `ok: false` and an
//! error the page can show (and place, when it has an offset into the text it was given).

use serde::Serialize;
use serde_json::{json, Value};

/// A refused input: what kind, why, and where in the text given (a byte offset), if known.
#[derive(Debug, Serialize)]
pub struct Failure {
    /// `source` (the variant has errors), `position`, `move`, `piece` or `cell`.
    pub kind: &'static str,
    /// A sentence for the user.
    pub message: String,
    /// The byte offset of the mistake in the text the caller gave, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

impl Failure {
    /// A failure without a place.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            offset: None,
        }
    }

    /// The same failure placed at `offset`.
    pub fn at(mut self, offset: usize) -> Failure {
        self.offset = Some(offset);
        self
    }
}

/// The reply of a call: its fields (a JSON object) with `ok: true`, or the failure.
pub fn to_json(result: Result<Value, Failure>) -> String {
    let value = match result {
        Ok(Value::Object(mut fields)) => {
            fields.insert("ok".into(), Value::Bool(true));
            Value::Object(fields)
        }
        Ok(other) => json!({ "ok": true, "value": other }),
        Err(failure) => json!({ "ok": false, "error": failure }),
    };
    value.to_string()
}
