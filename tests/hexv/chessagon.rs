//! Chessagon (`variants/chessagon.hexv`) against its rule text: Kerry Langford, "Chessagon",
//! The Chess Variant Pages (https://www.chessvariants.com/rules/chessagon), with the facts
//! recovered from the inventor's material (the official Chessagon rules site,
//! https://kanesga.gitlab.io/chessagon.pages.io/) and the triangle geometry (docs/geometry.md,
//! "Triangle cells"). Every expected value below was derived by hand from the geometry and the
//! texts, never read from hexv; the empty-board counts are in `tests/data/chessagon-counts.txt`
//! with their derivation.
//!
//! **The board by name.** A cell is `(f, l)`: file index `f` (a = 1, the vertical strips from
//! White's left) and level `l` (height of the centroid in half sides above White's corner).
//! Files a,h hold levels 4-12, b,g 3-13, c,f 2-14, d,e 1-15. With `x` counted in units of
//! `sqrt(3)/6` side from the vertical centre line (so the file lines are `x = 3k`, file
//! `f` lying between `3(f-5)` and `3(f-4)`) and `y` in half sides from the centre, a cell
//! pointing right (R, light) has its vertical side on the file's left line, corners
//! `(3k, y±1)` and apex `(3k+3, y)`, centroid `(3k+1, y)`; one pointing left (L, dark) has
//! corners `(3k+3, y±1)`, apex `(3k, y)`, centroid `(3k+2, y)`; `k = f - 5`, `y = l - 8`.
//! White's corner cell d1 is then L (corners (0,-8) (0,-6) (-3,-7)), and a cell is R exactly
//! when `f + l` is even. Reading off which triangles share a side or a corner gives the tools
//! used throughout (all are checked against hexv on every cell):
//!
//! - **King cells** (sharing a corner), from R `(f,l)`: faces `(f-1,l)` (the vertical side)
//!   `(f,l+1)` `(f,l-1)`; points (the triangle opposite at a corner) `(f+1,l)` (at the
//!   apex) `(f-1,l+2)` `(f-1,l-2)`; from L: faces `(f+1,l)` `(f,l±1)`, points `(f-1,l)`
//!   `(f+1,l±2)`; from both the six same-coloured lattice translates `(f,l±2)` `(f±1,l±1)`
//!   (the unit lattice steps are `(0,±2)` and `(±3,±1)` in `(x, y)`).
//! - **Rows** (strips between two neighbouring lattice lines, the Rook's "rows"): the file;
//!   the row at 2/8 o'clock, where walking from an R cell alternates "up across the sloping
//!   face" `(f,l+1)` and "right across the vertical face" `(f+1,l)`, so `l - f` alternates
//!   between `2m` and `2m+1`: index `A = floor((l-f)/2)`; the row at 4/10 o'clock, likewise
//!   `B = ceil((l+f)/2)`. Two rows of different families meet in a rhombus of two triangles,
//!   a cell and one face neighbour: each face neighbour lies on two of a cell's rows.
//! - **Duke lines** (centroids on one straight line, perpendicular to a family of lattice
//!   lines): the level (3-9 o'clock); the 1-7 line, whose direction `(x, y) = (1, 1)` takes
//!   R `(3k+1, y)` to L `(3k+2, y+1)` to R `(3k+4, y+3)`: R cells with `l - 3f = c`, L cells
//!   with `l - 3f = c + 1`; the 11-5 line, its mirror image: L cells with `l + 3f = c`, R
//!   cells with `l + 3f = c + 1`.
//! - **Knight ring**: the 12 opposite-coloured cells two king steps away (docs/geometry.md), three
//!   rows of four: each face of the cell is crossed by one row family, and beyond each face
//!   the ring's side is a run of four opposite-coloured cells in the row two rows further on
//!   (for R `(f,l)`, beyond its vertical face: file `f-2` at `l-3 l-1 l+1 l+3`).
//! - **Directions**: the centroid difference `(dx, dy)` lies at the clock angle
//!   `atan2(dx / sqrt 3, dy)`; the squared centroid distance is `(dx² + 3 dy²) / 12` sides²
//!   (face neighbour 4/12, point neighbour 16/12, same-colour neighbour 12/12; knight 28/12
//!   and 52/12, i.e. 7/3 and 13/3, worked out here from the coordinates below).

use std::collections::{BTreeMap, BTreeSet};

use hexv::compile::{Condition, Destinations, MoveTables};
use hexv::geometry::board::CellId;
use hexv::variant::{Mode, Score, Side, Variant};

use crate::support::{cell, empty_destinations, load, names, piece, root, set, Rng};

const CHESSAGON: &str = "variants/chessagon.hexv";
const COUNTS: &str = "tests/data/chessagon-counts.txt";

fn chessagon() -> (Variant, MoveTables) {
    load(CHESSAGON)
}

// ---------------------------------------------------------------------------------------
// The board by name, derived from the geometry (see the module comment)

/// A cell as (file index, a = 1; level).
type Fl = (i32, i32);

const FILES: &str = "abcdefgh";

/// The lowest level of a file (a,h 4; b,g 3; c,f 2; d,e 1); the highest is 16 minus it.
fn lowest_level(f: i32) -> Option<i32> {
    match f {
        1 | 8 => Some(4),
        2 | 7 => Some(3),
        3 | 6 => Some(2),
        4 | 5 => Some(1),
        _ => None,
    }
}

fn levels(f: i32) -> std::ops::RangeInclusive<i32> {
    let low = lowest_level(f).expect("a file a-h");
    low..=16 - low
}

fn on_board((f, l): Fl) -> bool {
    lowest_level(f).is_some_and(|low| (low..=16 - low).contains(&l))
}

fn fl(name: &str) -> Fl {
    let f = FILES.find(&name[..1]).expect("a file letter") as i32 + 1;
    (f, name[1..].parse().expect("a level"))
}

