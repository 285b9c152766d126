//! The rules audit: every rule of every shipped variant, each cell of the matrix below naming
//! the test that covers it (`the_matrix_names_existing_tests_and_covers_every_variant` reads the
//! matrix and fails when a named test does not exist or a variant has no row for a rule). Existing tests are named `file::test`; the tests of this module
//! are named by their function alone. A dash marks a rule the variant does not have (checked
//! against its `.hexv` file and the rule text cited at the top of that file).
//!
//! Variants: Gl = Glinski (seed 003), Mc = McCooey (seed 003 + variants/mccooey.hexv), Ko =
//! Koval (seed 001), Da = Dagger (seed 002), Ch = Chessagon (seed 000), S91 / S81 / S41 = Hex
//! Shogi 91, 81, 41 (seed 004), Sh = Shafran (seed 005), Mi = Mini Hexchess (seed 006), DV = De
//! Vasa (seed 007), Br = Brusky (seed 008), XH = Xiang Hex (seed 009). The seeds are the rule
//! texts on The Chess Variant Pages (De Vasa's, Brusky's and Xiang Hex's: with the other texts
//! cited in their files):
//! 000 Kerry Langford, "Chessagon", https://www.chessvariants.com/rules/chessagon;
//! 001 Max Koval, "Koval's Hexagonal Chess" (2021),
//! https://www.chessvariants.com/rules/kovals-hexagonal-chess;
//! 002 David Moeser, "Dagger Chess" (1998), https://www.chessvariants.com/39.dir/dagger.html;
//! 003 "Hexagonal chess" (Glinski's game, after Pritchard's Encyclopedia of Chess Variants),
//! https://www.chessvariants.com/hexagonal.dir/hexagonal.html, which mentions McCooey's variant;
//! 004 Fergus Duniho, "Hex Shogi", https://www.chessvariants.com/hexagonal.dir/hexshogi.html;
//! 005 "Shafran's Hexagonal Chess", https://www.chessvariants.com/rules/shafrans-hexagonal-chess,
//! with the other texts cited in variants/shafran.hexv (Jocly's and Green Chess's rules, "Hexagonal
//! Chess by I G Shafran", Wikipedia);
//! 006 "Mini Hexchess" (Hans Bodlaender, from Dave McCooey's email, 1997),
//! https://www.chessvariants.com/hexagonal.dir/minihex.html, McCooey's rules with no double step
//! and promotion to R B N only (the other texts cited in variants/mini-hexchess.hexv);
//! 007 "Hexagonal chess", https://en.wikipedia.org/wiki/Hexagonal_chess (de Vasa's section),
//! with the other texts cited in variants/de-vasa.hexv (Pritchard and Beasley as quoted, Ludii,
//! quadibloc, Jocly's program);
//! 008 "Brusky's Hexagonal Chess", https://www.chessvariants.com/rules/bruskyshexagonalchess,
//! with the other texts cited in variants/brusky.hexv (Ludii's rules text and program,
//! Wikipedia).
//! 009 Larry L. Smith, "Xiang Hex" (2008), https://www.chessvariants.com/rules/xiang-hex, with
//! Ludii's "Xiang Hex" and the Game Courier preset's summary (cited in variants/xiang-hex.hexv).
//!
//! ```text
//! rule                      | variant | covered by
//! --------------------------+---------+----------------------------------------------------
//! en passant                | Gl      | notation::en_passant_is_written_as_a_capture (White,
//!                           |         |   next move only); glinski.rules:en-passant (from either
//!                           |         |   side), glinski.rules:pawn.multi-step (the double step
//!                           |         |   kept after taking onto a start cell, then taken e.p.)
//!                           | Mc      | mccooey.rules:en-passant
//!                           | Ko      | koval.rules:en-passant (both sides)
//!                           | Da      | dagger.rules:en-passant (after the leap d2-f2, from
//!                           |         |   either side of it, anywhere, both sides, the next move
//!                           |         |   only, not after a step, only pawns, a choice)
//!                           | Ch      | chessagon.rules:en-passant, chessagon.rules:pawn.unmoved
//!                           | Sh      | shafran.rules:en-passant
//!                           | DV      | de-vasa.rules:en-passant
//!                           | Br      | brusky.rules:en-passant
//!                           | S*      | -  (no double step)
//!                           | Mi      | -  (no double step [CVP])
//!                           | XH      | -  (no pawns: a soldier steps one cell)
//! castling performed        | Ko      | koval.rules:castling (White's right and left, Black's
//!                           |         |   two), koval.rules:castling.rules
//!                           | Ch      | chessagon.rules:castling (White's four, Black's four),
//!                           |         |   chessagon.rules:castling.rules
//!                           | Sh      | shafran.rules:castling (all eight), shafran.rules:castling.rules,
//!                           |         |   shafran::each_castling_runs_along_one_edge_line
//!                           | DV      | de-vasa.rules:castling (all four), de-vasa.rules:castling.rules
//!                           | Br      | brusky.rules:castling (all four), brusky.rules:castling.rules
//!                           | Gl Mc Da S* Mi XH | -  (`castling none` / no castling block; Gl, Da texts
//!                           |         |   say so)
//! castling refused: king    | Ko      | koval.rules:castling.moved (right; left: the king or
//!   moved / rook moved      |         |   the rook marked as moved, the rook out and back)
//!                           | Ch      | chessagon.rules:castling.moved (White's; Black's king out
//!                           |         |   and back)
//!                           | Sh      | shafran.rules:castling.moved
//!                           | DV      | de-vasa.rules:castling.moved
//!                           | Br      | brusky.rules:castling.moved
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! castling refused: cell    | Ko      | koval.rules:castling.path (43 on the right; 20, 19 on
//!   between occupied        |         |   the left)
//!                           | Ch      | chessagon.rules:castling.path
//!                           | Sh      | shafran.rules:castling.path
//!                           | DV      | de-vasa.rules:castling.path
//!                           | Br      | brusky.rules:castling.path
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! castling refused: in      | Ko      | koval.rules:castling.check (right; left, and the
//!   check / passes / lands  |         |   rook's attacked cell does not matter; Black passing
//!   on an attacked cell     |         |   53)
//!                           | Ch      | chessagon.rules:castling.check
//!                           | Sh      | shafran.rules:castling.check
//!                           | DV      | de-vasa.rules:castling.check
//!                           | Br      | brusky.rules:castling.check
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! promotion: every choice,  | Gl      | notation::promotion_must_be_named (one recorded game);
//!   forced (chess)          |         |   glinski.rules:promotion (both sides)
//!                           | Mc      | mccooey.rules:promotion (both sides)
//!                           | Ko      | koval.rules:promotion.zone (cells, pieces),
//!                           |         |   koval.rules:promotion.forced (both sides)
//!                           | Da      | dagger.rules:promotion (both sides)
//!                           | Ch      | chessagon.rules:promotion, chessagon::promotion_cells_are_the_last_cell_
//!                           |         |   of_every_file
//!                           | Sh      | shafran.rules:promotion, shafran::the_promotion_cells_are_the_ends_of_
//!                           |         |   the_files
//!                           | Mi      | mini-hexchess.rules:promotion (R B N)
//!                           | DV      | de-vasa.rules:promotion
//!                           | Br      | brusky.rules:promotion
//!                           | S*      | -  (shogi promotion: the next rule)
//!                           | XH      | -  (no promotion [009])
//! promotion: optional in    | S91     | hex-shogi-91.rules:promotion.optional,
//!   the zone, forced where  |         |   hex-shogi-91.rules:promotion.forced,
//!   no move (shogi)         |         |   hex-shogi-91.rules:promotion.none
//!                           | S81 S41 | hex-shogi-91.rules:promotion.forced.81,
//!                           |         |   hex-shogi-91.rules:promotion.forced.41 (forced
//!                           |         |   Pawn and Knight, optional Knight on rank c);
//!                           |         |   hex-shogi-81.rules:pin, hex-shogi-41.rules:pin (optional
//!                           |         |   Silver capture into the zone)
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br | -  (chess promotion: the rule above)
//!                           | XH      | -  (no promotion [009])
//! drops: no-move cells      | S*      | hex_shogi::drops_avoid_cells_without_a_move (all 3 boards)
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: not defended by    | S91     | hex-shogi-91.rules:drop.pawn.defended
//!   an own unpromoted Pawn  | S81 S41 | hex-shogi-81.rules:drop.pawn, hex-shogi-41.rules:drop.pawn
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: no check by Pawn   | S91     | hex-shogi-91.rules:drop.pawn.check
//!                           | S81 S41 | hex-shogi-81.rules:drop.pawn, hex-shogi-41.rules:drop.pawn
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: never promote      | S91     | hex-shogi-91.rules:drop.promotion,
//!                           |         |   hex-shogi-91.rules:drop.interpose (a drop that interposes)
//!                           | S81 S41 | hex-shogi-81.rules:hand.drop, hex-shogi-41.rules:hand.drop
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! captures to hand          | S91     | hex-shogi-91.rules:hand (unpromoted), hex-shogi-91.rules:hand.drop
//!                           | S81 S41 | hex-shogi-81.rules:hand, hex-shogi-41.rules:hand
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (captures leave the game)
//! entry from hand           | Da      | dagger.rules:entry (moving or capturing, placed on the
//!   (off-board knights)     |         |   vacant back cell, giving check, guarding; Black too),
//!                           |         |   dagger.rules:off-board,
//!                           |         |   dagger::knights_in_hand_protect_the_fourth_rank_pawns,
//!                           |         |   ::nothing_moves_onto_or_captures_on_the_off_board_cells,
//!                           |         |   ::knight_entry_drawing (Black too)
//!                           | others  | -
//! pins (incl. along a       | Gl      | glinski.rules:pin
//!   diagonal)               | Mc      | mccooey.rules:pin
//!                           | Ko      | koval.rules:pin
//!                           | Da      | dagger.rules:pin (along the straight-ahead diagonal)
//!                           | Ch      | chessagon.rules:pin
//!                           | Sh      | shafran.rules:pin
//!                           | Mi      | mini-hexchess.rules:pin
//!                           | DV      | de-vasa.rules:pin
//!                           | Br      | brusky.rules:pin
//!                           | XH      | xiang-hex.rules:pin, xiang-hex.rules:check.horse,
//!                           |         |   xiang-hex.rules:pin.cannon (a cannon's screens),
//!                           |         |   xiang-hex.rules:facing.held
//!                           | S91     | hex-shogi-91.rules:pin
//!                           | S81 S41 | hex-shogi-81.rules:pin, hex-shogi-41.rules:pin
//!                           | (Gl)    | also notation::a_move_into_check_is_refused_with_the_reason
//! double check              | Gl      | glinski.rules:check.double
//!                           | Mc      | mccooey.rules:check.double
//!                           | Ko      | koval.rules:check.double
//!                           | Da      | dagger.rules:check.double
//!                           | Ch      | chessagon.rules:check.double
//!                           | Sh      | shafran.rules:check.double
//!                           | Mi      | mini-hexchess.rules:check.double
//!                           | DV      | de-vasa.rules:check.double
//!                           | Br      | brusky.rules:check.double
//!                           | XH      | xiang-hex.rules:check.double (horse and cannon)
//!                           | S91     | hex-shogi-91.rules:check.double
//!                           | S81 S41 | hex-shogi-81.rules:check.double,
//!                           |         |   hex-shogi-41.rules:check.double
//! checkmate                 | Gl      | game_end::glinski_checkmate_in_the_corner
//!                           | Mc      | mccooey.rules:checkmate
//!                           | Ko      | koval.rules:checkmate (both sides)
//!                           | Da      | dagger.rules:checkmate
//!                           | Ch      | chessagon.rules:checkmate
//!                           | Sh      | shafran.rules:checkmate (both sides), shafran.rules:check
//!                           | Mi      | mini-hexchess.rules:checkmate (both sides)
//!                           | DV      | de-vasa.rules:checkmate (both sides)
//!                           | Br      | brusky.rules:checkmate (both sides)
//!                           | XH      | xiang-hex.rules:checkmate, xiang-hex.rules:facing.mate
//!                           | S91     | hex-shogi-91.rules:checkmate
//!                           | S81 S41 | hex-shogi-81.rules:checkmate, hex-shogi-41.rules:checkmate
//! stalemate and its score   | Gl      | game_end::glinski_stalemate_scores_three_quarters_to_the_
//!                           |         |   stalemating_side (3/4-1/4)
//!                           | Mc      | mccooey.rules:stalemate (1/2)
//!                           | Ko      | game_end::koval_stalemate_is_a_draw_while_the_stalemating_
//!                           |         |   side_keeps_a_queen, ::koval_stalemate_without_queen_rook_
//!                           |         |   or_pawn_wins, koval.rules:stalemate.rule
//!                           | Da      | dagger.rules:stalemate (1/2)
//!                           | Ch      | chessagon.rules:stalemate (1/2, chess convention)
//!                           | Sh      | shafran.rules:stalemate (1/2, Jocly's rules)
//!                           | Mi      | mini-hexchess.rules:stalemate (1/2, McCooey's rules)
//!                           | DV      | de-vasa.rules:stalemate (1/2, Wikipedia's half point)
//!                           | Br      | brusky.rules:stalemate (1/2, Ludii)
//!                           | XH      | xiang-hex.rules:stalemate (1-0: the stalemated player loses)
//!                           | S91     | hex-shogi-91.rules:stalemate
//!                           | S81 S41 | hex-shogi-81.rules:stalemate, hex-shogi-41.rules:stalemate
//! repetition / move limit   | S91     | hex-shogi-91.rules:repetition, hex-shogi-91.rules:move-limit
//!                           | S81 S41 | hex-shogi-81.rules:repetition,
//!                           |         |   hex-shogi-81.rules:move-limit,
//!                           |         |   hex-shogi-41.rules:repetition,
//!                           |         |   hex-shogi-41.rules:move-limit
//!                           | Ch      | chessagon::game_end_follows_the_text_and_chess_conventions
//!                           |         |   (the rules); game_end::chessagon_third_repetition_is_a_
//!                           |         |   draw, ::chessagon_fifty_moves_without_capture_or_pawn_
//!                           |         |   move_is_a_draw (in play)
//!                           | Sh      | shafran.rules:repetition, shafran.rules:move-limit (chess
//!                           |         |   conventions)
//!                           | DV      | de-vasa.rules:repetition, de-vasa.rules:move-limit (chess
//!                           |         |   conventions)
//!                           | Br      | brusky.rules:repetition, brusky.rules:move-limit (Ludii's
//!                           |         |   100 plies, chess's repetition)
//!                           | XH      | xiang-hex.rules:repetition (the third repetition loses,
//!                           |         |   either side; no move limit [009])
//!                           | Gl Mc Ko Da Mi | -  (not in the files)
//! generals facing           | XH      | xiang-hex.rules:facing (the step refused, the piece held,
//!   (flying general)        |         |   the position impossible, the mate)
//!                           | others  | -
//! draw without pieces that  | XH      | xiang-hex.rules:draw-without
//!   cross the river         |         |
//!                           | others  | -
//! ```
//!
//! The rule cases this module once held as tests are data now: `tests/data/rules/glinski.rules`,
//! `mccooey.rules`, `dagger.rules`, `hex-shogi-81.rules`, `hex-shogi-41.rules`, and the cases
//! after `# --- From the rules matrix` in `koval.rules` and `chessagon.rules`, each position
//! given as text with its pieces listed (`pieces:`). The two left here (Hex Shogi 91's pin and
//! double check, not yet moved to `hex-shogi-91.rules`) read their positions with `at`, which
//! checks them against a list of pieces on named cells, so the hand-written text cannot silently
//! put a piece on the wrong cell, and that the fast engine lists the same moves as the reference
//! engine there. The expected moves, here and in those files, are worked out by hand from the
//! rule texts, in axial coordinates (docs/geometry.md):
//!
//! - flat boards, directions 12 (0,1), 1 (1,1), 2 (1,0), 3 (2,-1), 4 (1,-1), 5 (1,-2), 6 (0,-1),
//!   7 (-1,-1), 8 (-1,0), 9 (-2,1), 10 (-1,1), 11 (-1,2); pointy boards, hour h is the flat
//!   hour h - 1 (1 (0,1), 2 (1,1), ..., 12 (-1,2)). Black's hour is White's turned 180°.
//! - Glinski / McCooey: file index i (a = 0, no j), `a = i - 5`, `b = rank - 1 - min(a, 0)`
//!   (f1 = (0,0), e1 = (-1,1), g1 = (1,0)).
//! - Koval: column c has `a = c - 4`; 42 = (0,0), 41..31 up column 4 to (0,11); 43..53 up
//!   column 5 from (1,0); 63..54 up column 6 from (2,0); 64..72 up column 7 from (3,0);
//!   20..30 up column 3 from (-1,1); 19..10 up column 2 from (-2,2); 1..9 up column 1 from
//!   (-3,3).
//! - Dagger: the pointy coordinates of variants/dagger.hexv's `shape ranks` (docs/geometry.md,
//!   Shapes): a1 (0,0), c2 (-1,2), ...
//! - Hex Shogi: as in hex_shogi.rs (91: file 6 - a, letter 5 - b; 81: file 9 - a, letter
//!   8 - b; 41: file 5 - a, letter 8 - b). The positions are chosen so that the same cell
//!   names stand in the same relation on all three boards.
//! - Chessagon: file f (a = 1), level l; `R` (light) when f + l is even. From `R`: faces at 1
//!   (f, l+1), 5 (f, l-1), 9 (f-1, l); points at 3 (f+1, l), 7 (f-1, l-2), 11 (f-1, l+2). From
//!   `L`: faces 3 (f+1, l), 7 (f, l-1), 11 (f, l+1); points 1 (f+1, l+2), 5 (f+1, l-2),
//!   9 (f-1, l). Same colour (both): 12 (f, l+2), 2 (f+1, l+1), 4 (f+1, l-1), 6 (f, l-2),
//!   8 (f-1, l-1), 10 (f-1, l+1).

// ---------------------------------------------------------------------------------------
// The matrix itself

/// The variants of the matrix; `S*` stands for the three Hex Shogi boards.
const MATRIX_VARIANTS: [&str; 13] = [
    "Gl", "Mc", "Ko", "Da", "Ch", "S91", "S81", "S41", "Sh", "Mi", "DV", "Br", "XH",
];

/// One rule of the matrix: each row's variants and the tests it names (`-`: not a rule of
/// those variants).
struct MatrixRule {
    name: String,
    rows: Vec<(Vec<String>, Vec<String>)>,
}

/// The matrix in this module's documentation, read cell by cell. A test name that does not
/// fit a line goes on with the next line when the line ends with `_`; text in parentheses is
/// a note.
fn matrix() -> Vec<MatrixRule> {
    let source = include_str!("rules_matrix.rs");
    let block = source
        .split("//! ```text\n")
        .nth(1)
        .and_then(|rest| rest.split("//! ```\n").next())
        .expect("the matrix is this module's first text block");
    let mut rules: Vec<MatrixRule> = Vec::new();
    for line in block.lines().skip(2) {
        let cells: Vec<&str> = line.trim_start_matches("//!").splitn(3, '|').collect();
        let [rule, variants, covered] = cells[..] else {
            panic!("a matrix line has three cells: `{line}`");
        };
        // One space follows `//!`; a rule's name goes on in a cell indented by two more.
        let rule = rule.strip_prefix(' ').unwrap_or(rule);
        if !rule.trim().is_empty() && !rule.starts_with("  ") {
            rules.push(MatrixRule {
                name: rule.trim().to_string(),
                rows: Vec::new(),
            });
        }
        let current = rules.last_mut().expect("the first line names a rule");
        if !variants.trim().is_empty() {
            let names = variants.split_whitespace().map(str::to_string).collect();
            current.rows.push((names, Vec::new()));
        }
        let (_, text) = current.rows.last_mut().expect("a row names its variants");
        let chunk = covered.trim();
        match text.last_mut() {
            Some(previous) if previous.ends_with('_') => previous.push_str(chunk),
            _ => text.push(chunk.to_string()),
        }
    }
    for rule in &mut rules {
        for (_, text) in &mut rule.rows {
            *text = test_names(&text.join(" "));
        }
    }
    rules
}

/// The test names of a cell's text (`file::test`, `::test` for the previous file, a test of
/// this module, or `FILE.rules:RULE` for the rule cases of a data file), notes in parentheses
/// left out; `-` alone for a rule the variants lack.
fn test_names(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(ch),
            _ => {}
        }
    }
    let mut file = String::from("rules_matrix");
    let mut names = Vec::new();
    for token in plain.split([',', ';', ' ']).filter(|t| !t.is_empty()) {
        if token == "-" || token.contains(".rules:") {
            names.push(token.to_string());
        } else if let Some(test) = token.strip_prefix("::") {
            names.push(format!("{file}::{test}"));
        } else if let Some((f, test)) = token.split_once("::") {
            file = f.to_string();
            names.push(format!("{file}::{test}"));
        } else if token.contains('_') {
            file = String::from("rules_matrix");
            names.push(format!("{file}::{token}"));
        }
    }
    names
}

