//! No output destroys an input (issue 27): an output option naming a file the command reads,
//! or another output of the same run, is refused before anything is written; an existing
//! file is replaced as a whole, keeping its permissions; self-play's growing record files are
//! not emptied without `--force`; `hexv fmt` writes through a symbolic link, keeps hard links
//! and leaves a read-only file alone. Each test builds its files in a folder of its own.

#![cfg(unix)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

use crate::cli::run;
use crate::support::{root, scratch};

/// A copy of a shipped variant in `dir`.
fn variant_in(dir: &Path, name: &str) -> (String, String) {
    let text = std::fs::read_to_string(root().join("variants").join(name)).expect("a variant");
    let path = dir.join(name);
    std::fs::write(&path, &text).expect("written");
    (path.to_str().expect("UTF-8").to_string(), text)
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).expect("readable")
}

#[test]
fn a_diagram_is_not_written_onto_its_variant() {
    let dir = scratch("out-diagram");
    let (variant, text) = variant_in(&dir, "glinski.hexv");
    for format in ["ascii", "svg"] {
        let (code, _, stderr) = run(&[
            "diagram",
            &variant,
            "--position",
            "--format",
            format,
            "-o",
            &variant,
        ]);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("--output") && stderr.contains("is the variant file"),
            "{stderr}"
        );
        assert_eq!(read(&variant), text, "{format}: the variant is untouched");
    }
    // The same file by another path.
    let other = format!(
        "{}/../{}/glinski.hexv",
        dir.display(),
        dir.file_name().unwrap().to_string_lossy()
    );
    let (code, _, _) = run(&["diagram", &variant, "--position", "-o", &other]);
    assert_eq!(code, 2);
    assert_eq!(read(&variant), text);
}

#[test]
fn an_existing_output_is_replaced_whole_with_its_permissions() {
    let dir = scratch("out-replace");
    let out = dir.join("start.txt");
    std::fs::write(&out, "old").expect("written");
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let (code, _, stderr) = run(&[
        "diagram",
        "variants/glinski.hexv",
        "--position",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        read(&out).contains("___"),
        "the drawing replaced the old text"
    );
    let mode = std::fs::metadata(&out).expect("exists").mode() & 0o777;
    assert_eq!(mode, 0o640);
    // Nothing else is left in the folder (no temporary file).
    let names: Vec<String> = std::fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["start.txt"]);
}

#[test]
fn selfplay_outputs_never_overwrite_the_variant_or_each_other() {
    let dir = scratch("out-selfplay");
    let (variant, text) = variant_in(&dir, "mini-hexchess.hexv");
    let play = |extra: &[&str]| crate::cli::quick_selfplay(&variant, "2", "10", extra);
    let (code, _, stderr) = play(&["--out", &variant]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--out") && stderr.contains("is the variant file"),
        "{stderr}"
    );
    assert_eq!(read(&variant), text);

    let same = dir.join("games").to_str().unwrap().to_string();
    let (code, _, stderr) = play(&["--out", &same, "--pgn", &same]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--out and --pgn name one file"), "{stderr}");
    assert!(!Path::new(&same).exists(), "nothing was written");

    // Records already there are kept unless --force.
    let jsonl = dir.join("games.jsonl");
    std::fs::write(&jsonl, "{\"kept\": true}\n").expect("written");
    let jsonl = jsonl.to_str().unwrap();
    let (code, _, stderr) = play(&["--out", jsonl]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("exists") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(read(jsonl), "{\"kept\": true}\n");
    let (code, _, stderr) = play(&["--out", jsonl, "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        read(jsonl).lines().count(),
        2,
        "two games, the old line gone"
    );
    // An empty file is no loss.
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "").expect("written");
    let (code, _, stderr) = play(&["--pgn", empty.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(read(&empty).contains("[Event \"hexv selfplay\"]"));
}

#[test]
fn converted_records_and_saved_games_never_overwrite_their_inputs() {
    let dir = scratch("out-pgn");
    let (variant, text) = variant_in(&dir, "glinski.hexv");
    let pgn = dir.join("game.pgn");
    let record = "[Variant \"Glinski\"]\n\n1. f5-f6 *\n";
    std::fs::write(&pgn, record).expect("written");
    let pgn = pgn.to_str().unwrap();
    let (code, _, stderr) = run(&["pgn", "convert", pgn, "--to", "long", "-o", pgn]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is the PGN file"), "{stderr}");
    assert_eq!(read(pgn), record);
    let (code, _, stderr) = run(&["pgn", "convert", pgn, "--variant", &variant, "-o", &variant]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(read(&variant), text);

    let (code, _) = crate::cli::play(&[&variant, "--save", &variant], "quit\n");
    assert_eq!(code, 2);
    assert_eq!(read(&variant), text);

    // A rules page is never written onto the variant it describes.
    let page_dir = dir.join("site");
    std::fs::create_dir(&page_dir).expect("made");
    let page_variant = page_dir.join("index.html");
    std::fs::write(&page_variant, &text).expect("written");
    let (code, _, stderr) = run(&[
        "doc",
        page_variant.to_str().unwrap(),
        "-o",
        page_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(read(&page_variant), text);
}

/// A messy copy of Glinski's file and the text `hexv fmt` makes of it.
fn messy(dir: &Path) -> (std::path::PathBuf, String, String) {
    let glinski = read(root().join("variants/glinski.hexv"));
    let messy = glinski.replace("  cells flat", "cells   flat ;");
    let path = dir.join("messy.hexv");
    std::fs::write(&path, &messy).expect("written");
    (path, messy, glinski)
}

#[test]
fn fmt_leaves_a_read_only_file_alone() {
    let dir = scratch("fmt-readonly");
    let (path, messy, _) = messy(&dir);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let inode = std::fs::metadata(&path).unwrap().ino();
    let (code, _, stderr) = run(&["fmt", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is read-only: not formatted"), "{stderr}");
    assert_eq!(read(&path), messy);
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!((meta.ino(), meta.mode() & 0o777), (inode, 0o444));
}

#[test]
fn fmt_writes_through_a_symbolic_link_and_keeps_the_permissions() {
    let dir = scratch("fmt-link");
    let (target, _, formatted) = messy(&dir);
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let link = dir.join("link.hexv");
    std::os::unix::fs::symlink(&target, &link).expect("linked");
    let (code, _, stderr) = run(&["fmt", link.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&target), formatted);
    assert_eq!(std::fs::metadata(&target).unwrap().mode() & 0o777, 0o600);
}

#[test]
fn fmt_keeps_hard_links() {
    let dir = scratch("fmt-hardlink");
    let (path, _, formatted) = messy(&dir);
    let other = dir.join("other.hexv");
    std::fs::hard_link(&path, &other).expect("linked");
    let (code, _, stderr) = run(&["fmt", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(read(&other), formatted, "both names see the formatted text");
    assert_eq!(
        std::fs::metadata(&path).unwrap().ino(),
        std::fs::metadata(&other).unwrap().ino()
    );
}
