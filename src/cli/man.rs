//! `hexv man`: the manual pages, `hexv(1)` and one `hexv-SUBCOMMAND(1)` per subcommand (nested
//! ones too: `hexv-pgn-check(1)`). clap_mangen draws each page's name, synopsis, description and
//! options from the command line's own definition, so they cannot drift from what the parser
//! accepts; this module adds what clap does not know: examples, the exit status and the pages'
//! cross-references.

use std::path::{Path, PathBuf};

use clap_mangen::roff::{bold, roman, Inline, Roff};
use clap_mangen::Man;

use super::output;
use super::Status;

#[derive(clap::Args)]
pub struct Args {
    /// The subcommand whose page to print, e.g. `check`, or `pgn check` for a nested one (the
    /// page of hexv itself without one).
    #[arg(value_name = "SUBCOMMAND")]
    subcommand: Vec<String>,
    /// Write every page into this directory (made if missing) as DIR/hexv.1, DIR/hexv-check.1,
    /// ..., each replaced as a whole, instead of printing one; the files written are listed.
    #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
    dir: Option<PathBuf>,
}

/// An example of a page: a command that runs as written from the repository's root, and what
/// it does.
struct Example {
    command: &'static str,
    what: &'static str,
}

/// Shorthand for the table below.
const fn ex(command: &'static str, what: &'static str) -> Example {
    Example { command, what }
}

