//! Board shapes, naming schemes and symmetries, checked against the boards of the rule texts
//! (as the variants/*.hexv files state them): Koval's 72 numbered cells, Dagger's 39-cell
//! ranks, the Hex Shogi boards.

use hexv::geometry::board::Symmetry;
use hexv::geometry::Coord;
use hexv::variant::Variant;

use crate::support::check_text;

/// A minimal variant around a board block (one royal piece so the file is complete; it never
/// captures, so the two kings may stand side by side on the smallest boards).
fn board(block: &str, king_at: &str) -> Variant {
    board_with(block, king_at, "mirror")
}

fn board_with(block: &str, king_at: &str, symmetry: &str) -> Variant {
    let text = format!(
        "variant \"t\"\n{block}\nsymmetry {symmetry}\npiece King K {{\n royal\n step all move-only\n}}\nsetup {{\n K {king_at}\n}}\n"
    );
    let checked = check_text("board.hexv", &text);
    let errors: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    checked.compiled.expect("clean").into_parts().0
}

fn mirror_of(v: &Variant, name: &str) -> String {
    let map = v.board().symmetry_map(Symmetry::Mirror).expect("symmetric");
    v.board()
        .name(map[v.board().find(name).unwrap().index()])
        .to_string()
}

fn rotation_of(v: &Variant, name: &str) -> String {
    let map = v.board().symmetry_map(Symmetry::Rotate).expect("symmetric");
    v.board()
        .name(map[v.board().find(name).unwrap().index()])
        .to_string()
}

#[test]
fn koval_columns_numbered_in_snake_order() {
    let v = board(
        "board {\n cells flat\n shape columns 9 10 11 12 11 10 9\n names snake\n}",
        "42",
    );
    assert_eq!(v.board().len(), 72);
    assert_eq!(v.board().colour_sizes(), vec![24, 24, 24]);
    let c = |n: &str| v.board().coord(v.board().find(n).unwrap());
    // Column 1 upward 1-9, column 2 downward 10-19, ... column 7 upward 64-72.
    assert_eq!(c("2") - c("1"), Coord::new(0, 1));
    assert_eq!(c("11") - c("10"), Coord::new(0, -1));
    assert_eq!(c("10").a, c("9").a + 1);
    assert_eq!(c("72") - c("71"), Coord::new(0, 1));
    // The promotion cells of the text are the column tops (White) and bottoms (Black).
    for (top, bottom) in [
        ("9", "1"),
        ("10", "19"),
        ("30", "20"),
        ("31", "42"),
        ("53", "43"),
        ("54", "63"),
        ("72", "64"),
    ] {
        assert_eq!(
            v.board().at(c(top) + Coord::new(0, 1)),
            None,
            "{top} is a top"
        );
        assert_eq!(
            v.board().at(c(bottom) + Coord::new(0, -1)),
            None,
            "{bottom} is a bottom"
        );
        assert_eq!(mirror_of(&v, top), bottom);
    }
    // Mirror in the middle rank turns White's double-move area into Black's.
    let white = ["2", "17", "18", "22", "39", "40", "45", "61", "62", "65"];
    let black = ["8", "12", "11", "28", "34", "33", "51", "56", "55", "71"];
    for (w, b) in white.iter().zip(black) {
        assert_eq!(mirror_of(&v, w), b, "mirror of {w}");
    }
    // Castling lines: K42-63 with R64-43 lie on one orthogonal line (2 o'clock from 42).
    let step = c("63") - c("42");
    assert_eq!(c("64") - c("63"), Coord::new(step.a / 2, step.b / 2));
}

#[test]
fn dagger_ranks_named_by_letter() {
    let v = board(
        "board {\n cells pointy\n shape ranks 1 2 3 4 3 4 5 4 3 4 3 2 1\n names ranks a b c d e f g h j k l m n\n}",
        "a1",
    );
    assert_eq!(v.board().len(), 39);
    let c = |n: &str| v.board().coord(v.board().find(n).unwrap());
    // variants/dagger.hexv: a1 (0,0); b1 (-1,1) b2 (0,1); d1..d4 (-3..0, 3); g1..g5 (-5..-1, 6); n1 (-6,12).
    let origin = c("a1");
    for (name, (a, b)) in [
        ("b1", (-1, 1)),
        ("b2", (0, 1)),
        ("d1", (-3, 3)),
        ("d4", (0, 3)),
        ("g1", (-5, 6)),
        ("g5", (-1, 6)),
        ("n1", (-6, 12)),
    ] {
        assert_eq!(c(name) - origin, Coord::new(a, b), "{name}");
    }
    // Black's setup is White's turned 180 degrees: K a1 -> n1, R b1 b2 -> m2 m1, B c1 -> l3.
    assert_eq!(rotation_of(&v, "a1"), "n1");
    assert_eq!(rotation_of(&v, "b1"), "m2");
    assert_eq!(rotation_of(&v, "c1"), "l3");
    assert_eq!(rotation_of(&v, "d4"), "k1");
}

