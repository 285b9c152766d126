//! Hex Shogi 91, 81 and 41 against Fergus Duniho's rule text ("Hex Shogi", The Chess Variant
//! Pages, https://www.chessvariants.com/hexagonal.dir/hexshogi.html) and the setups stated in
//! `variants/hex-shogi-91.hexv`, `hex-shogi-81.hexv` and `hex-shogi-41.hexv`.
//!
//! hexv calls the first player White: here hexv's White is Shogi's Black (sente, bottom,
//! moves first) and hexv's Black is Shogi's White. Comments say "White" and "Black" in hexv's
//! sense. Cells are named the Shogi way: the file number counts the lines at 1 o'clock from
//! the right, the rank letter counts from the top (`a`).
//!
//! Every expected value is derived by hand from the texts. The derivations use the pointy axial
//! frame of docs/geometry.md ("The twelve directions"): edge steps 1 o'clock `(0,1)`, 3
//! `(1,0)`, 5 `(1,-1)`, 7 `(0,-1)`, 9 `(-1,0)`, 11 `(-1,1)`; corner (diagonal) steps 12
//! `(-1,2)`, 2 `(1,1)`, 4 `(2,-1)`, 6 `(1,-2)`, 8 `(-1,-1)`, 10 `(-2,1)`. On the 91-cell
//! hexagon (`max(|a|,|b|,|a+b|) <= 5`) cell `(a,b)` is named file `6-a`, rank letter number
//! `5-b` (`a` = 0), so the centre 6f is `(0,0)`; on the 81-cell rhombus (`0 <= a,b <= 8`) it is
//! file `9-a`, letter `8-b`; on the 41-cell board (`0 <= b <= 8`, `0 <= 2a+b <= 8`) file `5-a`,
//! letter `8-b`. On all three boards the 180° turn maps file `f` to `F+1-f` (F = the number of
//! files) and the `i`-th rank letter to the `i`-th from the other end.

use std::collections::BTreeSet;

use hexv::compile::MoveTables;
use hexv::variant::{Side, Variant};

use crate::support::{cell, empty_destinations, game, load, names, piece, set};

const V91: &str = "variants/hex-shogi-91.hexv";
const V81: &str = "variants/hex-shogi-81.hexv";
const V41: &str = "variants/hex-shogi-41.hexv";
const ALL: [&str; 3] = [V91, V81, V41];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Destinations of a piece (by symbol) on an empty board.
fn dests(v: &Variant, t: &MoveTables, sym: &str, side: Side, at: &str) -> BTreeSet<String> {
    empty_destinations(v, t, piece(v, sym), side, cell(v, at))
}

/// The rays / leaps of a piece from a cell on an empty board, each as its path of names.
fn paths(v: &Variant, t: &MoveTables, sym: &str, side: Side, at: &str) -> BTreeSet<Vec<String>> {
    t.entries(piece(v, sym), side, cell(v, at))
        .iter()
        .map(|e| {
            t.path(e)
                .iter()
                .map(|c| v.board().name(*c).to_string())
                .collect()
        })
        .collect()
}