fn nm((f, l): Fl) -> String {
    format!("{}{}", &FILES[(f - 1) as usize..f as usize], l)
}

fn all_cells() -> Vec<Fl> {
    (1..=8)
        .flat_map(|f| levels(f).map(move |l| (f, l)))
        .collect()
}

/// Points right (light); pointing left is dark.
fn right((f, l): Fl) -> bool {
    (f + l).rem_euclid(2) == 0
}

/// The names of the cells that are on the board.
fn on(cells: impl IntoIterator<Item = Fl>) -> BTreeSet<String> {
    cells.into_iter().filter(|c| on_board(*c)).map(nm).collect()
}

/// Black's cell for White's: mirrored in the horizontal centre line.
fn mirror((f, l): Fl) -> Fl {
    (f, 16 - l)
}

fn mirror_names(cells: &BTreeSet<String>) -> BTreeSet<String> {
    cells.iter().map(|c| nm(mirror(fl(c)))).collect()
}

fn faces(c: Fl) -> [Fl; 3] {
    let (f, l) = c;
    if right(c) {
        [(f - 1, l), (f, l + 1), (f, l - 1)]
    } else {
        [(f + 1, l), (f, l + 1), (f, l - 1)]
    }
}

fn points(c: Fl) -> [Fl; 3] {
    let (f, l) = c;
    if right(c) {
        [(f + 1, l), (f - 1, l + 2), (f - 1, l - 2)]
    } else {
        [(f - 1, l), (f + 1, l + 2), (f + 1, l - 2)]
    }
}

fn same_colour((f, l): Fl) -> [Fl; 6] {
    [
        (f, l + 2),
        (f, l - 2),
        (f + 1, l + 1),
        (f + 1, l - 1),
        (f - 1, l + 1),
        (f - 1, l - 1),
    ]
}

fn king_cells(c: Fl) -> BTreeSet<String> {
    on(faces(c).into_iter().chain(points(c)).chain(same_colour(c)))
}

/// The three rows through a cell: file, 2-8 row, 4-10 row.
fn rows((f, l): Fl) -> [i32; 3] {
    [f, (l - f).div_euclid(2), (l + f + 1).div_euclid(2)]
}

/// The three Duke lines through a cell: level, 1-7 line, 11-5 line.
fn duke_lines(c: Fl) -> [i32; 3] {
    let (f, l) = c;
    if right(c) {
        [l, l - 3 * f, l + 3 * f - 1]
    } else {
        [l, l - 3 * f - 1, l + 3 * f]
    }
}

/// The knight ring, one row of four per face (file side first).
fn knight_ring(c: Fl) -> [[Fl; 4]; 3] {
    let (f, l) = c;
    if right(c) {
        [
            [
                (f - 2, l - 3),
                (f - 2, l - 1),
                (f - 2, l + 1),
                (f - 2, l + 3),
            ],
            [(f + 2, l - 1), (f + 1, l - 2), (f, l - 3), (f - 1, l - 4)],
            [(f + 2, l + 1), (f + 1, l + 2), (f, l + 3), (f - 1, l + 4)],
        ]
    } else {
        [
            [
                (f + 2, l - 3),
                (f + 2, l - 1),
                (f + 2, l + 1),
                (f + 2, l + 3),
            ],
            [(f - 2, l + 1), (f - 1, l + 2), (f, l + 3), (f + 1, l + 4)],
            [(f - 2, l - 1), (f - 1, l - 2), (f, l - 3), (f + 1, l - 4)],
        ]
    }
}

/// A White pawn's two push lines: [face push, the cell after it], [point push, the cell
/// after it]. From R the face push is at 1 o'clock and the point push at 11; from L the
/// other way round.
fn pawn_lines(c: Fl) -> [[Fl; 2]; 2] {
    let (f, l) = c;
    if right(c) {
        [
            [(f, l + 1), (f + 1, l + 3)],
            [(f - 1, l + 2), (f - 1, l + 3)],
        ]
    } else {
        [
            [(f, l + 1), (f - 1, l + 3)],
            [(f + 1, l + 2), (f + 1, l + 3)],
        ]
    }
}

/// A White pawn's captures: 12, 2 and 10 o'clock.
fn pawn_captures((f, l): Fl) -> [Fl; 3] {
    [(f, l + 2), (f + 1, l + 1), (f - 1, l + 1)]
}

/// Centroid: x in sqrt(3)/6 sides from the vertical centre line, y in half sides.
fn centroid(c: Fl) -> (i32, i32) {
    (3 * (c.0 - 5) + if right(c) { 1 } else { 2 }, c.1 - 8)
}

/// Twelve times the squared centroid distance, in sides².
fn distance12(a: Fl, b: Fl) -> i32 {
    let ((ax, ay), (bx, by)) = (centroid(a), centroid(b));
    let (dx, dy) = (bx - ax, by - ay);
    dx * dx + 3 * dy * dy
}

/// The clock hour (1-12, White's view) from `a`'s centroid to `b`'s; the direction must be
/// one of the twelve.
fn hour(a: Fl, b: Fl) -> u8 {
    let ((ax, ay), (bx, by)) = (centroid(a), centroid(b));
    let angle = (f64::from(bx - ax) / 3f64.sqrt())
        .atan2(f64::from(by - ay))
        .to_degrees();
    let h = (angle / 30.0).round();
    assert!(
        (angle - 30.0 * h).abs() < 1e-9,
        "{} -> {}: {angle}",
        nm(a),
        nm(b)
    );
    match (h as i32).rem_euclid(12) {
        0 => 12,
        h => h as u8,
    }
}

// ---------------------------------------------------------------------------------------
// Helpers on hexv

fn at(v: &Variant, c: CellId) -> Fl {
    fl(v.board().name(c))
}