/// Every page's examples, by page name. Each page must have some (a unit test holds the table
/// to the pages), and each command must parse with the command line as it is.
const EXAMPLES: &[(&str, &[Example])] = &[
    (
        "hexv",
        &[
            ex(
                "hexv check variants/glinski.hexv",
                "Check a variant file: every mistake reported, or a summary of the clean file.",
            ),
            ex(
                "hexv perft variants/glinski.hexv --depth 3",
                "Count the positions of Glinski's chess three plies ahead.",
            ),
            ex(
                "hexv play variants/mini-hexchess.hexv --engine",
                "Play Mini Hexchess against the engine at the terminal.",
            ),
            ex(
                "hexv man check",
                "Print the manual page of one subcommand, hexv-check(1).",
            ),
            ex(
                "hexv man --dir /usr/local/share/man/man1",
                "Install every page: hexv.1, hexv-check.1, ...",
            ),
        ],
    ),
    (
        "hexv-check",
        &[
            ex(
                "hexv check variants/glinski.hexv",
                "Report every mistake in the file, or, when it is clean, summarise it: the \
                 board, each piece's moves, the rules and the start position's legal moves.",
            ),
            ex(
                "hexv check --format json variants/*.hexv",
                "Every shipped variant's diagnostics as one JSON array on standard output.",
            ),
        ],
    ),
    (
        "hexv-table",
        &[
            ex(
                "hexv table variants/glinski.hexv --piece P --cell e4",
                "The compiled moves of the pawn standing on e4.",
            ),
            ex(
                "hexv table variants/glinski.hexv --format json --piece N --side white --cell f6",
                "The white knight's moves from f6 as JSON (docs/tables-json.md).",
            ),
        ],
    ),
    (
        "hexv-diagram",
        &[
            ex(
                "hexv diagram variants/glinski.hexv --piece N --at f6",
                "Draw the knight's moves from f6 in ASCII.",
            ),
            ex(
                "hexv diagram variants/glinski.hexv --position --moves \"f5-f6 c7-c6\" \
                 --format svg -o after.svg",
                "Draw the position after two moves as an SVG picture.",
            ),
            ex(
                "hexv diagram --pgn tests/data/glinski-games-hu.pgn --letters hu --ply 20",
                "The first recorded game's position after 20 plies (the variant named by its \
                 Variant tag).",
            ),
        ],
    ),
    (
        "hexv-doc",
        &[
            ex(
                "hexv doc variants/glinski.hexv -o glinski",
                "Write the variant's rules page, glinski/index.html.",
            ),
            ex(
                "hexv doc --pgn tests/data/glinski-games-hu.pgn --letters hu --game 2 -o game2",
                "Write a page that steps through the second recorded game.",
            ),
        ],
    ),
    (
        "hexv-fmt",
        &[
            ex(
                "hexv fmt --check variants/*.hexv",
                "Name each file not in the canonical layout (exit 1 if there is one); nothing \
                 is changed.",
            ),
            ex(
                "hexv fmt - < variants/glinski.hexv",
                "Format standard input to standard output.",
            ),
        ],
    ),
    (
        "hexv-moves",
        &[
            ex(
                "hexv moves variants/glinski.hexv",
                "List the legal moves of the start position.",
            ),
            ex(
                "hexv moves variants/glinski.hexv --moves \"f5-f6 c7-c6\"",
                "List White's legal moves after two moves.",
            ),
        ],
    ),
    (
        "hexv-pgn",
        &[
            ex(
                "hexv pgn check tests/data/glinski-games-hu.pgn --letters hu",
                "Replay every game of a PGN file written with Hungarian piece letters (K V B F \
                 H), naming each move that cannot be played.",
            ),
            ex(
                "hexv pgn convert tests/data/glinski-games-hu.pgn --letters hu --to-letters en",
                "Rewrite the same games with English piece letters.",
            ),
        ],
    ),
    (
        "hexv-pgn-check",
        &[
            ex(
                "hexv pgn check tests/data/glinski-games-hu.pgn --letters hu",
                "Replay every game, naming each illegal or ambiguous move with its game, \
                 players and FILE:LINE:COLUMN (exit 1 when there is one).",
            ),
            ex(
                "hexv pgn check games.pgn --variant variants/glinski.hexv",
                "Games without a Variant tag, read with the given variant.",
            ),
        ],
    ),
    (
        "hexv-pgn-convert",
        &[
            ex(
                "hexv pgn convert tests/data/glinski-games-hu.pgn --letters hu --to long -o \
                 long.pgn",
                "Rewrite every game's moves in hexv's long notation (f5-f6), keeping tags, \
                 comments and variations.",
            ),
            ex(
                "hexv pgn convert long.pgn --variant variants/glinski.hexv --to-letters en",
                "Back to short notation with English piece letters, on standard output.",
            ),
        ],
    ),
    (
        "hexv-play",
        &[
            ex(
                "hexv play variants/glinski.hexv",
                "Two people play at the terminal, taking turns; type help for the commands.",
            ),
            ex(
                "hexv play variants/mini-hexchess.hexv --engine --side black --movetime 500 \
                 --save game.pgn",
                "Play Black against the engine (half a second a move), the game kept in game.pgn.",
            ),
        ],
    ),
    (
        "hexv-perft",
        &[
            ex(
                "hexv perft variants/glinski.hexv --depth 3",
                "Count the positions three plies ahead; the total is the last line.",
            ),
            ex(
                "hexv perft variants/glinski.hexv --depth 4 --divide --format json",
                "Each first move's count too, as one JSON object.",
            ),
            ex(
                "hexv perft --suite tests/data/perft-suite.txt",
                "Count a suite of positions and report each count that differs from the \
                 expected one.",
            ),
        ],
    ),
    (
        "hexv-analyse",
        &[
            ex(
                "hexv analyse variants/glinski.hexv --depth 6",
                "Search the start position six plies deep: the score and best line at each \
                 depth, then the best move.",
            ),
            ex(
                "hexv analyse variants/glinski.hexv --moves \"f5-f6 c7-c6\" --movetime 1000",
                "Search the position after two moves for one second.",
            ),
        ],
    ),
    (
        "hexv-engine",
        &[ex(
            "hexv engine variants/glinski.hexv",
            "Speak UCI on standard input and output: type uci, then position startpos \
                 moves f5-f6, then go depth 4 for a bestmove line (docs/engine.md).",
        )],
    ),
    (
        "hexv-selfplay",
        &[
            ex(
                "hexv selfplay variants/glinski.hexv --games 200 --movetime 100",
                "Play 200 games of the engine against itself and report White's score with its \
                 confidence interval.",
            ),
            ex(
                "hexv selfplay variants/mini-hexchess.hexv --games 20 --depth 3 --out \
                 games.jsonl --pgn games.pgn",
                "Record every game as it ends, as JSON lines and as PGN.",
            ),
        ],
    ),
    (
        "hexv-tune",
        &[ex(
            "hexv tune variants/mini-hexchess.hexv -o mini.weights",
            "Fit the evaluation's weights to 200 games of self-play at depth 3 and write them \
             to mini.weights.",
        )],
    ),
    (
        "hexv-match",
        &[
            ex(
                "hexv match variants/glinski.hexv --limit movetime=100 --pairs 50",
                "This hexv's engine against itself, 50 pairs of games at 100 ms a move: the \
                 score and Elo.",
            ),
            ex(
                "hexv match variants/mini-hexchess.hexv --second-option Weights=default \
                 --sprt 0,10",
                "The tuned weights beside the variant (mini-hexchess.weights) against the \
                 built-in formula, stopped when the SPRT decides.",
            ),
        ],
    ),
    (
        "hexv-lsp",
        &[ex(
            "hexv lsp",
            "Run by an editor, not by hand: in Neovim, vim.lsp.start({ name = 'hexv', cmd \
                 = { 'hexv', 'lsp' } }) (README.md, Editors).",
        )],
    ),
    (
        "hexv-completions",
        &[
            ex(
                "hexv completions bash > ~/.local/share/bash-completion/completions/hexv",
                "Install completion for bash.",
            ),
            ex(
                "hexv completions fish > ~/.config/fish/completions/hexv.fish",
                "Install completion for fish.",
            ),
        ],
    ),
    (
        "hexv-man",
        &[
            ex(
                "hexv man check | man -l -",
                "Read hexv-check(1) without installing it.",
            ),
            ex(
                "hexv man --dir /usr/local/share/man/man1",
                "Install every page.",
            ),
        ],
    ),
];