/// A path written `"6e 6d 6c"`.
fn path(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// A list of paths written `"6e 6d 6c / 7e 8d"`.
fn path_set(text: &str) -> BTreeSet<Vec<String>> {
    text.split('/').map(path).collect()
}

/// The file number and rank letter of a cell name.
fn split_name(name: &str) -> (u32, char) {
    let letter = name.chars().last().expect("non-empty name");
    let file = name[..name.len() - 1].parse().expect("file number");
    (file, letter)
}

/// The rank letters of the board, top (`a`) first.
fn letters(v: &Variant) -> Vec<char> {
    let set: BTreeSet<char> = v.board().names().iter().map(|n| split_name(n).1).collect();
    set.into_iter().collect()
}

/// The cell a name's cell goes to when the board turns 180° (see the module comment).
fn turned(v: &Variant, name: &str) -> String {
    let files = v
        .board()
        .names()
        .iter()
        .map(|n| split_name(n).0)
        .max()
        .expect("cells");
    let letters = letters(v);
    let (file, letter) = split_name(name);
    let i = letters.iter().position(|l| *l == letter).expect("letter");
    format!("{}{}", files + 1 - file, letters[letters.len() - 1 - i])
}

/// Every cell of the board on one of these ranks.
fn ranks(v: &Variant, which: &str) -> BTreeSet<String> {
    v.board()
        .names()
        .iter()
        .filter(|n| which.contains(split_name(n).1))
        .cloned()
        .collect()
}

/// A side's army as `"SYMBOL cell"` strings.
fn army(v: &Variant, side: Side) -> BTreeSet<String> {
    v.setup(side)
        .iter()
        .map(|(p, c)| format!("{} {}", v.piece(*p).symbol, v.board().name(*c)))
        .collect()
}

/// `"L 6k 1k; N 5k 2k"` as `{"L 6k", "L 1k", "N 5k", "N 2k"}`.
fn army_spec(text: &str) -> BTreeSet<String> {
    text.split(';')
        .flat_map(|group| {
            let mut words = group.split_whitespace();
            let sym = words.next().expect("symbol").to_string();
            words.map(move |c| format!("{sym} {c}"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// 1. Pieces
// ---------------------------------------------------------------------------------------------

/// "The King moves one space in any orthogonal or diagonal direction": the 12 neighbours of
/// 6f `(0,0)`: edge 6e 5f 5g 6g 7f 7e (1, 3, 5, 7, 9, 11 o'clock), corner 7d 5e 4g 5h 7g 8e
/// (12, 2, 4, 6, 8, 10 o'clock). ("All movement diagrams were made from the center space in
/// Hex Shogi 91".)
#[test]
fn king_steps_to_the_twelve_neighbours() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let all12 = set("6e 5f 5g 6g 7f 7e 7d 5e 4g 5h 7g 8e");
    assert_eq!(dests(v, t, "K", Side::WHITE, "6f"), all12);
    assert_eq!(dests(v, t, "K", Side::BLACK, "6f"), all12);
}

/// "one space in any orthogonal direction or one space in any diagonally forward direction
/// ... up to nine spaces": the six edge neighbours plus 10, 12 and 2 o'clock (8e 7d 5e).
/// Black's forward is White's backward: its three diagonals are 4, 6, 8 o'clock (4g 5h 7g).
#[test]
fn gold_general_has_nine_cells() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let white = dests(v, t, "G", Side::WHITE, "6f");
    assert_eq!(white, set("6e 5f 5g 6g 7f 7e 8e 7d 5e"));
    assert_eq!(white.len(), 9);
    assert_eq!(
        dests(v, t, "G", Side::BLACK, "6f"),
        set("6e 5f 5g 6g 7f 7e 4g 5h 7g")
    );
}

/// "one space in any diagonal direction or one space in any orthogonally forward direction
/// ... up to eight spaces": the six corner cells plus 11 and 1 o'clock (7e 6e); Black's
/// forward orthogonals are 5 and 7 o'clock (5g 6g).
#[test]
fn silver_general_has_eight_cells() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let white = dests(v, t, "S", Side::WHITE, "6f");
    assert_eq!(white, set("7d 5e 4g 5h 7g 8e 6e 7e"));
    assert_eq!(white.len(), 8);
    assert_eq!(
        dests(v, t, "S", Side::BLACK, "6f"),
        set("7d 5e 4g 5h 7g 8e 6g 5g")
    );
}

/// "two spaces in the same orthogonally forward direction then turns 60 degrees left or
/// right and moves one more space ... up to four different spaces": 1 o'clock twice reaches
/// 6d, then 3 o'clock 5d or 11 o'clock 7c; 11 o'clock twice reaches 8d, then 1 o'clock 8c or
/// 9 o'clock 9d. All four lie ahead (ranks d and c). The other description ("one space
/// orthogonally forward, then one space diagonally outward": 6e then 2 or 12 o'clock, 7e then
/// 12 or 10 o'clock) gives the same four. Black's are the same leaps turned 180°.
#[test]
fn knight_has_four_forward_leaps() {
    let (v, t) = load(V91);
    let white = dests(&v, &t, "N", Side::WHITE, "6f");
    assert_eq!(white, set("5d 7c 8c 9d"));
    assert_eq!(
        t.entries(piece(&v, "N"), Side::WHITE, cell(&v, "6f")).len(),
        4
    );
    // Black: 7 o'clock twice is 6h, then 5i or 7h; 5 o'clock twice is 4h, then 4i or 3h.
    assert_eq!(dests(&v, &t, "N", Side::BLACK, "6f"), set("5i 7h 4i 3h"));
    // A leap: pieces on the cells between do not stop it (hex-shogi-91.rules, `knight.leap`).
}

/// "The Lance slides in a straight line orthogonally forward ... two directions": two rays,
/// along 1 o'clock (6e..6a) and 11 o'clock (7e 8d 9c 10b 11a), each to the board's edge, and
/// nothing backwards.
#[test]
fn lance_rides_the_two_forward_orthogonals() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    assert_eq!(
        paths(v, t, "L", Side::WHITE, "6f"),
        path_set("6e 6d 6c 6b 6a / 7e 8d 9c 10b 11a")
    );
    assert_eq!(
        paths(v, t, "L", Side::BLACK, "6f"),
        path_set("6g 6h 6i 6j 6k / 5g 4h 3i 2j 1k")
    );
}

/// "A Pawn moves and captures one space orthogonally forward ... two different spaces".
#[test]
fn pawn_steps_along_the_two_forward_orthogonals() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    assert_eq!(dests(v, t, "P", Side::WHITE, "6f"), set("6e 7e"));
    assert_eq!(dests(v, t, "P", Side::BLACK, "6f"), set("6g 5g"));
    for e in t.entries(piece(v, "P"), Side::WHITE, cell(v, "6f")) {
        assert!(e.mode.moves && e.mode.captures, "moves and captures");
    }
}

const ROOK_RAYS_6F: &str = "6e 6d 6c 6b 6a / 7e 8d 9c 10b 11a / 5f 4f 3f 2f 1f / \
    7f 8f 9f 10f 11f / 5g 4h 3i 2j 1k / 6g 6h 6i 6j 6k";
const BISHOP_RAYS_6F: &str = "7d 8b / 5e 4d / 4g 2h / 5h 4j / 7g 8h / 8e 10d";

/// "left, right, left forward, right forward, left backward, and right backward": six
/// edge rays; from the centre of the radius-5 hexagon each runs five cells to the edge.
#[test]
fn rook_rides_six_orthogonal_rays() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let rays = paths(v, t, "R", Side::WHITE, "6f");
    assert_eq!(rays, path_set(ROOK_RAYS_6F));
    assert_eq!(dests(v, t, "R", Side::WHITE, "6f").len(), 30);
}

