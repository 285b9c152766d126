//! An ASCII diagram of every piece of every shipped variant from its most central cell,
//! snapshotted. Glinski's and McCooey's are reviewed against the Glinski text's drawings (same
//! pieces, same board); Koval's text lost its pictures, so its diagrams were reviewed
//! against the text's words ("orthogonal", "diagonal", "hippogonal" moves). Xiang Hex's
//! centre, e6, is a river cell: its General, Mandarin and Elephant, confined to the palace or
//! their side, have no move there, and its Cannon's captures over a screen land on cells it
//! also moves to, so they are drawn `o` like the moves.

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
            let labels = diagram::piece_labels(&v, &t, p, Side::White, centre, &[]);
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