#[test]
fn hex_shogi_91_shogi_names() {
    let letters = "a b c d e f g h i j k";
    let v = board(
        &format!("board {{\n cells pointy\n shape hexagon 6\n names shogi {letters}\n}}"),
        "4j",
    );
    assert_eq!(v.board().len(), 91);
    let c = |n: &str| {
        v.board()
            .coord(v.board().find(n).unwrap_or_else(|| panic!("{n}")))
    };
    // Rank k (Black's side, bottom) holds files 6..1 from left to right, rank a files 11..6.
    for f in 1..=6 {
        assert!(v.board().find(&format!("{f}k")).is_some());
    }
    assert!(v.board().find("7k").is_none());
    for f in 6..=11 {
        assert!(v.board().find(&format!("{f}a")).is_some());
    }
    assert_eq!(
        c("5k") - c("6k"),
        Coord::new(1, 0),
        "numbers fall to the right"
    );
    // Rank j has 7 cells and the king's cell 4j is its middle.
    let rank_j: Vec<_> = (1..=7).map(|f| c(&format!("{f}j"))).collect();
    assert_eq!(rank_j.len(), 7);
    assert_eq!(
        c("4j").a * 2 + c("4j").b,
        (c("1j").a + c("7j").a) + c("4j").b
    );
    // Black's bishop 2j and White's 6b share the vertical diagonal (12 o'clock = (-1, 2)).
    let d = c("6b") - c("2j");
    assert_eq!(d, Coord::new(-4, 8));
    // White's setup is Black's mirrored in the middle rank: L 1k -> L 6a? No: the mirror
    // keeps the vertical line, so 1k (bottom right) maps to the top right cell 6a.
    assert_eq!(mirror_of(&v, "1k"), "6a");
    assert_eq!(mirror_of(&v, "6k"), "11a");
}

#[test]
fn hex_shogi_41_and_81_boards() {
    let v = board(
        "board {\n cells pointy\n shape ranks 5 4 5 4 5 4 5 4 5\n names shogi a b c d e f g h i\n}",
        "3i",
    );
    assert_eq!(v.board().len(), 41);
    let v = board_with(
        "board {\n cells pointy\n shape rhombus 9 x 9\n names shogi a b c d e f g h i\n}",
        "5i",
        "rotate",
    );
    assert_eq!(v.board().len(), 81);
    assert_eq!(v.board().colour_sizes().iter().sum::<usize>(), 81);
    assert!(v.board().find("1i").is_some() && v.board().find("9a").is_some());
}

#[test]
fn explicit_cells_and_removal() {
    let v = board(
        "board {\n cells flat\n cell x at (0, 0)\n cell y at (0, 1)\n cell z at (1, 0)\n}",
        "x",
    );
    assert_eq!(v.board().len(), 3);
    assert_eq!(v.board().colour_count(), 3);
    let v = board(
        "board {\n cells flat\n shape hexagon 2\n names list a b c d e f g\n remove d\n}",
        "a",
    );
    assert_eq!(v.board().len(), 6);
    assert!(v.board().find("d").is_none());
}

