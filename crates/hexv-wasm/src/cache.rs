//! The last variant loaded, kept by its source text. The page calls several functions per
//! edit and one per click with the same source; loading (check, compile, analyse) is the
//! costly part, so it is done once per distinct text. WebAssembly here runs on one thread,
//! so a thread-local is the whole cache.

use std::cell::RefCell;
use std::rc::Rc;

use hexv::{load, Compiled, Loaded, SourceFile};

use crate::reply::Failure;

/// The name diagnostics give the source, as `hexv check` gives a file's path.
pub const FILE_NAME: &str = "variant.hexv";

thread_local! {
    static LAST: RefCell<Option<(String, Rc<Loaded>)>> = const { RefCell::new(None) };
}

/// The source file the page's text stands for.
pub fn source_file(source: &str) -> SourceFile {
    SourceFile::new(FILE_NAME, source)
}

/// The source loaded: from the cache when it is the last text loaded.
pub fn loaded(source: &str) -> Rc<Loaded> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((text, loaded)) = last.as_ref() {
            if text == source {
                return Rc::clone(loaded);
            }
        }
        let loaded = Rc::new(load(&source_file(source)));
        *last = Some((source.to_string(), Rc::clone(&loaded)));
        loaded
    })
}

/// The compiled variant, or a failure saying the source has errors.
pub fn compiled(loaded: &Loaded) -> Result<&Compiled, Failure> {
    let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
    match &loaded.compiled {
        Some(c) if errors == 0 => Ok(c),
        _ => Err(Failure::new(
            "source",
            format!(
                "the variant has {errors} error{}: see its diagnostics",
                if errors == 1 { "" } else { "s" }
            ),
        )),
    }
}
