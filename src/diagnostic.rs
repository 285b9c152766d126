//! Diagnostics as values: every stage returns these, and only the CLI decides how to show them.

use std::fmt;

use serde::Serialize;

use crate::source::SourceFile;
pub use crate::source::Span;
#[cfg(feature = "fancy")]
pub use fancy::{render, render_all, RenderOptions};

/// How bad a diagnostic is; errors sort before warnings at the same place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file is refused: no variant is built.
    Error,
    /// Legal but almost certainly not meant; the variant is still built (`hexv check` exits 0).
    Warning,
}

/// One location of a diagnostic: the primary label says what is wrong here, secondary labels
/// point at related places ("first defined here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where, in bytes of the file.
    pub span: Span,
    /// What the label says there (may be empty).
    pub text: String,
    /// True for the label that says what is wrong, false for related places.
    pub primary: bool,
}

/// A problem found in a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code such as `hexv::resolve::unknown_piece` (documented in docs/diagnostics.md).
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// One lowercase line; user names in back-quotes.
    pub message: String,
    /// One concrete fix.
    pub help: Option<String>,
    /// The places in the file, in the order they were added (in practice the primary first).
    pub labels: Vec<Label>,
}

impl Diagnostic {
    /// An error with this code and message, no help and no labels yet.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            help: None,
            labels: Vec::new(),
        }
    }

    /// A warning with this code and message, no help and no labels yet.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    /// Adds the primary label.
    pub fn at(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: true,
        });
        self
    }

    /// Adds a secondary label.
    pub fn also(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: false,
        });
        self
    }

    /// Sets the help: one concrete fix.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds "did you mean `x`?" to the help when a suggestion exists.
    pub fn suggest(self, suggestion: Option<&str>, otherwise: impl Into<String>) -> Self {
        match suggestion {
            Some(s) => self.help(format!("did you mean `{s}`?")),
            None => self.help(otherwise),
        }
    }

    /// True for an error, false for a warning.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The span of the primary label (or the first label), used to sort diagnostics.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or_else(|| self.labels.first())
            .map(|l| l.span)
    }
}

/// Sorts diagnostics by position, errors before warnings at the same place.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        let span = d.primary_span().unwrap_or_default();
        (span.start, span.end, d.severity)
    });
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The JSON form of a diagnostic (`hexv check --format json`).
#[derive(Serialize, Debug)]
pub struct JsonDiagnostic {
    /// The file's name, as shown in diagnostics.
    pub file: String,
    /// The stable code.
    pub code: &'static str,
    /// `"error"` or `"warning"`.
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// The fix, or `null`.
    pub help: Option<String>,
    /// The labels, in the diagnostic's order.
    pub spans: Vec<JsonSpan>,
}

/// A label in the JSON form: where it is, what it says, and the text under it.
#[derive(Serialize, Debug)]
pub struct JsonSpan {
    /// Byte offset of the start.
    pub start: usize,
    /// Byte offset of the end (exclusive).
    pub end: usize,
    /// 1-based line of the start.
    pub line: usize,
    /// 1-based column of the start, in characters.
    pub column: usize,
    /// 1-based line of the end.
    pub end_line: usize,
    /// 1-based column of the end, in characters.
    pub end_column: usize,
    /// What the label says.
    pub label: String,
    /// True for the label that says what is wrong.
    pub primary: bool,
    /// The source text under the span.
    pub text: String,
}

impl JsonDiagnostic {
    /// The JSON form of a diagnostic of `file`, spans resolved to lines and columns.
    pub fn new(d: &Diagnostic, file: &SourceFile) -> Self {
        let spans = d
            .labels
            .iter()
            .map(|l| {
                let (line, column) = file.line_col(l.span.start);
                let (end_line, end_column) = file.line_col(l.span.end);
                JsonSpan {
                    start: l.span.start,
                    end: l.span.end,
                    line,
                    column,
                    end_line,
                    end_column,
                    label: l.text.clone(),
                    primary: l.primary,
                    text: file.slice(l.span).to_string(),
                }
            })
            .collect();
        JsonDiagnostic {
            file: file.name().to_string(),
            code: d.code,
            severity: d.severity,
            message: d.message.clone(),
            help: d.help.clone(),
            spans,
        }
    }
}

/// Diagnostics drawn for a person with their source excerpt (miette's graphical report),
/// behind the `fancy` feature so that the library alone needs no terminal renderer.
#[cfg(feature = "fancy")]
mod fancy {
    use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