/// Brusky's board as The Chess Variant Pages describe it (Brusky's Hexagonal Chess,
/// https://www.chessvariants.com/rules/bruskyshexagonalchess): 8 horizontal ranks of 9, 10,
/// 11, 12, 12, 11, 10 and 9 cells; files lean left and are lettered a-l, a covering ranks 1-5,
/// b 1-6, c 1-7, d-i 1-8, j 2-8, k 3-8, l 4-8 (84 cells); the right-leaning line from a1 is
/// a1-b2-c3-d4-e5-f6-g7-h8. Ranks 4 and 5 are as long as each other, so they cannot be
/// centred: their left ends are given in half cells.
#[test]
fn brusky_ranks_starting_where_the_text_draws_them_with_left_leaning_files() {
    let block = "board {\n  cells pointy\n  shape ranks 9 10 11 12 12 11 10 9 starting 0 -1 -2 -3 -4 -3 -2 -1\n  names left-leaning a b c d e f g h i j k l\n}";
    let v = board_with(block, "f1", "rotate");
    let b = v.board();
    assert_eq!(b.len(), 84);
    let extent = |file: char| -> (u32, u32, usize) {
        let ranks: Vec<u32> = b
            .cells()
            .map(|c| b.name(c))
            .filter(|n| n.starts_with(file))
            .map(|n| n[1..].parse().unwrap())
            .collect();
        (
            *ranks.iter().min().unwrap(),
            *ranks.iter().max().unwrap(),
            ranks.len(),
        )
    };
    assert_eq!(extent('a'), (1, 5, 5));
    assert_eq!(extent('b'), (1, 6, 6));
    assert_eq!(extent('c'), (1, 7, 7));
    for f in ['d', 'e', 'f', 'g', 'h', 'i'] {
        assert_eq!(extent(f), (1, 8, 8), "file {f}");
    }
    assert_eq!(extent('j'), (2, 8, 7));
    assert_eq!(extent('k'), (3, 8, 6));
    assert_eq!(extent('l'), (4, 8, 5));
    // The lines through a1: left-leaning (11 o'clock) a2..a5, right-leaning (1 o'clock)
    // b2..h8, and the rank (3 o'clock) b1..i1.
    let line = |hour: u8| -> Vec<String> {
        let grid = b.grid;
        let mut at = b.coord(b.find("a1").unwrap());
        let mut out = Vec::new();
        loop {
            at = grid.king_step(at, hexv::geometry::Hour::new(hour).unwrap());
            match b.at(at) {
                Some(c) => out.push(b.name(c).to_string()),
                None => return out,
            }
        }
    };
    assert_eq!(line(11), ["a2", "a3", "a4", "a5"]);
    assert_eq!(line(1), ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    assert_eq!(line(3), ["b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]);
    // Turned 180 degrees the board is itself: a1 and l8 are opposite corners.
    assert_eq!(rotation_of(&v, "a1"), "l8");
    assert_eq!(rotation_of(&v, "i1"), "d8");
}

/// Columns given their bottoms in half cells draw any outline; Glinski's hexagon is one.
#[test]
fn columns_starting_draw_the_hexagon_too() {
    let starting = board(
        "board {\n  cells flat\n  shape columns 6 7 8 9 10 11 10 9 8 7 6 starting 5 4 3 2 1 0 1 2 3 4 5\n  names files a b c d e f g h i k l\n}",
        "f1",
    );
    let hexagon = board(
        "board {\n  cells flat\n  shape hexagon 6\n  names files a b c d e f g h i k l\n}",
        "f1",
    );
    let cells = |v: &Variant| -> Vec<(String, Coord)> {
        let b = v.board();
        let mut out: Vec<_> = b
            .cells()
            .map(|c| (b.name(c).to_string(), b.coord(c)))
            .collect();
        out.sort();
        out
    };
    let (a, b) = (cells(&starting), cells(&hexagon));
    // The same cells with the same names, up to a shift of the whole board.
    assert_eq!(a.len(), 91);
    let shift = |x: &[(String, Coord)], i: usize| x[i].1 - x[0].1;
    for i in 0..a.len() {
        assert_eq!(a[i].0, b[i].0);
        assert_eq!(shift(&a, i), shift(&b, i), "{}", a[i].0);
    }
}

#[test]
fn starts_that_do_not_fit_are_located() {
    let text = |shape: &str, names: &str| {
        format!("variant \"t\"\nboard {{\n  cells pointy\n  shape {shape}\n  names {names}\n}}\nsymmetry rotate\npiece King K {{\n royal\n step all\n}}\nsetup {{\n K a1\n}}\n")
    };
    let only = |t: &str| -> (String, String, String) {
        let d = check_text("b.hexv", t).diagnostics;
        assert_eq!(d.len(), 1, "{d:#?}");
        let l = &d[0].labels[0];
        (
            d[0].code.to_string(),
            d[0].message.clone(),
            t[l.span.start..l.span.end].to_string(),
        )
    };
    // Rank 3 cannot start a whole cell (two half cells) left of rank 2 and sit half a cell
    // beside it: its start must be odd.
    let t = text("ranks 3 4 5 starting 0 -1 -3", "left-leaning a b c d e");
    let (code, message, under) = only(&t);
    assert_eq!(code, "hexv::board::shape");
    assert_eq!(message, "rank 3 cannot start -3 half cells from the first");
    assert_eq!(under, "-3");
    let t = text("ranks 3 4 5 starting 0 -1", "left-leaning a b c d e");
    let (code, message, _) = only(&t);
    assert_eq!(code, "hexv::board::shape");
    assert_eq!(message, "3 ranks but 2 starts are given");
    // Five left-leaning files here, not four.
    let t = text("ranks 3 4 5 starting 0 -1 -2", "left-leaning a b c d");
    let (code, message, _) = only(&t);
    assert_eq!(code, "hexv::board::names");
    assert_eq!(
        message,
        "the board has 5 leaning files but 4 letters are given: they name the first 4 leaning files from the left; the 5th (1 cell) has none"
    );
    // Leaning files belong to pointy boards.
    let flat = t
        .replace("cells pointy", "cells flat")
        .replace("ranks 3 4 5 starting 0 -1 -2", "hexagon 2");
    let (code, _, under) = only(&flat);
    assert_eq!(code, "hexv::board::orientation");
    assert_eq!(under, "left-leaning a b c d");
}