/// What the exit status tells, on the main page (main.rs's statuses).
const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Done, the input clean (warnings allowed)."),
    (
        "1",
        "The input has errors (a variant, a game record, a perft count that differs).",
    ),
    ("2", "A usage or I/O error."),
    ("3", "Stopped by a time limit (perft --time-limit)."),
    (
        "10, 11, 12",
        "hexv play: White scored more than half, Black did, or a draw.",
    ),
];

/// One manual page: a command as built within the whole command line, so that its bin name
/// (`hexv pgn check`, the synopsis) and display name (`hexv-pgn-check`, the title) are the full
/// ones.
struct Page {
    cmd: clap::Command,
}

impl Page {
    /// The page's name, also its title and file name's stem: `hexv`, `hexv-pgn-check`.
    fn name(&self) -> &str {
        self.cmd
            .get_display_name()
            .unwrap_or_else(|| self.cmd.get_name())
    }

    /// How the page is asked for: `pgn check` (empty for the main page).
    fn words(&self) -> String {
        self.name()
            .strip_prefix("hexv")
            .unwrap_or_default()
            .trim_start_matches('-')
            .replace('-', " ")
    }
}

/// `hexv man [SUBCOMMAND...] [--dir DIR]`, with `root` the whole command line.
pub fn run(args: &Args, root: clap::Command) -> Status {
    let pages = pages(root);
    if let Some(dir) = &args.dir {
        return write_all(dir, &pages);
    }
    let Some(page) = find(&pages, &args.subcommand) else {
        let known: Vec<String> = pages[1..].iter().map(Page::words).collect();
        eprintln!(
            "error: no manual page for `hexv {}`; the subcommands with one are: {}",
            args.subcommand.join(" "),
            known.join(", ")
        );
        return Status::UsageOrIo;
    };
    match render(page, &pages) {
        Ok(bytes) => {
            use std::io::Write;
            match std::io::stdout().write_all(&bytes) {
                Ok(()) => Status::Ok,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Ok,
                Err(e) => {
                    eprintln!("error: cannot write: {e}");
                    Status::UsageOrIo
                }
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            Status::UsageOrIo
        }
    }
}

/// Every page, the main one first, then each subcommand's in the help's order, a nested one
/// after its parent. The `help` subcommand gets none (as clap_mangen's own `generate_to`): it
/// prints what the pages already say.
fn pages(root: clap::Command) -> Vec<Page> {
    let mut root = root.disable_help_subcommand(true);
    root.build();
    let mut pages = Vec::new();
    collect(&root, &mut pages);
    pages
}

/// Adds `cmd`'s page and its visible subcommands' to `pages`.
fn collect(cmd: &clap::Command, pages: &mut Vec<Page>) {
    pages.push(Page { cmd: cmd.clone() });
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect(sub, pages);
    }
}

/// The page asked for by its words (`pgn check`), also written joined (`pgn-check`,
/// `hexv-pgn-check`); none for the main page.
fn find<'a>(pages: &'a [Page], words: &[String]) -> Option<&'a Page> {
    let joined = words.join("-");
    let wanted = match joined.as_str() {
        "" | "hexv" => "hexv".to_owned(),
        w if w.starts_with("hexv-") => w.to_owned(),
        w => format!("hexv-{w}"),
    };
    pages.iter().find(|p| p.name() == wanted)
}

/// Writes every page into `dir` as `NAME.1`, each atomically (a failed run leaves no half
/// page), listing each file written.
fn write_all(dir: &Path, pages: &[Page]) -> Status {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot make `{}`: {e}", dir.display());
        return Status::UsageOrIo;
    }
    for page in pages {
        let path = dir.join(format!("{}.1", page.name()));
        let written = render(page, pages).and_then(|bytes| output::replace(&path, &bytes));
        if let Err(e) = written {
            eprintln!("error: cannot write `{}`: {e}", path.display());
            return Status::UsageOrIo;
        }
        outln!("{}", path.display());
    }
    Status::Ok
}

