//! Move-table truth: the compiled tables equal the slow reference walker on every cell, for
//! every piece and side of every shipped variant and valid fixture, on an empty board and with
//! blockers.

use hexv::compile::{reference, Surroundings};
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
                            .map(|_| rng.next_u64() % 10 < density)
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

/// The conditions tested on the board (`when unmoved`, `unless enemy at ...`): the tables and
/// the walker agree on every cell with pieces of both sides around and the piece moved or
/// not (the walker finds the relative cells by walking their hours itself).
#[test]
fn tables_equal_reference_walker_under_conditions() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut guarded = 0;
    for path in movement_files() {
        let (v, t) = load(&path);
        for piece in v.piece_ids() {
            for side in Side::BOTH {
                for from in v.board().all_cells() {
                    for density in [2u64, 4, 7] {
                        let who: Vec<Option<Side>> = (0..v.board().total())
                            .map(|_| match rng.next_u64() % 10 {
                                r if r >= density => None,
                                r if r % 2 == 0 => Some(Side::WHITE),
                                _ => Some(Side::BLACK),
                            })
                            .collect();
                        let occupant = |c: CellId| who[c.index()];
                        for unmoved in [false, true] {
                            let s = Surroundings {
                                occupant: &occupant,
                                unmoved,
                            };
                            let tables = t.destinations_in(piece, side, from, &s);
                            let walker = reference::destinations_in(&v, piece, side, from, &s);
                            assert_eq!(
                                tables,
                                walker,
                                "{} {} {:?} {}: density {density}/10, unmoved {unmoved}",
                                path.display(),
                                v.piece(piece).name,
                                side,
                                v.board().name(from)
                            );
                        }
                    }
                    guarded += t
                        .entries(piece, side, from)
                        .iter()
                        .filter(|e| t.guard(e).is_some())
                        .count();
                }
            }
        }
    }
    assert!(guarded > 0, "no fixture has conditions tested on the board");
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

/// The runs of passed cells a move holds as a number: each resolves to the entry's passed
/// cells in cell order, the empty run is "none", and runs are numbered in the order of their
/// cells (so moves sort as they would with the cells themselves, which decides which of two
/// ways to one cell a move list keeps).
#[test]
fn passed_runs_resolve_and_are_numbered_in_cell_order() {
    let mut multi_cell_runs = 0;
    for path in movement_files() {
        let (v, t) = load(&path);
        let mut runs = std::collections::BTreeMap::new();
        for piece in v.piece_ids() {
            for side in Side::BOTH {
                for from in v.board().all_cells() {
                    for e in t.entries(piece, side, from) {
                        for k in 0..t.path(e).len() {
                            let mut cells = t.passed(e, k).to_vec();
                            cells.sort();
                            let run = t.passed_run(e, k);
                            assert_eq!(t.passed_cells(run), cells, "{}", path.display());
                            assert_eq!(run.is_none(), cells.is_empty(), "{}", path.display());
                            assert!(run.index() < t.passed_runs(), "{}", path.display());
                            multi_cell_runs += usize::from(cells.len() > 1);
                            runs.insert(run, cells);
                        }
                    }
                }
            }
        }
        let in_order: Vec<&Vec<CellId>> = runs.values().collect();
        assert!(
            in_order.windows(2).all(|w| w[0] < w[1]),
            "{}: runs numbered out of the order of their cells",
            path.display()
        );
    }
    assert!(multi_cell_runs > 0, "some run passes more than one cell");
}
