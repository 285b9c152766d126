//! An ASCII diagram of every piece of every shipped variant from its most central cell,
//! snapshotted. Glinski's and McCooey's are reviewed against the Glinski text's drawings (same
//! pieces, same board); Koval's text lost its pictures, so its diagrams were reviewed
//! against the text's words ("orthogonal", "diagonal", "hippogonal" moves). Xiang Hex's
//! centre, e6, is a river cell: its General, Mandarin and Elephant, confined to the palace or
//! their side, have no move there, and its Cannon's captures over a screen land on cells it
//! also moves to, so they are drawn `o` like the moves. Every drawing carries the board's
//! coordinates on its margins (docs/geometry.md, Drawings); they were reviewed against the
//! cell names on a drawing of each board with every cell named.

use hexv::render::{ascii, diagram};
use hexv::variant::Side;

use crate::support::{load, variant_files};

#[test]
fn every_piece_of_every_variant() {
    for path in variant_files() {
        let (v, t) = load(&path);
        // The cell nearest the middle of the board (doubled coordinates keep it integral).
        let n = v.board().len() as i64;
        let (sa, sb) = v.board().cells().fold((0i64, 0i64), |(a, b), c| {
            let p = v.board().coord(c);
            (a + p.a as i64, b + p.b as i64)
        });
        let centre = v
            .board()
            .cells()
            .min_by_key(|c| {
                let p = v.board().coord(*c);
                let (da, db) = (p.a as i64 * n - sa, p.b as i64 * n - sb);
                da * da + db * db + da * db
            })
            .expect("a cell");
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("variant")
            .to_string();
        for p in v.piece_ids() {
            let labels = diagram::piece_labels(&v, &t, p, Side::WHITE, centre, &[]);
            let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
            let name = format!(
                "{stem}-{}-{}",
                v.piece(p).name.to_lowercase(),
                v.board().name(centre)
            );
            insta::assert_snapshot!(name, text);
        }
    }
}

/// Pieces where their conditions, palaces and lame leaps show, each reviewed against its rule
/// text: Brusky's pawn on its start cell e2 (`+`: its steps and double steps along 11 and 1
/// o'clock, e3 f3 e4 g4, which an enemy on e3 or f3 takes away; `x`: its captures at 10 and 2
/// o'clock, d3 g3, and straight ahead, f4, from the start cell only) and off it on e4 (`o` e5
/// f5, `x` d5 g5); Xiang Hex's soldier before the river (e4: e5 only) and on it (e6: e7, d6
/// f6 at 10 and 2 o'clock, c5 g5 sideways), its general in the middle of its palace (e2: e1
/// e3 d1 d2 f1 f2), its elephant on c1 (a3, e5 and g1 on an empty board) with d3, the cell
/// between its two diagonal steps towards e5, occupied (`#`): a3 and g1 remain.
#[test]
fn conditions_palaces_and_lame_leaps() {
    for (file, key, at, blockers, name) in [
        (
            "variants/brusky.hexv",
            "P",
            "e2",
            "",
            "brusky-pawn-start-e2",
        ),
        ("variants/brusky.hexv", "P", "e4", "", "brusky-pawn-e4"),
        (
            "variants/xiang-hex.hexv",
            "S",
            "e4",
            "",
            "xiang-hex-soldier-home-e4",
        ),
        (
            "variants/xiang-hex.hexv",
            "S",
            "e6",
            "",
            "xiang-hex-soldier-river-e6",
        ),
        (
            "variants/xiang-hex.hexv",
            "G",
            "e2",
            "",
            "xiang-hex-general-palace-e2",
        ),
        (
            "variants/xiang-hex.hexv",
            "E",
            "c1",
            "d3",
            "xiang-hex-elephant-c1-eye-d3",
        ),
    ] {
        let (v, t) = load(file);
        let cell = |name: &str| crate::support::cell(&v, name);
        let blocked: Vec<_> = blockers.split_whitespace().map(cell).collect();
        let piece = crate::support::piece(&v, key);
        let labels = diagram::piece_labels(&v, &t, piece, Side::WHITE, cell(at), &blocked);
        let text = ascii::render(v.board(), &|c| labels.get(&c).cloned().unwrap_or_default());
        insta::assert_snapshot!(name, text);
    }
}