/// Destinations of the entries without a condition (no castling, no multi-step).
fn plain(v: &Variant, t: &MoveTables, key: &str, side: Side, from: &str) -> BTreeSet<String> {
    names(
        v,
        t.entries(piece(v, key), side, cell(v, from))
            .iter()
            .filter(|e| e.when.is_none())
            .flat_map(|e| t.path(e).to_vec()),
    )
}

/// The landing paths of a piece's entries from a cell, as cells.
fn paths(v: &Variant, t: &MoveTables, key: &str, side: Side, from: &str) -> Vec<Vec<Fl>> {
    t.entries(piece(v, key), side, cell(v, from))
        .iter()
        .map(|e| t.path(e).iter().map(|c| at(v, *c)).collect())
        .collect()
}

// ---------------------------------------------------------------------------------------
// The counts file

#[test]
fn empty_board_counts_match_the_hand_derived_file() {
    let (v, t) = chessagon();
    let text = std::fs::read_to_string(root().join(COUNTS)).expect(COUNTS);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut lines = 0;
    for (n, line) in text.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        assert!(
            line.contains('#'),
            "line {}: every count says how it was derived",
            n + 1
        );
        let fields: Vec<&str> = body.split_whitespace().collect();
        let [key, from, count] = fields[..] else {
            panic!("line {}: `PIECE CELL COUNT`: {line}", n + 1);
        };
        let count: usize = count.parse().expect("a count");
        let white = empty_destinations(&v, &t, piece(&v, key), Side::WHITE, cell(&v, from));
        assert_eq!(white.len(), count, "{key} {from}: {white:?}");
        // Black is White mirrored in the horizontal centre line, destinations included.
        let black_from = nm(mirror(fl(from)));
        let black = empty_destinations(&v, &t, piece(&v, key), Side::BLACK, cell(&v, &black_from));
        assert_eq!(black, mirror_names(&white), "Black {key} {black_from}");
        *seen.entry(key.to_string()).or_default() += 1;
        lines += 1;
    }
    assert_eq!(lines, 85);
    for key in ["K", "Q", "D", "R", "B", "N", "P"] {
        assert!(
            seen.get(key).copied().unwrap_or(0) >= 3,
            "{key}: corner, edge, inner"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The board, the names, the colours, the setup

#[test]
fn board_has_96_named_triangles_48_of_each_colour() {
    let (v, _) = chessagon();
    let expected: BTreeSet<String> = all_cells().into_iter().map(nm).collect();
    assert_eq!(expected.len(), 96);
    let actual: BTreeSet<String> = v.board().names().iter().cloned().collect();
    assert_eq!(actual, expected);
    assert_eq!(v.board().len(), 96);
    assert_eq!(v.board().colour_sizes(), [48, 48]);
    for c in v.board().cells() {
        let x = at(&v, c);
        // `colours dark light`: class 0 is dark, the triangles pointing left.
        assert_eq!(v.board().colour(c) == 0, !right(x), "{}", nm(x));
    }
    assert_eq!(v.board().colour(cell(&v, "a4")), 0, "a4 points left: dark");
    assert_eq!(
        v.board().colour(cell(&v, "e1")),
        1,
        "e1 points right: light"
    );
}

#[test]
fn names_follow_the_geometry_of_hexvs_coordinates() {
    // docs/geometry.md: tripled barycentric coordinates (X, Y, Z), centroid (X e1 + Y e2) / 3 with
    // e1 at 30 degrees up-right and e2 straight up: the centroid's x is X sqrt(3)/6 (our
    // units: x = X), its height (X + 2Y) / 6 sides, i.e. (X + 2Y) / 3 half sides. R cells have
    // X = 1 (mod 3). The board is max(|X|, |Y|, |Z|) <= 11.
    let (v, _) = chessagon();
    let cells: Vec<(Fl, i32, i32)> = v
        .board()
        .cells()
        .map(|c| {
            let k = v.board().coord(c);
            (at(&v, c), k.a, k.b)
        })
        .collect();
    for &(c, x, y) in &cells {
        let z = -x - y;
        assert!(x.abs().max(y.abs()).max(z.abs()) <= 11, "{}", nm(c));
        assert_eq!(
            x.div_euclid(3) + 5,
            c.0,
            "{}: the file is the vertical strip",
            nm(c)
        );
        assert_eq!(
            (x + 2 * y) / 3 + 8,
            c.1,
            "{}: the level is the height",
            nm(c)
        );
        assert_eq!(x.rem_euclid(3) == 1, right(c), "{}: points right", nm(c));
        assert_eq!(centroid(c), (x, (x + 2 * y) / 3), "{}", nm(c));
    }
    // Distances: (dX² + dY² + dZ²) / 18 sides² (in tripled barycentric coordinates) equals ours, (dx² + 3dy²) / 12.
    for &(a, ax, ay) in &cells {
        for &(b, bx, by) in &cells {
            let (dx, dy) = (bx - ax, by - ay);
            let dz = -dx - dy;
            assert_eq!(2 * (dx * dx + dy * dy + dz * dz), 3 * distance12(a, b));
        }
    }
}

#[test]
fn setup_is_the_recovered_one_and_black_mirrors_white() {
    let (v, _) = chessagon();
    let setup = |side: Side| -> BTreeSet<String> {
        v.setup(side)
            .iter()
            .map(|(p, c)| format!("{}{}", v.piece(*p).symbol, v.board().name(*c)))
            .collect()
    };
    let white = set("Ke1 Qd1 Dd2 De2 Bc2 Bf2 Nc3 Nf3 Rb3 Rg3 \
         Pd3 Pe3 Pa4 Pb4 Pc4 Pd4 Pe4 Pf4 Pg4 Ph4 Pb5 Pc5 Pf5 Pg5");
    let black = set("Ke15 Qd15 Dd14 De14 Bc14 Bf14 Nc13 Nf13 Rb13 Rg13 \
         Pd13 Pe13 Pa12 Pb12 Pc12 Pd12 Pe12 Pf12 Pg12 Ph12 Pb11 Pc11 Pf11 Pg11");
    assert_eq!(setup(Side::WHITE), white);
    assert_eq!(setup(Side::BLACK), black);
    // 24 men a side: 48 pieces on 96 cells, the text's 1:2 ratio.
    assert_eq!((white.len(), black.len()), (24, 24));
    // Black's setup is White's mirrored: level h -> 16 - h, same file.
    let mirrored: BTreeSet<String> = white
        .iter()
        .map(|s| format!("{}{}", &s[..1], nm(mirror(fl(&s[1..])))))
        .collect();
    assert_eq!(mirrored, black);
    // "both the white Queen and the black Queen begin on a dark space" (pointing left).
    for q in ["d1", "d15"] {
        assert!(!right(fl(q)));
        assert_eq!(v.board().colour(cell(&v, q)), 0, "{q} is dark");
    }
    // "Each player gets a dark space and a light space Bishop."
    for side in Side::BOTH {
        let colours: BTreeSet<u8> = v
            .setup(side)
            .iter()
            .filter(|(p, _)| v.piece(*p).symbol == "B")
            .map(|(_, c)| v.board().colour(*c))
            .collect();
        assert_eq!(colours, BTreeSet::from([0, 1]), "{side:?}");
    }
    assert!(!right(fl("c2")) && right(fl("f2")));
}

#[test]
fn game_end_follows_the_text_and_chess_conventions() {
    // "The object of the game is to maneuver the pieces in such a way that the opponent's
    // King becomes trapped and cannot escape. This is called checkmate." Stalemate,
    // repetition and the fifty-move rule are not in the text: the variant file's comment says it uses the
    // chess conventions (and the variant file says so in a note).
    let (v, _) = chessagon();
    assert!(v.rules().checkmate_wins);
    assert_eq!(v.rules().stalemate, Score::DRAW);
    assert_eq!(v.rules().stalemate_with, None);
    assert!(!v.rules().captures_to_hand);
    assert_eq!(v.rules().repetition, Some((3, Score::DRAW)));
    let limit = v.rules().move_limit.clone().expect("a fifty-move rule");
    assert_eq!((limit.moves, limit.score), (50, Score::DRAW));
    assert_eq!(limit.reset_by, [piece(&v, "P")]);
    assert!(v
        .meta()
        .notes
        .iter()
        .any(|n| n.contains("chess conventions")));
}

// ---------------------------------------------------------------------------------------
// King

#[test]
fn king_reaches_the_twelve_cells_sharing_a_corner() {
    let (v, t) = chessagon();
    for c in all_cells() {
        assert_eq!(
            plain(&v, &t, "K", Side::WHITE, &nm(c)),
            king_cells(c),
            "{}",
            nm(c)
        );
    }
    // From an inner cell (d8 R, e8 L): 3 faces, 3 points, 6 same-coloured, all opposite
    // colour but the six, at the distances of a face, a point and a lattice step.
    for from in ["d8", "e8", "c6", "b8"] {
        let c = fl(from);
        let k = plain(&v, &t, "K", Side::WHITE, from);
        assert_eq!(k.len(), 12, "{from}");
        let kinds: [(&[Fl], i32, bool); 3] = [
            (&faces(c), 4, false),
            (&points(c), 16, false),
            (&same_colour(c), 12, true),
        ];
        for (cells, d12, same) in kinds {
            for x in cells {
                assert!(k.contains(&nm(*x)), "{from}: {}", nm(*x));
                assert_eq!(distance12(c, *x), d12, "{from} -> {}", nm(*x));
                assert_eq!(
                    v.board().colour(cell(&v, &nm(*x))) == v.board().colour(cell(&v, from)),
                    same,
                    "{from} -> {}",
                    nm(*x)
                );
            }
        }
        // One at each hour: odd hours face or point, even hours the same-coloured cells.
        let hours: BTreeSet<u8> = k.iter().map(|x| hour(c, fl(x))).collect();
        assert_eq!(hours.len(), 12, "{from}");
        for x in same_colour(c) {
            assert_eq!(hour(c, x) % 2, 0);
        }
    }
    // "Essentially the King can move one space like a Rook, Duke, or Bishop": the first
    // cells of their rays.
    for c in all_cells() {
        let firsts: BTreeSet<String> = ["R", "D", "B"]
            .iter()
            .flat_map(|k| paths(&v, &t, k, Side::WHITE, &nm(c)))
            .filter_map(|p| p.first().copied())
            .map(nm)
            .collect();
        assert_eq!(firsts, king_cells(c), "{}", nm(c));
    }
}

// ---------------------------------------------------------------------------------------
// Rook, Bishop, Duke, Queen

#[test]
fn rook_walks_the_three_rows_face_to_face() {
    let (v, t) = chessagon();
    for c in all_cells() {
        let expected = on(all_cells()
            .into_iter()
            .filter(|x| *x != c && rows(*x).iter().zip(rows(c)).any(|(a, b)| *a == b)));
        assert_eq!(
            empty_destinations(&v, &t, piece(&v, "R"), Side::WHITE, cell(&v, &nm(c))),
            expected,
            "{}",
            nm(c)
        );
        let rays = paths(&v, &t, "R", Side::WHITE, &nm(c));
        // The six directions start with only the three face neighbours, each twice.
        let mut firsts: BTreeMap<Fl, usize> = BTreeMap::new();
        for p in &rays {
            *firsts.entry(p[0]).or_default() += 1;
        }
        assert_eq!(on(firsts.keys().copied()), on(faces(c)), "{}", nm(c));
        for p in &rays {
            let mut prev = c;
            for x in p {
                // Every step crosses a side: colours alternate along the row.
                assert!(faces(prev).contains(x), "{} ray {p:?}", nm(c));
                assert_ne!(right(prev), right(*x));
                prev = *x;
            }
            // A ray stays in one row, and its same-coloured cells lie at one even hour.
            assert!(
                (0..3).any(|i| p.iter().all(|x| rows(*x)[i] == rows(c)[i])),
                "{} ray {p:?}",
                nm(c)
            );
            let hours: BTreeSet<u8> = p.iter().skip(1).step_by(2).map(|x| hour(c, *x)).collect();
            assert!(
                hours.len() <= 1 && hours.iter().all(|h| h % 2 == 0),
                "{hours:?}"
            );
        }
    }
    let d8 = paths(&v, &t, "R", Side::WHITE, "d8");
    assert_eq!(d8.len(), 6);
    let firsts: BTreeSet<String> = d8.iter().map(|p| nm(p[0])).collect();
    assert_eq!(firsts, set("c8 d9 d7"));
    // Up the file: d9 (L) d10 (R) d11 (L) ...
    let up: Vec<String> = d8
        .iter()
        .find(|p| p.len() == 7 && p[0] == (4, 9))
        .expect("the file upward")
        .iter()
        .map(|x| nm(*x))
        .collect();
    assert_eq!(up, ["d9", "d10", "d11", "d12", "d13", "d14", "d15"]);
}

#[test]
fn bishop_keeps_its_colour_and_reaches_every_same_coloured_cell_of_its_rows() {
    let (v, t) = chessagon();
    for c in all_cells() {
        let expected = on(all_cells().into_iter().filter(|x| {
            *x != c && right(*x) == right(c) && rows(*x).iter().zip(rows(c)).any(|(a, b)| *a == b)
        }));
        let from = cell(&v, &nm(c));
        let got = empty_destinations(&v, &t, piece(&v, "B"), Side::WHITE, from);
        assert_eq!(got, expected, "{}", nm(c));
        // Never changes colour; each step is one same-coloured lattice translate (points
        // adjacent), at an even hour.
        for p in paths(&v, &t, "B", Side::WHITE, &nm(c)) {
            let mut prev = c;
            for x in p {
                assert!(same_colour(prev).contains(&x));
                assert_eq!(hour(c, x) % 2, 0);
                prev = x;
            }
        }
        // On an empty board its cells are Rook cells (the same rows).
        let rook = empty_destinations(&v, &t, piece(&v, "R"), Side::WHITE, from);
        assert!(got.is_subset(&rook));
    }
}

// The Bishop passing pieces on the other colour but not on its own: chessagon.rules,
// `bishop.passes`.

#[test]
fn duke_lines_alternate_face_and_point_and_colours() {
    let (v, t) = chessagon();
    for c in all_cells() {
        let expected = on(all_cells().into_iter().filter(|x| {
            *x != c
                && duke_lines(*x)
                    .iter()
                    .zip(duke_lines(c))
                    .any(|(a, b)| *a == b)
        }));
        assert_eq!(
            empty_destinations(&v, &t, piece(&v, "D"), Side::WHITE, cell(&v, &nm(c))),
            expected,
            "{}",
            nm(c)
        );
        for p in paths(&v, &t, "D", Side::WHITE, &nm(c)) {
            let h = hour(c, p[0]);
            assert_eq!(h % 2, 1, "odd hours");
            let mut prev = c;
            let mut kinds = Vec::new();
            for x in &p {
                assert_ne!(right(prev), right(*x), "colours alternate");
                assert_eq!(hour(c, *x), h, "all centroids on one line");
                kinds.push(if faces(prev).contains(x) {
                    'f'
                } else {
                    assert!(points(prev).contains(x), "{} -> {}", nm(prev), nm(*x));
                    'p'
                });
                prev = *x;
            }
            assert!(kinds.windows(2).all(|w| w[0] != w[1]), "{kinds:?}");
        }
    }
    // "face-to-face then point-to-point": from d8 (R) at 1 o'clock, d9 across a face, e11
    // across a point, e12, f14.
    let one: Vec<Vec<String>> = paths(&v, &t, "D", Side::WHITE, "d8")
        .into_iter()
        .map(|p| p.into_iter().map(nm).collect())
        .collect();
    assert!(one.contains(&vec!["d9".into(), "e11".into(), "e12".into(), "f14".into()]));
    assert!(one.contains(&vec!["e8".into(), "f8".into(), "g8".into(), "h8".into()]));
    // "It can reach any space on the board" (unlike the colour-bound Bishop): moving on an
    // empty board, from d1 it reaches all 96 cells.
    let mut seen = set("d1");
    let mut todo = vec!["d1".to_string()];
    while let Some(x) = todo.pop() {
        for y in empty_destinations(&v, &t, piece(&v, "D"), Side::WHITE, cell(&v, &x)) {
            if seen.insert(y.clone()) {
                todo.push(y);
            }
        }
    }
    assert_eq!(seen.len(), 96);
}

#[test]
fn queen_is_rook_duke_and_bishop_from_every_cell() {
    let (v, t) = chessagon();
    let [q, r, d, b] = ["Q", "R", "D", "B"].map(|k| piece(&v, k));
    let mut rng = Rng(0x00C4_E55A_60F0_0D01);
    for from in v.board().cells() {
        for side in Side::BOTH {
            for density in [0u64, 2, 4, 7] {
                let blocked: Vec<bool> = (0..v.board().total())
                    .map(|_| rng.next_u64() % 10 < density)
                    .collect();
                let occupied = |c: CellId| blocked[c.index()];
                let mut union: Destinations = BTreeMap::new();
                for p in [r, d, b] {
                    for (k, (m, c)) in t.destinations(p, side, from, &occupied) {
                        let e = union.entry(k).or_insert((false, false));
                        e.0 |= m;
                        e.1 |= c;
                    }
                }
                assert_eq!(
                    t.destinations(q, side, from, &occupied),
                    union,
                    "{} {side:?} density {density}",
                    v.board().name(from)
                );
            }
        }
        // On an empty board: Queen = Rook + Duke - the face neighbours they share.
        let c = at(&v, from);
        let count = |p| t.empty_board_destinations(p, Side::WHITE, from).len();
        assert_eq!(count(q), count(r) + count(d) - on(faces(c)).len());
    }
    // 18 rays from an inner cell: 6 of each.
    assert_eq!(t.entries(q, Side::WHITE, cell(&v, "d8")).len(), 18);
}

// ---------------------------------------------------------------------------------------
// Knight

#[test]
fn knight_jumps_to_the_triangular_ring_of_twelve() {
    let (v, t) = chessagon();
    let king = |x: Fl| plain(&v, &t, "K", Side::WHITE, &nm(x));
    for c in all_cells() {
        let ring = on(knight_ring(c).into_iter().flatten());
        let got = empty_destinations(&v, &t, piece(&v, "N"), Side::WHITE, cell(&v, &nm(c)));
        assert_eq!(got, ring, "{}", nm(c));
        // Exactly the opposite-coloured cells two king steps away (king moves on the board).
        let k1 = king(c);
        let mut k2: BTreeSet<String> = k1.iter().flat_map(|x| king(fl(x))).collect();
        k2.retain(|x| !k1.contains(x) && *x != nm(c));
        k2.retain(|x| right(fl(x)) != right(c));
        assert_eq!(got, k2, "{}", nm(c));
    }
    // From inner cells where the whole ring is on the board.
    let full: Vec<Fl> = all_cells()
        .into_iter()
        .filter(|c| knight_ring(*c).iter().flatten().all(|x| on_board(*x)))
        .collect();
    assert!(full.contains(&fl("d8")) && full.contains(&fl("e8")) && full.len() >= 20);
    for c in full {
        let got = empty_destinations(&v, &t, piece(&v, "N"), Side::WHITE, cell(&v, &nm(c)));
        assert_eq!(got.len(), 12, "{}", nm(c));
        let ring: Vec<Fl> = got.iter().map(|x| fl(x)).collect();
        // All of the opposite colour; none shares a corner with the cell; six at sqrt(7/3)
        // and six at sqrt(13/3) sides.
        assert!(ring.iter().all(|x| right(*x) != right(c)));
        assert!(ring.iter().all(|x| !king_cells(c).contains(&nm(*x))));
        let mut d: BTreeMap<i32, usize> = BTreeMap::new();
        for x in &ring {
            *d.entry(distance12(c, *x)).or_default() += 1;
        }
        assert_eq!(d, BTreeMap::from([(28, 6), (52, 6)]), "{}", nm(c));
        // The ring is a triangle, four cells a side: for each face of the cell, the one row
        // family that face crosses (the face neighbour differs from the cell in that row
        // only) holds four ring cells in the row two beyond the face, one lattice step
        // apart; the three sides share no cell.
        let mut sides = BTreeSet::new();
        for x in faces(c) {
            let (rc, rx) = (rows(c), rows(x));
            let fam: Vec<usize> = (0..3).filter(|i| rc[*i] != rx[*i]).collect();
            assert_eq!(fam.len(), 1, "{} face {}", nm(c), nm(x));
            let i = fam[0];
            assert_eq!((rx[i] - rc[i]).abs(), 1);
            let beyond = rc[i] + 2 * (rx[i] - rc[i]);
            let side: Vec<Fl> = ring
                .iter()
                .copied()
                .filter(|y| rows(*y)[i] == beyond)
                .collect();
            assert_eq!(side.len(), 4, "{} beyond {}", nm(c), nm(x));
            let steps = side
                .iter()
                .flat_map(|a| side.iter().map(move |b| (*a, *b)))
                .filter(|(a, b)| same_colour(*a).contains(b))
                .count();
            assert_eq!(steps, 2 * 3, "{}: a run of four", nm(c));
            sides.extend(side);
        }
        assert_eq!(sides.len(), 12, "{}", nm(c));
    }
    // The text's count and the brief's example.
    assert_eq!(
        empty_destinations(&v, &t, piece(&v, "N"), Side::WHITE, cell(&v, "d8")),
        set("b5 b7 b9 b11 c4 d5 e6 f7 c12 d11 e10 f9")
    );
}

#[test]
fn knight_can_attack_a_queen_from_beyond_her_reach() {
    // "The Knight is the only piece that can position itself beyond the reach and threat of
    // a Queen, but still capture the Queen." Of the ring, the two middle cells of each side
    // (distance sqrt(7/3)) lie on the cell's rows - e.g. for R (f,l) the file side's
    // (f-2,l-1) has A = (l-f)/2 and (f-2,l+1) has B = (l+f)/2 - so a Queen there attacks
    // the Knight as a Rook; the two ends of each side (sqrt(13/3)) share no row and no Duke
    // line with the cell, so a Queen there cannot reply.
    let (v, t) = chessagon();
    let q = piece(&v, "Q");
    for c in all_cells() {
        let from = cell(&v, &nm(c));
        let queen = empty_destinations(&v, &t, q, Side::WHITE, from);
        let rook = empty_destinations(&v, &t, piece(&v, "R"), Side::WHITE, from);
        for x in on(knight_ring(c).into_iter().flatten()) {
            let near = distance12(c, fl(&x)) == 28;
            assert_eq!(queen.contains(&x), near, "{} {x}", nm(c));
            assert_eq!(rook.contains(&x), near, "{} {x}", nm(c));
            // And the other way round: the Queen's cell sees the Knight's alike.
            let back = empty_destinations(&v, &t, q, Side::WHITE, cell(&v, &x));
            assert_eq!(back.contains(&nm(c)), near, "{x} {}", nm(c));
        }
    }
    // On the board (the White Knight on d8 and the Black Queen on b5 or b7): chessagon.rules,
    // `knight.queen`.
}

// ---------------------------------------------------------------------------------------
// Pawn

#[test]
fn pawn_pushes_at_11_and_1_and_captures_at_10_12_2() {
    let (v, t) = chessagon();
    let pawn = piece(&v, "P");
    let starts: BTreeSet<CellId> = v
        .setup(Side::WHITE)
        .iter()
        .filter(|(p, _)| *p == pawn)
        .map(|(_, c)| *c)
        .collect();
    for side in Side::BOTH {
        for c in all_cells() {
            // Black's pawn on `c` moves as White's on the mirrored cell, mirrored.
            let w = if side == Side::WHITE { c } else { mirror(c) };
            let back = |x: Fl| if side == Side::WHITE { x } else { mirror(x) };
            let mut pushes = BTreeSet::new();
            let mut captures = BTreeSet::new();
            let mut multi = BTreeSet::new();
            for e in t.entries(pawn, side, cell(&v, &nm(c))) {
                let p: Vec<Fl> = t.path(e).iter().map(|x| at(&v, *x)).collect();
                match (e.when, e.mode) {
                    (None, Mode::MOVE_ONLY) => pushes.extend(p),
                    (None, Mode::CAPTURE_ONLY) => captures.extend(p),
                    (Some(Condition::UnmovedMultiStep), Mode::MOVE_ONLY) => {
                        multi.insert(p);
                    }
                    other => panic!("{}: pawn entry {other:?}", nm(c)),
                }
            }
            let lines = pawn_lines(w);
            assert_eq!(
                on(pushes.iter().copied()),
                on(lines.iter().map(|l| back(l[0]))),
                "{side:?} {}",
                nm(c)
            );
            assert_eq!(
                on(captures.iter().copied()),
                on(pawn_captures(w).map(back)),
                "{side:?} {}",
                nm(c)
            );
            let start = starts.contains(&cell(&v, &nm(w)));
            if start {
                // Two Duke steps along each line that stays on the board.
                let doubles: BTreeSet<Vec<Fl>> =
                    multi.iter().filter(|p| p.len() == 2).cloned().collect();
                let expected: BTreeSet<Vec<Fl>> = lines
                    .iter()
                    .filter(|l| l.iter().all(|x| on_board(back(*x))))
                    .map(|l| l.iter().map(|x| back(*x)).collect())
                    .collect();
                assert_eq!(doubles, expected, "{side:?} {}", nm(c));
                assert!(multi
                    .iter()
                    .all(|p| p.len() <= 2
                        && on(lines.iter().map(|l| back(l[0]))).contains(&nm(p[0]))));
            } else {
                assert!(multi.is_empty(), "{side:?} {}: not a start cell", nm(c));
            }
        }
    }
    // d8 (R) and e8 (L), inner cells: one push across a face, one across a point, at 1 and
    // 11 o'clock, opposite colour; three captures at 10, 12, 2, same colour.
    for (from, face, point) in [("d8", "d9", "c10"), ("e8", "e9", "f10")] {
        let c = fl(from);
        assert!(faces(c).contains(&fl(face)) && points(c).contains(&fl(point)));
        let mut hours = BTreeMap::new();
        for e in t.entries(pawn, Side::WHITE, cell(&v, from)) {
            let p = t.path(e);
            assert_eq!(p.len(), 1);
            let x = at(&v, p[0]);
            let same = right(x) == right(c);
            assert_eq!(e.mode == Mode::CAPTURE_ONLY, same, "{from} -> {}", nm(x));
            hours.insert(hour(c, x), (nm(x), e.mode));
        }
        let h = |n: &str, m| (n.to_string(), m);
        let face_hour = if right(c) { 1 } else { 11 };
        assert_eq!(hours[&face_hour], h(face, Mode::MOVE_ONLY));
        assert_eq!(hours[&(12 - face_hour)], h(point, Mode::MOVE_ONLY));
        assert_eq!(
            hours.keys().copied().collect::<Vec<_>>(),
            [1, 2, 10, 11, 12]
        );
        for k in [10, 12, 2] {
            assert_eq!(hours[&k].1, Mode::CAPTURE_ONLY);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Promotion and castling: the geometry behind the rule cases
//
// The pawn, promotion and castling cases are data: `tests/data/rules/chessagon.rules`. These
// tests check the geometry facts of the module comment that those cases rest on (nothing here
// asks hexv).

/// The promotion cells (the far-edge zone) are the last cell of every file, the cells with a
/// side on the two edges that meet at the opponent's corner, and Black's are White's mirrored.
#[test]
fn promotion_cells_are_the_last_cell_of_every_file() {
    let white = set("a12 b13 c14 d15 e15 f14 g13 h12");
    let black = set("a4 b3 c2 d1 e1 f2 g3 h4");
    assert_eq!(on((1..=8).map(|f| (f, *levels(f).end()))), white);
    assert_eq!(on((1..=8).map(|f| (f, *levels(f).start()))), black);
    assert_eq!(mirror_names(&white), black);
}

/// The castling cells: e1 e2 f2 f3 g3 is the 2 o'clock row of e1, e1 d1 d2 c2 c3 b3 its 10
/// o'clock row (each cell a face neighbour of the one before, all on e1's row of that
/// family); no castling lands on a king cell of e1. The Black knights of the castling-check
/// cases each hold exactly one castling cell in their ring.
#[test]
fn castling_cells_lie_on_the_kings_rows_and_the_knights_rings() {
    for (row, hour_of_row) in [("e2 f2 f3 g3", 2), ("d1 d2 c2 c3 b3", 10)] {
        let cells: Vec<Fl> = row.split_whitespace().map(fl).collect();
        let mut prev = fl("e1");
        for x in &cells {
            assert!(faces(prev).contains(x), "{} {}", nm(prev), nm(*x));
            prev = *x;
        }
        let i = if hour_of_row == 2 { 1 } else { 2 };
        assert!(cells.iter().all(|x| rows(*x)[i] == rows(fl("e1"))[i]));
    }
    // Two are further than a king step and none lands on a king cell.
    for to in ["f3", "c3", "g3", "c2"] {
        assert!(!king_cells(fl("e1")).contains(to));
    }
    let castling_cells = set("e1 e2 f2 f3 g3 d1 d2 c2 c3");
    for (knight, attacked) in [
        ("c4", "e1"),
        ("g5", "e2"),
        ("f5", "f2"),
        ("h6", "f3"),
        ("g6", "g3"),
        ("f4", "d1"),
        ("b5", "d2"),
        ("d6", "c2"),
        ("b7", "c3"),
    ] {
        let ring = on(knight_ring(fl(knight)).into_iter().flatten());
        assert_eq!(
            ring.intersection(&castling_cells)
                .cloned()
                .collect::<BTreeSet<_>>(),
            set(attacked),
            "{knight}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The CLI (the start's 50 moves: chessagon.rules, `start`)

/// The format of a JSON value: the path of every object key, with the sides and cells
/// under `moves` (data, not format) written `<side>` and `<cell>`.
fn shape(value: &serde_json::Value) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, at: &str, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, x) in map {
                    let k = if at.ends_with(".moves") {
                        "<side>"
                    } else if at.ends_with(".<side>") {
                        "<cell>"
                    } else {
                        k.as_str()
                    };
                    let path = format!("{at}.{k}");
                    out.insert(path.clone());
                    walk(x, &path, out);
                }
            }
            serde_json::Value::Array(items) => {
                for x in items {
                    walk(x, &format!("{at}[]"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(value, "", &mut out);
    out
}

#[test]
fn table_json_works_and_has_the_hex_boards_format() {
    let (code, stdout, stderr) = crate::cli::run(&["table", CHESSAGON, "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    assert_eq!(json["format"], "hexv-tables-2");
    assert_eq!(json["variant"], "Chessagon");
    let cells: Vec<String> = json["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| c.as_str().expect("a name").to_string())
        .collect();
    // 96 cells, file by file, each from its lowest level up (as Glinski's a1 a2 ...).
    assert_eq!(cells, all_cells().into_iter().map(nm).collect::<Vec<_>>());
    let pieces = json["pieces"].as_array().expect("pieces");
    let symbols: Vec<&str> = pieces
        .iter()
        .map(|p| p["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(symbols, ["K", "Q", "D", "R", "B", "N", "P"]);
    let entries = |key: &str, side: &str, from: &str| -> Vec<serde_json::Value> {
        pieces.iter().find(|p| p["symbol"] == key).unwrap()["moves"][side][from]
            .as_array()
            .unwrap_or_else(|| panic!("{key} {side} {from}"))
            .clone()
    };
    let path = |e: &serde_json::Value| -> Vec<String> {
        e["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    // Every piece has entries for both sides on every cell (a list, maybe empty).
    for p in pieces {
        for side in ["white", "black"] {
            assert_eq!(p["moves"][side].as_object().unwrap().len(), 96);
        }
    }
    // The Rook on d8: six paths, up the file d9..d15, each moving and capturing.
    let rook = entries("R", "white", "d8");
    assert_eq!(rook.len(), 6);
    let up = rook
        .iter()
        .find(|e| path(e).len() == 7 && e["path"][0] == "d9")
        .unwrap();
    assert_eq!(path(up), ["d9", "d10", "d11", "d12", "d13", "d14", "d15"]);
    assert_eq!(
        (up["move"].as_bool(), up["capture"].as_bool()),
        (Some(true), Some(true))
    );
    assert!(up.get("when").is_none());
    // The pawn's double steps from d4 and the king's castlings.
    let doubles: BTreeSet<Vec<String>> = entries("P", "white", "d4")
        .iter()
        .filter(|e| e["when"] == "unmoved-multi-step" && path(e).len() == 2)
        .map(path)
        .collect();
    assert_eq!(
        doubles,
        BTreeSet::from([
            vec!["d5".to_string(), "e7".to_string()],
            vec!["c6".to_string(), "c7".to_string()]
        ])
    );
    let castles: BTreeSet<String> = entries("K", "white", "e1")
        .iter()
        .filter(|e| e["when"] == "castling")
        .flat_map(path)
        .collect();
    assert_eq!(castles, set("f3 c3 g3 c2"));
    let black_castles: BTreeSet<String> = entries("K", "black", "e15")
        .iter()
        .filter(|e| e["when"] == "castling")
        .flat_map(path)
        .collect();
    assert_eq!(black_castles, set("f13 c13 g13 c14"));
    // The move tables have the same shape as a hex board's (the other keys of the format
    // carry each variant's own zones, rules and triangle orientations).
    let (code, glinski, _) =
        crate::cli::run(&["table", "variants/glinski.hexv", "--format", "json"]);
    assert_eq!(code, 0);
    let glinski: serde_json::Value = serde_json::from_str(&glinski).unwrap();
    assert_eq!(shape(&move_tables(&json)), shape(&move_tables(&glinski)));
}

/// The keys of the JSON format that hold the move tables: the variant's name, the cells, and
/// each piece's symbol, name and moves.
fn move_tables(json: &serde_json::Value) -> serde_json::Value {
    let pieces: Vec<serde_json::Value> = json["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| serde_json::json!({"symbol": p["symbol"], "name": p["name"], "moves": p["moves"]}))
        .collect();
    serde_json::json!({
        "format": json["format"],
        "variant": json["variant"],
        "cells": json["cells"],
        "pieces": pieces,
    })
}