/// A page in roff: clap_mangen's sections, then hexv's (EXIT STATUS on the main page, EXAMPLES,
/// SEE ALSO) in man-pages(7)'s order, and clap_mangen's VERSION (main page) last.
fn render(page: &Page, pages: &[Page]) -> std::io::Result<Vec<u8>> {
    let cmd = &page.cmd;
    let man = Man::new(cmd.clone())
        .title(page.name())
        .section("1")
        .source(format!("hexv {}", env!("CARGO_PKG_VERSION")))
        .manual("hexv manual");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    append(&mut out, |w| man.render_name_section(w))?;
    append(&mut out, |w| man.render_synopsis_section(w))?;
    append(&mut out, |w| man.render_description_section(w))?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        append(&mut out, |w| man.render_options_section(w))?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        append(&mut out, |w| man.render_subcommands_section(w))?;
    }
    if cmd.get_after_help().is_some() || cmd.get_after_long_help().is_some() {
        append(&mut out, |w| man.render_extra_section(w))?;
    }
    let mut own = Roff::new();
    if page.name() == "hexv" {
        exit_status(&mut own);
    }
    examples(&mut own, page.name());
    see_also(&mut own, page, pages);
    append(&mut out, |w| own.to_writer(w))?;
    if cmd.get_version().is_some() {
        append(&mut out, |w| man.render_version_section(w))?;
    }
    Ok(out)
}

/// Appends what `render` writes to `out`, less the roff preamble that each of clap_mangen's
/// `render_*` calls (and `Roff::to_writer`) begins with: a page needs it once, at its top.
fn append(
    out: &mut Vec<u8>,
    render: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    render(&mut bytes)?;
    let preamble = Roff::new().render();
    out.extend_from_slice(bytes.strip_prefix(preamble.as_bytes()).unwrap_or(&bytes));
    Ok(())
}

/// The EXIT STATUS section (main page only: every subcommand shares the statuses).
fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    for (code, what) in EXIT_STATUS {
        roff.control("TP", []);
        roff.text([bold(*code)]);
        roff.text([roman(*what)]);
    }
}

/// The EXAMPLES section: each command in bold, what it does below it.
fn examples(roff: &mut Roff, name: &str) {
    let Some((_, list)) = EXAMPLES.iter().find(|(page, _)| *page == name) else {
        return;
    };
    roff.control("SH", ["EXAMPLES"]);
    for example in *list {
        roff.control("TP", []);
        roff.text([bold(example.command)]);
        roff.text([roman(example.what)]);
    }
}

/// The SEE ALSO section: the pages next to this one: the main page lists every other; a
/// subcommand's names hexv(1), its parent's and its own subcommands'.
fn see_also(roff: &mut Roff, page: &Page, pages: &[Page]) {
    let name = page.name();
    let related: Vec<&str> = pages
        .iter()
        .map(Page::name)
        .filter(|other| *other != name)
        .filter(|other| {
            name == "hexv"
                || *other == "hexv"
                || name.starts_with(&format!("{other}-"))
                || other
                    .strip_prefix(&format!("{name}-"))
                    .is_some_and(|rest| !rest.contains('-'))
        })
        .collect();
    roff.control("SH", ["SEE ALSO"]);
    let mut line: Vec<Inline> = Vec::new();
    for (i, other) in related.iter().enumerate() {
        if i > 0 {
            line.push(roman(", "));
        }
        line.push(bold(*other));
        line.push(roman("(1)"));
    }
    roff.text(line);
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The pages of the real command line.
    fn all() -> Vec<Page> {
        pages(crate::Cli::command())
    }

    /// Every page has examples, and every example list belongs to a page.
    #[test]
    fn the_examples_match_the_pages() {
        let pages = all();
        for page in &pages {
            assert!(
                EXAMPLES
                    .iter()
                    .any(|(name, list)| *name == page.name() && !list.is_empty()),
                "{} has no examples",
                page.name()
            );
        }
        for (name, _) in EXAMPLES {
            assert!(pages.iter().any(|p| p.name() == *name), "no page {name}");
        }
    }

    /// Every example's command (before a redirection or a pipe) is accepted by the parser, and
    /// runs the page's subcommand.
    #[test]
    fn every_example_parses() {
        for (name, list) in EXAMPLES {
            for example in *list {
                let command = example
                    .command
                    .split(' ')
                    .take_while(|w| !matches!(*w, ">" | "<" | "|"))
                    .collect::<Vec<_>>()
                    .join(" ");
                let words = shlex::split(&command).expect("quotes balanced");
                let prefix = name.replace('-', " ");
                assert!(
                    command == prefix || command.starts_with(&format!("{prefix} ")),
                    "{command} is not {prefix}"
                );
                if let Err(e) = crate::Cli::command().try_get_matches_from(&words) {
                    panic!("{command}: {e}");
                }
            }
        }
    }
}