    use super::{Diagnostic, Severity, Span};
    use crate::source::SourceFile;
    use std::fmt;
    use std::sync::Arc;

    impl From<Span> for SourceSpan {
        fn from(s: Span) -> SourceSpan {
            SourceSpan::new(s.start.into(), s.len())
        }
    }

    /// A diagnostic together with its file, in the form miette renders.
    struct Located<'a> {
        diagnostic: &'a Diagnostic,
        source: NamedSource<Arc<str>>,
    }

    impl fmt::Debug for Located<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Debug::fmt(self.diagnostic, f)
        }
    }

    impl fmt::Display for Located<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(self.diagnostic, f)
        }
    }

    impl std::error::Error for Located<'_> {}

    impl miette::Diagnostic for Located<'_> {
        fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            Some(Box::new(self.diagnostic.code))
        }

        fn severity(&self) -> Option<miette::Severity> {
            Some(match self.diagnostic.severity {
                Severity::Error => miette::Severity::Error,
                Severity::Warning => miette::Severity::Warning,
            })
        }

        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.diagnostic
                .help
                .as_ref()
                .map(|h| Box::new(h) as Box<dyn fmt::Display>)
        }

        fn source_code(&self) -> Option<&dyn miette::SourceCode> {
            Some(&self.source)
        }

        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            let labels = self.diagnostic.labels.iter().map(|l| {
                let text = (!l.text.is_empty()).then(|| l.text.clone());
                if l.primary {
                    LabeledSpan::new_primary_with_span(text, l.span)
                } else {
                    LabeledSpan::new_with_span(text, l.span)
                }
            });
            Some(Box::new(labels))
        }
    }

    /// How to draw diagnostics for a person.
    #[derive(Clone, Copy, Debug)]
    pub struct RenderOptions {
        /// Draw in colour (the CLI turns it off with `NO_COLOR` or when stderr is not a terminal).
        pub colour: bool,
        /// Width of the drawing in columns (100 by default).
        pub width: usize,
    }

    impl Default for RenderOptions {
        fn default() -> Self {
            RenderOptions {
                colour: false,
                width: 100,
            }
        }
    }

    /// Renders one diagnostic with its source excerpt (miette's graphical style).
    pub fn render(diagnostic: &Diagnostic, file: &SourceFile, options: RenderOptions) -> String {
        render_shared(diagnostic, file.name(), &drawable(file.text()), options)
    }

    /// Renders one diagnostic over a text shared by every diagnostic of the file (so that a
    /// thousand diagnostics do not copy the file a thousand times).
    fn render_shared(
        diagnostic: &Diagnostic,
        name: &str,
        text: &Arc<str>,
        options: RenderOptions,
    ) -> String {
        let theme = if options.colour {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(options.width)
            .with_links(false);
        let located = Located {
            diagnostic,
            source: NamedSource::new(name, Arc::clone(text)),
        };
        let mut out = String::new();
        if handler.render_report(&mut out, &located).is_err() {
            // Rendering into a String cannot fail; keep a plain fallback all the same.
            out = format!("{}: {}\n", diagnostic.code, diagnostic.message);
        }
        out
    }

    /// The text as it may be drawn on a terminal: control characters (an escape sequence
    /// could recolour or clear the screen) become `?`, byte for byte, so spans still fit.
    fn drawable(text: &str) -> Arc<str> {
        // A carriage return ends a Windows line harmlessly; alone it would move the cursor.
        let harmless = |c: char, next: Option<char>| {
            !c.is_control() || matches!(c, '\n' | '\t') || (c == '\r' && next == Some('\n'))
        };
        let mut chars = text.chars().peekable();
        let mut shown = String::with_capacity(text.len());
        let mut changed = false;
        while let Some(c) = chars.next() {
            if harmless(c, chars.peek().copied()) {
                shown.push(c);
            } else {
                shown.push_str(&"?".repeat(c.len_utf8()));
                changed = true;
            }
        }
        if changed {
            Arc::from(shown)
        } else {
            Arc::from(text)
        }
    }

    /// Renders every diagnostic, one after another.
    pub fn render_all(
        diagnostics: &[Diagnostic],
        file: &SourceFile,
        options: RenderOptions,
    ) -> String {
        let text = drawable(file.text());
        diagnostics
            .iter()
            .map(|d| render_shared(d, file.name(), &text, options))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// "1st", "2nd", "3rd", "4th", ... "11th", "21st": for messages that count places.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