/// "it may move up or down in addition to the four directions a Bishop can move in Chess":
/// six corner rays (12 o'clock 7d 8b, 6 o'clock 5h 4j, ...), two cells each from 6f; and
/// "the movement of a Bishop remains colorbound": everything a Bishop can ever reach from
/// 6f is one of three classes that partition the board, none holding a neighbour of its
/// cell. With colour `(a-b) mod 3` the classes of the 91-cell board have 31, 30 and 30 cells
/// (6f's class, `a ≡ b`, is the largest).
#[test]
fn bishop_rides_six_diagonal_rays_and_is_colour_bound() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    assert_eq!(
        paths(v, t, "B", Side::WHITE, "6f"),
        path_set(BISHOP_RAYS_6F)
    );
    assert!(v.piece(piece(v, "B")).declared_colour_bound);
    let reach = |from: &str| {
        let mut seen = set(from);
        let mut todo = vec![from.to_string()];
        while let Some(c) = todo.pop() {
            for d in dests(v, t, "B", Side::WHITE, &c) {
                if seen.insert(d.clone()) {
                    todo.push(d);
                }
            }
        }
        seen
    };
    let (x, y, z) = (reach("6f"), reach("6e"), reach("7e"));
    assert_eq!((x.len(), y.len(), z.len()), (31, 30, 30));
    assert!(x.is_disjoint(&y) && y.is_disjoint(&z) && x.is_disjoint(&z));
    assert!(x.is_disjoint(&set("6e 5f 5g 6g 7f 7e")));
}

