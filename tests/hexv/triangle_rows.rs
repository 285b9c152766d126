//! Triangles in rows (`cells triangle rows`), the face-point lines that leave a cell across a
//! side or a corner (`face-first`, `point-first`) and the `pointing HOUR` condition, outside
//! Dekle's Triangular Chess (whose rules are cases in tests/data/rules/triangular-chess.rules):
//! the board's names and shape, what the JSON says of them, and the located errors for their
//! misuse.
//!
//! Derived by hand: a hexagon of side 2 in rows has rows of 5, 7, 7 and 5 triangles; its files
//! (vertical lines of centroids) a..g hold 2, 4, 4, 4, 4, 4, 2 cells, the outer files a and g
//! only rows 2 and 3. The cell of file index f (a = 1) in row r points down when f + r is odd.

use hexv::check::codes;

use crate::support::{check_text, table_and_piece};

/// A small game on triangles in rows: a rook, a bishop and a pawn whose capture depends on
/// the way its cell points.
const SMALL: &str = "\
variant \"Rows\"
board {
  cells triangle rows
  shape hexagon 2
  names files a b c d e f g
}
symmetry mirror
piece King K { royal; step face-point }
piece Rook R { ride face-first }
piece Bishop B { ride point-first }
piece Pawn P {
  step 12 move-only
  leap [12 4] [12 8] capture-only when pointing 12
  leap [12 2] [12 10] capture-only when pointing 6
}
setup { K b1; R d1; B e1; P d2 e2 }
";

/// The text written to a file of its own temporary folder (removed with the guard).
fn write(name: &str, text: &str) -> (crate::support::Scratch, std::path::PathBuf) {
    let dir = crate::support::scratch("triangle-rows");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a scratch file");
    (dir, path)
}

#[test]
fn rows_are_named_by_file_and_row_and_point_up_and_down() {
    let (_dir, path) = write("rows.hexv", SMALL);
    let (json, _) = table_and_piece(path.to_str().expect("UTF-8"), "R");
    let table: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let board = &table["board"];
    assert_eq!(board["grid"], "triangle rows");
    let cells = board["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 24);
    let names: Vec<&str> = cells
        .iter()
        .map(|c| c["name"].as_str().expect("a name"))
        .collect();
    for (row, files) in [(1, "bcdef"), (2, "abcdefg"), (3, "abcdefg"), (4, "bcdef")] {
        for f in files.chars() {
            let name = format!("{f}{row}");
            assert!(names.contains(&name.as_str()), "{name} in {names:?}");
        }
    }
    for c in cells {
        let name = c["name"].as_str().expect("a name");
        let file = i64::from(name.as_bytes()[0] - b'a' + 1);
        let row: i64 = name[1..].parse().expect("a row");
        let down = (file + row) % 2 == 1;
        assert_eq!(c["points"], if down { "down" } else { "up" }, "{name}");
    }
    // The files, left to right, each bottom to top.
    let lines: Vec<Vec<&str>> = board["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| {
            l.as_array()
                .expect("a file")
                .iter()
                .map(|c| c.as_str().expect("a name"))
                .collect()
        })
        .collect();
    assert_eq!(lines[0], ["a2", "a3"]);
    assert_eq!(lines[3], ["d1", "d2", "d3", "d4"]);
}

#[test]
fn the_json_names_the_new_ray_kinds_and_the_pointing_guard() {
    let (_dir, path) = write("rows.hexv", SMALL);
    let file = path.to_str().expect("UTF-8");
    let (_, rook) = table_and_piece(file, "R");
    assert_eq!(rook["movements"][0]["ray"], "face-first");
    assert_eq!(
        rook["movements"][0]["hours"],
        serde_json::json!([2, 4, 6, 8, 10, 12])
    );
    let (_, bishop) = table_and_piece(file, "B");
    assert_eq!(bishop["movements"][0]["ray"], "point-first");
    let (_, pawn) = table_and_piece(file, "P");
    assert_eq!(
        pawn["movements"][1]["guard"]["pointing"],
        serde_json::json!([{ "hour": 12, "holds": true }])
    );
    assert_eq!(
        pawn["movements"][2]["guard"]["pointing"],
        serde_json::json!([{ "hour": 6, "holds": true }])
    );
}

/// Each misuse is an error with its code, located on the words at fault.
#[test]
fn misuse_is_reported_where_it_is_written() {
    let flat = SMALL
        .replace("cells triangle rows", "cells flat")
        .replace("shape hexagon 2", "shape hexagon 3")
        .replace("names files a b c d e f g", "names files a b c d e");
    let cases: Vec<(String, &str, &str, &str)> = vec![
        (
            SMALL.replace("when pointing 12", "when pointing 3"),
            codes::BAD_HOUR,
            "3",
            "no triangle of this board points at 3 o'clock",
        ),
        (
            flat.clone(),
            codes::BAD_HOUR,
            "12",
            "`pointing` needs a board of triangles",
        ),
        (
            flat.replace("pointing 12", "from far"),
            codes::EMPTY_DIRECTIONS,
            "face-first",
            "`face-first` has no directions on a flat hex board",
        ),
        (
            SMALL.replace("step 12 move-only", "step 1 move-only"),
            codes::AMBIGUOUS_HOUR,
            "1",
            "on a triangle board hour 1 names two directions",
        ),
    ];
    for (source, code, at, said) in cases {
        let loaded = check_text("rows.hexv", &source);
        let found = loaded
            .diagnostics
            .iter()
            .find(|d| d.is_error() && d.message == said)
            .unwrap_or_else(|| panic!("{said}: {:#?}", loaded.diagnostics));
        assert_eq!(found.code, code, "{said}");
        let span = found.primary_span().expect("located");
        assert_eq!(&source[span.start..span.end], at, "{said}");
    }
    // `rows` belongs to triangles: a flat board that says it is a line hexv cannot read.
    let loaded = check_text("rows.hexv", &SMALL.replace("triangle rows", "flat rows"));
    assert!(
        loaded
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.message.contains("`cells`")),
        "{:#?}",
        loaded.diagnostics
    );
}

/// `triangle columns` is `triangle`: Chessagon's board and tables do not change.
#[test]
fn triangle_columns_is_the_default_lay() {
    let chessagon = std::fs::read_to_string(crate::support::root().join("variants/chessagon.hexv"))
        .expect("Chessagon");
    let columns = chessagon.replace("  cells triangle\n", "  cells triangle columns\n");
    assert_ne!(columns, chessagon);
    let (_a, a) = write("a.hexv", &chessagon);
    let (_b, b) = write("b.hexv", &columns);
    let (ja, _) = table_and_piece(a.to_str().expect("UTF-8"), "N");
    let (jb, _) = table_and_piece(b.to_str().expect("UTF-8"), "N");
    let strip = |j: &str| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_str(j).expect("JSON");
        v["source"] = serde_json::Value::Null;
        v
    };
    assert_eq!(strip(&ja)["board"], strip(&jb)["board"]);
    assert_eq!(strip(&ja)["pieces"], strip(&jb)["pieces"]);
}