/// True when `tests/hexv/FILE.rs` has a `#[test] fn TEST()`, or for `FILE.rules:RULE`, when the
/// rule case file `tests/data/rules/FILE.rules` has a case of that rule (or of a rule below it:
/// `castling` covers `castling.path`).
fn test_exists(name: &str) -> bool {
    if let Some((file, rule)) = name.split_once(".rules:") {
        let path = crate::support::root().join(format!("tests/data/rules/{file}.rules"));
        let Ok(cases) = std::fs::read_to_string(&path) else {
            return false;
        };
        return cases.lines().any(|line| {
            line.trim()
                .strip_prefix("case ")
                .and_then(|c| c.split(':').next())
                .is_some_and(|r| r == rule || r.starts_with(&format!("{rule}.")))
        });
    }
    let (file, test) = name.split_once("::").expect("file::test");
    let path = crate::support::root().join(format!("tests/hexv/{file}.rs"));
    let Ok(source) = std::fs::read_to_string(&path) else {
        return false;
    };
    let signature = format!("fn {test}()");
    source.split("#[test]").skip(1).any(|after| {
        after
            .lines()
            .take(3)
            .any(|l| l.trim_start().starts_with(&signature))
    })
}

#[test]
fn the_matrix_names_existing_tests_and_covers_every_variant() {
    let rules = matrix();
    assert!(rules.len() >= 15, "the matrix has its rules");
    let mut gaps = Vec::new();
    for rule in &rules {
        let mut covered: Vec<&str> = Vec::new();
        for (variants, tests) in &rule.rows {
            if tests.is_empty() {
                gaps.push(format!("{}: {variants:?} names no test", rule.name));
            }
            for test in tests.iter().filter(|t| *t != "-" && !test_exists(t)) {
                gaps.push(format!("{}: no test `{test}`", rule.name));
            }
            for v in variants {
                match v.as_str() {
                    "S*" => covered.extend(["S91", "S81", "S41"]),
                    "others" => covered.extend(MATRIX_VARIANTS),
                    // A parenthesised variant repeats one already covered.
                    v if v.starts_with('(') => {}
                    v => match MATRIX_VARIANTS.iter().find(|known| **known == v) {
                        Some(known) => covered.push(known),
                        None => gaps.push(format!("{}: unknown variant {v}", rule.name)),
                    },
                }
            }
        }
        for v in MATRIX_VARIANTS.iter().filter(|v| !covered.contains(v)) {
            gaps.push(format!("{}: no row for {v}", rule.name));
        }
    }
    assert!(gaps.is_empty(), "the matrix has gaps:\n{}", gaps.join("\n"));
}