/// "The Dragon King is a promoted Rook. It can move one space diagonally or move as a Rook":
/// 30 + 6 = 36 cells from 6f.
#[test]
fn dragon_king_is_rook_plus_diagonal_step() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let mut expected = dests(v, t, "R", Side::WHITE, "6f");
    expected.extend(set("7d 5e 4g 5h 7g 8e"));
    assert_eq!(dests(v, t, "+R", Side::WHITE, "6f"), expected);
    assert_eq!(expected.len(), 36);
    assert_eq!(v.piece(piece(v, "+R")).name, "DragonKing");
}

/// "A Dragon Horse is a promoted Bishop. It can move one space orthogonally or move as a
/// Bishop": 12 + 6 = 18 cells from 6f.
#[test]
fn dragon_horse_is_bishop_plus_orthogonal_step() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    let mut expected = dests(v, t, "B", Side::WHITE, "6f");
    expected.extend(set("6e 5f 5g 6g 7f 7e"));
    assert_eq!(dests(v, t, "+B", Side::WHITE, "6f"), expected);
    assert_eq!(expected.len(), 18);
    assert_eq!(v.piece(piece(v, "+B")).name, "DragonHorse");
}

/// Tokin "moves as a Gold General"; the promoted Lance and Knight move "just like a Gold
/// General"; "A promoted Silver General moves exactly the same as a Gold General". Checked
/// from every cell, for both sides, on all three boards.
#[test]
fn gold_like_promoted_pieces_move_as_the_gold_everywhere() {
    for file in ALL {
        let game = game(file);
        let (v, t) = (game.variant, game.tables);
        let gold = piece(v, "G");
        for sym in ["+P", "+L", "+N", "+S"] {
            let p = piece(v, sym);
            for side in Side::BOTH {
                for c in v.board().cells() {
                    assert_eq!(
                        empty_destinations(v, t, p, side, c),
                        empty_destinations(v, t, gold, side, c),
                        "{file}: {sym} ({side:?}) on {}",
                        v.board().name(c)
                    );
                }
            }
        }
    }
}

/// "these pieces move the same in all Hex Shogi variants": the step and leap counts from
/// the central cell 5e of the 81 and 41 boards (`(4,4)` and `(0,4)`, every neighbour and
/// knight leap on the board) are those of 91's centre. The riders' counts follow from each
/// board's edges: on 81 the Rook has four cells on each ray (24), the Bishop four along 2
/// and 8 o'clock (the long diagonal) and two along the others (16), the Lance 4 + 4; on 41
/// the Rook has 4 along 1, 5, 7, 11 and 2 along 3 and 9 o'clock (20), the Bishop 2 along 12
/// and 6 and 1 along the other four (8), the Lance 4 + 4.
#[test]
fn pieces_move_the_same_on_81_and_41() {
    let expected = [
        ("K", 12),
        ("G", 9),
        ("S", 8),
        ("N", 4),
        ("P", 2),
        ("+P", 9),
        ("+S", 9),
    ];
    for (file, at, rook, bishop) in [(V91, "6f", 30, 12), (V81, "5e", 24, 16), (V41, "5e", 20, 8)] {
        let game = game(file);
        let (v, t) = (game.variant, game.tables);
        for side in Side::BOTH {
            for (sym, n) in expected {
                assert_eq!(dests(v, t, sym, side, at).len(), n, "{file} {sym}");
            }
            let lance = paths(v, t, "L", side, at);
            assert_eq!(lance.len(), 2, "{file}: the Lance has two directions");
            let lance_cells: usize = lance.iter().map(Vec::len).sum();
            assert_eq!(lance_cells, if file == V91 { 10 } else { 8 });
            assert_eq!(dests(v, t, "R", side, at).len(), rook, "{file}");
            assert_eq!(dests(v, t, "B", side, at).len(), bishop, "{file}");
            assert_eq!(dests(v, t, "+R", side, at).len(), rook + 6, "{file}");
            assert_eq!(dests(v, t, "+B", side, at).len(), bishop + 6, "{file}");
        }
        // The same names around 5e on both boards: the Knight's four cells ahead, the Gold's.
        if file != V91 {
            assert_eq!(dests(v, t, "N", Side::WHITE, at), set("4c 6b 7b 8c"));
            assert_eq!(dests(v, t, "P", Side::WHITE, at), set("5d 6d"));
            assert_eq!(
                dests(v, t, "G", Side::WHITE, at),
                set("4e 4f 5d 5f 6d 6e 7d 6c 4d")
            );
        }
    }
}

