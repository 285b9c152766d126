//! Move-table truth: the compiled tables equal the slow reference walker on every cell, for
//! every piece and side of every shipped variant and valid fixture, on an empty board and with
//! blockers.

use hexv::compile::reference;
use hexv::geometry::board::CellId;
use hexv::variant::Side;

use crate::support::{load, movement_files, variant_files, Rng};

#[test]
fn tables_equal_reference_walker_on_every_cell() {
    let files = movement_files();
    assert!(!files.is_empty());
    for path in files {
        let (v, t) = load(&path);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for piece in v.piece_ids() {
            for side in Side::BOTH {
                for from in v.board().all_cells() {
                    let empty = |_: CellId| false;
                    assert_eq!(
                        t.destinations(piece, side, from, &empty),
                        reference::destinations(&v, piece, side, from, &empty),
                        "{} {} {:?} {}: empty board",
                        path.display(),
                        v.piece(piece).name,
                        side,
                        v.board().name(from)
                    );
                    for density in [3u64, 5, 8] {
                        let blocked: Vec<bool> = (0..v.board().total())
                            .map(|_| rng.next() % 10 < density)
                            .collect();
                        let occupied = |c: CellId| blocked[c.index()];
                        assert_eq!(
                            t.destinations(piece, side, from, &occupied),
                            reference::destinations(&v, piece, side, from, &occupied),
                            "{} {} {:?} {}: blockers {density}/10",
                            path.display(),
                            v.piece(piece).name,
                            side,
                            v.board().name(from)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn every_shipped_variant_checks_without_warnings() {
    for path in variant_files() {
        let file = hexv::source::SourceFile::read(&path).expect("readable");
        let checked = hexv::check::check(&file);
        assert!(
            checked.diagnostics.is_empty(),
            "{}: {:#?}",
            path.display(),
            checked.diagnostics
        );
    }
}