/// Black's pieces move as White's turned 180° (each player moves towards the other): from
/// every cell, for every piece, on all three boards (each board is symmetric under the turn).
#[test]
fn black_moves_are_white_moves_turned() {
    for file in ALL {
        let game = game(file);
        let (v, t) = (game.variant, game.tables);
        for p in v.piece_ids() {
            for c in v.board().cells() {
                let name = v.board().name(c).to_string();
                let white = empty_destinations(v, t, p, Side::WHITE, cell(v, &turned(v, &name)));
                let black = empty_destinations(v, t, p, Side::BLACK, c);
                let white_turned: BTreeSet<String> = white.iter().map(|n| turned(v, n)).collect();
                assert_eq!(
                    black,
                    white_turned,
                    "{file}: {} from {name}",
                    v.piece(p).name
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Setups
// ---------------------------------------------------------------------------------------------

/// The setup (variants/hex-shogi-91.hexv): Black (here White) L 6k, N 5k, G 4k, G 3k, N 2k,
/// L 1k; R 6j, S 5j, K 4j, S 3j, B 2j; P 9h 8h ... 1h; White (here Black) L 11a, N 10a, G 9a,
/// G 8a, N 7a, L 6a; R 10b, S 9b, K 8b, S 7b, B 6b; P 11d ... 3d. 6 + 5 + 9 = 20 pieces each.
#[test]
fn setup_91_matches_variants_md() {
    let (v, _) = load(V91);
    assert_eq!(v.board().len(), 91);
    assert_eq!(
        army(&v, Side::WHITE),
        army_spec(
            "L 6k 1k; N 5k 2k; G 4k 3k; R 6j; S 5j 3j; K 4j; B 2j; P 9h 8h 7h 6h 5h 4h 3h 2h 1h"
        )
    );
    assert_eq!(
        army(&v, Side::BLACK),
        army_spec(
            "L 11a 6a; N 10a 7a; G 9a 8a; R 10b; S 9b 7b; K 8b; B 6b; P 11d 10d 9d 8d 7d 6d 5d 4d 3d"
        )
    );
    assert_eq!(v.setup(Side::WHITE).len(), 20);
    assert_eq!(v.setup(Side::BLACK).len(), 20);
}

/// The bishops 2j and 6b of variants/hex-shogi-91.hexv share the vertical diagonal: 2j is
/// `(4,-4)`, 6b `(0,4)`, four 12 o'clock steps `(-1,2)` apart. On an empty board White's Bishop on 2j
/// rides 3h 4f 5d 6b to the edge, and Black's on 6b rides the same line back.
#[test]
fn bishops_91_share_the_vertical_diagonal() {
    let game = game(V91);
    let (v, t) = (game.variant, game.tables);
    assert!(paths(v, t, "B", Side::WHITE, "2j").contains(&path("3h 4f 5d 6b")));
    assert!(paths(v, t, "B", Side::BLACK, "6b").contains(&path("5d 4f 3h 2j")));
}

/// The setup of variants/hex-shogi-81.hexv: the orthodox Shogi array on the rhombus: rank 1
/// L N S G K G S N L, the Bishop and Rook on the second rank (Black B 8h R 2h, White R 8b B 2b as in Shogi), nine
/// Pawns on the third; 20 pieces each.
#[test]
fn setup_81_is_the_orthodox_shogi_array() {
    let (v, _) = load(V81);
    assert_eq!(v.board().len(), 81);
    assert_eq!(
        army(&v, Side::WHITE),
        army_spec(
            "L 9i 1i; N 8i 2i; S 7i 3i; G 6i 4i; K 5i; B 8h; R 2h; P 9g 8g 7g 6g 5g 4g 3g 2g 1g"
        )
    );
    assert_eq!(
        army(&v, Side::BLACK),
        army_spec(
            "L 9a 1a; N 8a 2a; S 7a 3a; G 6a 4a; K 5a; R 8b; B 2b; P 9c 8c 7c 6c 5c 4c 3c 2c 1c"
        )
    );
    assert_eq!(v.setup(Side::WHITE).len(), 20);
    assert_eq!(v.setup(Side::BLACK).len(), 20);
}

/// The bishops of both sides of variants/hex-shogi-81.hexv stand on the long diagonal: 8h
/// `(1,1)` to 2b `(7,7)` along 2 o'clock `(1,1)`; on an empty board the Bishop on 8h reaches 2b (and 1a) along one
/// ray.
#[test]
fn bishops_81_on_the_long_diagonal() {
    let game = game(V81);
    let (v, t) = (game.variant, game.tables);
    assert!(paths(v, t, "B", Side::WHITE, "8h").contains(&path("7g 6f 5e 4d 3c 2b 1a")));
    assert!(paths(v, t, "B", Side::BLACK, "2b").contains(&path("3c 4d 5e 6f 7g 8h 9i")));
}

/// Hex Shogi 41: nine ranks of 5 and 4 cells alternating (41 cells); Black's (here White's)
/// first rank "Lance, Bishop, King, Rook, Knight from left to right" (files count from the
/// right, so left to right is 5i..1i); "White's first rank is almost the same as Black's, but
/// the Knight and Lance occupy opposite corners": left to right 9a..5a is N B K R L, so
/// Bishop, King and Rook face their counterparts while Lance and Knight stand on the 180°
/// turn of Black's (5i -> 5a, 1i -> 9a). The second and third ranks are reconstructed
/// (variants/hex-shogi-41.hexv says how): the text keeps only "Black's second rank has a
/// Silver General"; each army
/// fills its three-rank territory.
#[test]
fn setup_41_first_ranks() {
    let (v, _) = load(V41);
    assert_eq!(v.board().len(), 41);
    let per_rank: Vec<usize> = letters(&v)
        .iter()
        .map(|l| ranks(&v, &l.to_string()).len())
        .collect();
    assert_eq!(per_rank, vec![5, 4, 5, 4, 5, 4, 5, 4, 5]);

    let first_rank = |side: Side, letter: char| -> Vec<String> {
        let mut row: Vec<(u32, String)> = v
            .setup(side)
            .iter()
            .filter(|(_, c)| split_name(v.board().name(*c)).1 == letter)
            .map(|(p, c)| (split_name(v.board().name(*c)).0, v.piece(*p).symbol.clone()))
            .collect();
        row.sort_by_key(|r| std::cmp::Reverse(r.0)); // left to right: highest file first
        row.into_iter().map(|(_, s)| s).collect()
    };
    assert_eq!(first_rank(Side::WHITE, 'i'), ["L", "B", "K", "R", "N"]);
    assert_eq!(first_rank(Side::BLACK, 'a'), ["N", "B", "K", "R", "L"]);
    assert_eq!(turned(&v, "5i"), "5a");
    assert_eq!(turned(&v, "1i"), "9a");
    assert!(army(&v, Side::BLACK).contains("L 5a") && army(&v, Side::BLACK).contains("N 9a"));
    assert!(army(&v, Side::WHITE).contains("L 5i") && army(&v, Side::WHITE).contains("N 1i"));

    let second_rank_white: BTreeSet<String> = army(&v, Side::WHITE)
        .into_iter()
        .filter(|s| s.ends_with('h'))
        .collect();
    assert!(second_rank_white.iter().any(|s| s.starts_with("S ")));
    // Each army fills exactly its own three ranks.
    let filled = |side: Side| -> BTreeSet<char> {
        v.setup(side)
            .iter()
            .map(|(_, c)| split_name(v.board().name(*c)).1)
            .collect()
    };
    assert_eq!(filled(Side::WHITE), "ghi".chars().collect());
    assert_eq!(filled(Side::BLACK), "abc".chars().collect());
    assert_eq!(v.setup(Side::WHITE).len(), v.setup(Side::BLACK).len());
}

// ---------------------------------------------------------------------------------------------
// 3. Territories
// ---------------------------------------------------------------------------------------------

/// The cells where `side` promotes (the zone of its Pawn's promotion).
fn promotion_zone(v: &Variant, side: Side) -> BTreeSet<String> {
    let promo = v
        .piece(piece(v, "P"))
        .promotion
        .as_ref()
        .expect("the Pawn promotes");
    names(v, v.zone(promo.zone).cells[side].iter().copied())
}

/// "Each player's territory extends from his first rank to the furthest rank occupied by any
/// of his pieces when the game starts": the ranks from the side's edge to its army's
/// furthest rank.
fn territory(v: &Variant, side: Side) -> BTreeSet<String> {
    let letters = letters(v);
    let idx: Vec<usize> = v
        .setup(side)
        .iter()
        .map(|(_, c)| {
            let l = split_name(v.board().name(*c)).1;
            letters.iter().position(|x| *x == l).expect("letter")
        })
        .collect();
    let span: String = match side {
        Side::WHITE => letters[*idx.iter().min().expect("army")..].iter().collect(),
        // Black (Shogi's White) starts at the top, rank a.
        _ => letters[..=*idx.iter().max().expect("army")]
            .iter()
            .collect(),
    };
    ranks(v, &span)
}

/// "When a piece ... enters, leaves, or moves within the opponent's territory, it may
/// promote"; "In Hex Shogi 41 and Hex Shogi 81, it is the first three ranks of each player.
/// In Hex Shogi 91, it is the first four ranks." Each side promotes in the other's territory,
/// and that territory is what the army fills at the start.
#[test]
fn promotion_zones_are_the_opponents_territory() {
    for (file, white_zone, black_zone, cells) in [
        (V91, "abcd", "hijk", 6 + 7 + 8 + 9),
        (V81, "abc", "ghi", 27),
        (V41, "abc", "ghi", 5 + 4 + 5),
    ] {
        let (v, _) = load(file);
        assert_eq!(
            promotion_zone(&v, Side::WHITE),
            ranks(&v, white_zone),
            "{file}"
        );
        assert_eq!(
            promotion_zone(&v, Side::BLACK),
            ranks(&v, black_zone),
            "{file}"
        );
        assert_eq!(
            promotion_zone(&v, Side::WHITE),
            territory(&v, Side::BLACK),
            "{file}"
        );
        assert_eq!(
            promotion_zone(&v, Side::BLACK),
            territory(&v, Side::WHITE),
            "{file}"
        );
        assert_eq!(ranks(&v, white_zone).len(), cells, "{file}");
        assert_eq!(ranks(&v, black_zone).len(), cells, "{file}");
        // Every promoting piece uses the same zone, optionally.
        for sym in ["P", "L", "N", "S", "R", "B"] {
            let promo = v.piece(piece(&v, sym)).promotion.as_ref().expect(sym);
            assert!(promo.optional, "{file}: {sym} may promote");
            let zone: BTreeSet<String> =
                names(&v, v.zone(promo.zone).cells[Side::WHITE].iter().copied());
            assert_eq!(zone, ranks(&v, white_zone), "{file}: {sym}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 4. Promotion
// ---------------------------------------------------------------------------------------------

/// "Which pieces can promote, and what any promote to": Pawn -> Tokin, Lance, Knight, Silver
/// -> Gold-like pieces, Rook -> Dragon King, Bishop -> Dragon Horse; "A King does not
/// promote", "A Gold General does not promote"; the promoted pieces have nothing further.
#[test]
fn what_promotes_to_what() {
    for file in ALL {
        let (v, _) = load(file);
        for (from, to) in [
            ("P", "Tokin"),
            ("L", "PromotedLance"),
            ("N", "PromotedKnight"),
            ("S", "PromotedSilver"),
            ("R", "DragonKing"),
            ("B", "DragonHorse"),
        ] {
            let promo = v.piece(piece(&v, from)).promotion.as_ref().expect(from);
            assert_eq!(promo.to, vec![piece(&v, to)], "{file}: {from}");
        }
        for sym in ["K", "G", "+P", "+L", "+N", "+S", "+R", "+B"] {
            assert!(v.piece(piece(&v, sym)).promotion.is_none(), "{file}: {sym}");
        }
    }
}

// Promotion entering, leaving and within the zone, forced promotion (on the 81 and 41 boards
// too), what never promotes; captures to hand and drops from it:
// tests/data/rules/hex-shogi-91.rules

/// The rule cases give Black's promotions into its zone as White's turned 180° (the module
/// comment's turn: file `12 - f` on 91, the rank letters counted from the other end): so they
/// are.
#[test]
fn blacks_promotion_cases_are_whites_turned() {
    let (v, _) = load(V91);
    for (white, black) in [
        ("6e 6d", "6g 6h"),
        ("6f 6c", "6f 6i"),
        ("6f 5d", "6f 7h"),
        ("5e 6d", "7g 6h"),
        ("6h 6d", "6d 6h"),
        ("6h 8d", "6d 4h"),
    ] {
        let cells: Vec<String> = white.split_whitespace().map(|c| turned(&v, c)).collect();
        assert_eq!(cells.join(" "), black, "{white}");
    }
}

// ---------------------------------------------------------------------------------------------
// 6. Drops
// ---------------------------------------------------------------------------------------------

/// "A piece may not be dropped where it would have no legal move on an empty board ... It
/// keeps Pawns and Lances from being dropped on the back rank, and it keeps Knights from
/// being dropped on the last two ranks." On these boards every other cell gives a Pawn or
/// Lance a forward step and a Knight a leap, and the other pieces may go anywhere. (The
/// refusals of such drops: tests/data/rules/hex-shogi-91.rules, `drop.no-move`.)
#[test]
fn drops_avoid_cells_without_a_move() {
    for file in ALL {
        let game = game(file);
        let (v, t) = (game.variant, game.tables);
        let letters: String = letters(v).into_iter().collect();
        let (first, second) = (&letters[..1], &letters[..2]);
        let (last, last_two) = (&letters[letters.len() - 1..], &letters[letters.len() - 2..]);
        let all = ranks(v, &letters);
        let without =
            |r: &str| -> BTreeSet<String> { all.difference(&ranks(v, r)).cloned().collect() };
        let drop_cells =
            |sym: &str, side: Side| names(v, t.drop_cells(piece(v, sym), side).iter().copied());
        for sym in ["P", "L"] {
            assert_eq!(drop_cells(sym, Side::WHITE), without(first), "{file} {sym}");
            assert_eq!(drop_cells(sym, Side::BLACK), without(last), "{file} {sym}");
        }
        assert_eq!(drop_cells("N", Side::WHITE), without(second), "{file} N");
        assert_eq!(drop_cells("N", Side::BLACK), without(last_two), "{file} N");
        for sym in ["S", "G", "R", "B"] {
            for side in Side::BOTH {
                assert_eq!(drop_cells(sym, side), all, "{file} {sym}");
            }
        }
    }
}

// The other drop rules, check, mate, stalemate, repetition and the move limit:
// tests/data/rules/hex-shogi-91.rules. The start's moves, by hand (the perft counts' depth 1 and
// 2): the cases after `# --- Pieces in positions and the start` in hex-shogi-91.rules,
// hex-shogi-81.rules and hex-shogi-41.rules.
