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
//!                           |         |   next move only); glinski_en_passant_from_either_side;
//!                           |         |   glinski_double_step_kept_after_capturing_onto_a_start_cell
//!                           | Mc      | mccooey_en_passant_from_either_side
//!                           | Ko      | koval_en_passant_for_both_sides
//!                           | Da      | dagger::en_passant_after_the_leap_d2_f2, ::en_passant_from_
//!                           |         |   either_side_of_the_leap, ::en_passant_anywhere_black_leap_
//!                           |         |   f3_d3, ::en_passant_anywhere_white_pawn_off_its_start_cell,
//!                           |         |   ::en_passant_only_on_the_next_turn, ::no_en_passant_after_
//!                           |         |   the_step_d2_e1, ::only_pawns_capture_en_passant,
//!                           |         |   ::taking_en_passant_is_a_choice
//!                           | Ch      | chessagon.rules:en-passant, chessagon.rules:pawn.unmoved
//!                           | Sh      | shafran.rules:en-passant
//!                           | DV      | de-vasa.rules:en-passant
//!                           | Br      | brusky.rules:en-passant
//!                           | S*      | -  (no double step)
//!                           | Mi      | -  (no double step [CVP])
//!                           | XH      | -  (no pawns: a soldier steps one cell)
//! castling performed        | Ko      | koval.rules:castling (White right), koval.rules:castling.rules;
//!                           |         |   koval_left_castling_performed; koval_black_castlings_performed
//!                           | Ch      | chessagon.rules:castling (White's four, Black's e15-g13),
//!                           |         |   chessagon.rules:castling.rules; chessagon_black_castlings_performed
//!                           | Sh      | shafran.rules:castling (all eight), shafran.rules:castling.rules,
//!                           |         |   shafran::each_castling_runs_along_one_edge_line
//!                           | DV      | de-vasa.rules:castling (all four), de-vasa.rules:castling.rules
//!                           | Br      | brusky.rules:castling (all four), brusky.rules:castling.rules
//!                           | Gl Mc Da S* Mi XH | -  (`castling none` / no castling block; Gl, Da texts
//!                           |         |   say so)
//! castling refused: king    | Ko      | koval.rules:castling.moved (right);
//!   moved / rook moved      |         |   koval_left_castling_refusals (left)
//!                           | Ch      | chessagon.rules:castling.moved; chessagon_black_castlings_performed
//!                           |         |   (Black's king moved)
//!                           | Sh      | shafran.rules:castling.moved
//!                           | DV      | de-vasa.rules:castling.moved
//!                           | Br      | brusky.rules:castling.moved
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! castling refused: cell    | Ko      | koval.rules:castling.path (43);
//!   between occupied        |         |   koval_left_castling_refusals (20, 19)
//!                           | Ch      | chessagon.rules:castling.path
//!                           | Sh      | shafran.rules:castling.path
//!                           | DV      | de-vasa.rules:castling.path
//!                           | Br      | brusky.rules:castling.path
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! castling refused: in      | Ko      | koval.rules:castling.check (right);
//!   check / passes / lands  |         |   koval_left_castling_refusals (left, and the
//!   on an attacked cell     |         |   rook's attacked cell does not matter);
//!                           |         |   koval_black_castlings_performed (Black passing 53)
//!                           | Ch      | chessagon.rules:castling.check
//!                           | Sh      | shafran.rules:castling.check
//!                           | DV      | de-vasa.rules:castling.check
//!                           | Br      | brusky.rules:castling.check
//!                           | Gl Mc Da S* Mi XH | -  (no castling)
//! promotion: every choice,  | Gl      | notation::promotion_must_be_named (one recorded game);
//!   forced (chess)          |         |   glinski_promotion_choices_for_both_sides
//!                           | Mc      | mccooey_promotion_choices_for_both_sides
//!                           | Ko      | koval.rules:promotion.zone (cells, pieces);
//!                           |         |   koval_promotion_choices_for_both_sides
//!                           | Da      | dagger::pawns_promote_on_the_opponents_back_cell
//!                           | Ch      | chessagon.rules:promotion, chessagon::promotion_cells_are_the_last_cell_
//!                           |         |   of_every_file
//!                           | Sh      | shafran.rules:promotion, shafran::the_promotion_cells_are_the_ends_of_
//!                           |         |   the_files
//!                           | Mi      | mini-hexchess.rules:promotion (R B N)
//!                           | DV      | de-vasa.rules:promotion
//!                           | Br      | brusky.rules:promotion
//!                           | S*      | -  (shogi promotion: the next rule)
//!                           | XH      | -  (no promotion [009])
//! promotion: optional in    | S91     | hex_shogi::promotion_is_optional_entering_leaving_or_within_
//!   the zone, forced where  |         |   the_zone, ::each_promoting_piece_may_promote_entering_the_
//!   no move (shogi)         |         |   zone, ::promotion_is_forced_where_the_piece_would_have_no_
//!                           |         |   move, ::kings_golds_and_promoted_pieces_never_promote
//!                           | S81 S41 | hex_shogi::promotion_is_forced_on_81_and_41_too (forced
//!                           |         |   Pawn and Knight, optional Knight on rank c);
//!                           |         |   shogi_pins (optional Silver capture into the zone)
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br | -  (chess promotion: the rule above)
//!                           | XH      | -  (no promotion [009])
//! drops: no-move cells      | S*      | hex_shogi::drops_avoid_cells_without_a_move (all 3 boards)
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: not defended by    | S91     | hex_shogi::pawn_drop_not_on_a_cell_defended_by_an_own_pawn
//!   an own unpromoted Pawn  | S81 S41 | shogi_81_and_41_pawn_drop_restrictions
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: no check by Pawn   | S91     | hex_shogi::pawn_drop_may_not_give_check_other_drops_may
//!                           | S81 S41 | shogi_81_and_41_pawn_drop_restrictions
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! drops: never promote      | S91     | hex_shogi::a_drop_never_promotes_the_next_move_may
//!                           | S81 S41 | shogi_81_and_41_hands_drops_and_draws
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (no hands)
//! captures to hand          | S91     | hex_shogi::captured_pieces_go_to_the_captors_hand_unpromoted,
//!                           |         |   ::dropping_takes_the_piece_from_the_hand
//!                           | S81 S41 | shogi_81_and_41_hands_drops_and_draws
//!                           | Gl Mc Ko Da Ch Sh Mi DV Br XH | -  (captures leave the game)
//! entry from hand           | Da      | dagger::knight_in_hand_enters_by_moving_or_capturing_and_
//!   (off-board knights)     |         |   that_is_the_whole_turn, ::knight_in_hand_may_be_placed_on_
//!                           |         |   the_vacant_back_cell, ::knight_in_hand_gives_check,
//!                           |         |   ::knights_in_hand_protect_the_fourth_rank_pawns,
//!                           |         |   ::nothing_moves_onto_or_captures_on_the_off_board_cells,
//!                           |         |   ::knight_entry_drawing (Black too)
//!                           | others  | -
//! pins (incl. along a       | Gl      | glinski_pins
//!   diagonal)               | Mc      | mccooey_pins
//!                           | Ko      | koval_pins
//!                           | Da      | dagger_pin_along_the_straight_ahead_diagonal
//!                           | Ch      | chessagon_pins
//!                           | Sh      | shafran.rules:pin
//!                           | Mi      | mini-hexchess.rules:pin
//!                           | DV      | de-vasa.rules:pin
//!                           | Br      | brusky.rules:pin
//!                           | XH      | xiang_hex::horse_checks_and_chariot_pins,
//!                           |         |   ::two_screens_pin_each_other (a cannon's screens),
//!                           |         |   ::the_piece_between_the_generals_is_held_on_the_file
//!                           | S*      | shogi_pins (all three boards)
//!                           | (Gl)    | also notation::a_move_into_check_is_refused_with_the_reason
//! double check              | Gl      | glinski_double_check
//!                           | Mc      | mccooey_double_check
//!                           | Ko      | koval_double_check
//!                           | Da      | dagger_double_check
//!                           | Ch      | chessagon_double_check
//!                           | Sh      | shafran.rules:check.double
//!                           | Mi      | mini-hexchess.rules:check.double
//!                           | DV      | de-vasa.rules:check.double
//!                           | Br      | brusky.rules:check.double
//!                           | XH      | xiang_hex::double_check (horse and cannon)
//!                           | S*      | shogi_double_check (all three boards)
//! checkmate                 | Gl      | game_end::glinski_checkmate_in_the_corner
//!                           | Mc      | mccooey_mate_wins_stalemate_draws
//!                           | Ko      | koval_checkmate_either_side
//!                           | Da      | dagger_mate_wins_stalemate_draws
//!                           | Ch      | chessagon_mate_wins_stalemate_draws
//!                           | Sh      | shafran.rules:checkmate (both sides), shafran.rules:check
//!                           | Mi      | mini-hexchess.rules:checkmate (both sides)
//!                           | DV      | de-vasa.rules:checkmate (both sides)
//!                           | Br      | brusky.rules:checkmate (both sides)
//!                           | XH      | xiang_hex::checkmate_wins_for_either_side,
//!                           |         |   ::mate_with_the_facing_rule
//!                           | S91     | hex_shogi::checkmate_wins
//!                           | S81 S41 | shogi_81_and_41_mate_wins_stalemate_draws
//! stalemate and its score   | Gl      | game_end::glinski_stalemate_scores_three_quarters_to_the_
//!                           |         |   stalemating_side (3/4-1/4)
//!                           | Mc      | mccooey_mate_wins_stalemate_draws (1/2)
//!                           | Ko      | game_end::koval_stalemate_is_a_draw_while_the_stalemating_
//!                           |         |   side_keeps_a_queen, ::koval_stalemate_without_queen_rook_
//!                           |         |   or_pawn_wins, koval.rules:stalemate.rule
//!                           | Da      | dagger_mate_wins_stalemate_draws (1/2)
//!                           | Ch      | chessagon_mate_wins_stalemate_draws (1/2, chess convention)
//!                           | Sh      | shafran.rules:stalemate (1/2, Jocly's rules)
//!                           | Mi      | mini-hexchess.rules:stalemate (1/2, McCooey's rules)
//!                           | DV      | de-vasa.rules:stalemate (1/2, Wikipedia's half point)
//!                           | Br      | brusky.rules:stalemate (1/2, Ludii)
//!                           | XH      | xiang_hex::stalemate_loses (1-0: the stalemated player loses)
//!                           | S91     | hex_shogi::stalemate_is_a_draw
//!                           | S81 S41 | shogi_81_and_41_mate_wins_stalemate_draws
//! repetition / move limit   | S91     | hex_shogi::threefold_repetition_is_a_draw,
//!                           |         |   ::fifty_moves_each_without_a_capture_is_a_draw
//!                           | S81 S41 | shogi_81_and_41_hands_drops_and_draws
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
//!                           | XH      | xiang_hex::the_player_who_repeats_a_position_a_third_
//!                           |         |   time_loses (the third repetition loses, either side; no
//!                           |         |   move limit [009])
//!                           | Gl Mc Ko Da Mi | -  (not in the files)
//! generals facing           | XH      | xiang_hex::a_general_may_not_step_onto_an_open_file_facing_
//!   (flying general)        |         |   the_other, ::the_piece_between_the_generals_is_held_on_
//!                           |         |   the_file, ::facing_generals_are_an_impossible_position,
//!                           |         |   ::mate_with_the_facing_rule
//!                           | others  | -
//! draw without pieces that  | XH      | xiang_hex::without_pieces_that_cross_the_river_the_game_
//!   cross the river         |         |   is_drawn
//!                           | others  | -
//! ```
//!
//! Every position below is read from text with `parse_position` and checked against a list of
//! pieces on named cells (`at`), so the hand-written text cannot silently put a piece on the
//! wrong cell; `at` also checks that the fast engine lists the same moves as the reference
//! engine there. The expected moves are worked out by hand from the rule texts, in axial
//! coordinates (docs/geometry.md):
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

use std::collections::BTreeSet;

use hexv::game::{Game, GameEnd, Move, Position};
use hexv::variant::{Score, Side};

use crate::rule_support::{all_moves, ending, moves_from, on, play, promotions, refusal, union};
use crate::support::{castlings, game, legal_from, set};

const GLINSKI: &str = "variants/glinski.hexv";
const MCCOOEY: &str = "variants/mccooey.hexv";
const KOVAL: &str = "variants/koval.hexv";
const DAGGER: &str = "variants/dagger.hexv";
const CHESSAGON: &str = "variants/chessagon.hexv";
const SHOGI: [&str; 3] = [
    "variants/hex-shogi-91.hexv",
    "variants/hex-shogi-81.hexv",
    "variants/hex-shogi-41.hexv",
];

// ---------------------------------------------------------------------------------------------
// Helpers

/// Reads `text` and checks that it holds exactly `pieces`: `"K f1 r f5"` (symbol, cell pairs;
/// upper case White, lower case Black), every other cell empty.
fn at(game: &Game, text: &str, pieces: &str) -> Position {
    let v = game.variant;
    let pos = game
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{}", e.show(text)));
    let words: Vec<&str> = pieces.split_whitespace().collect();
    assert_eq!(words.len() % 2, 0, "{pieces}");
    let mut expected = vec![None; pos.squares.len()];
    for pair in words.chunks(2) {
        let (symbol, name) = (pair[0], pair[1]);
        let side = if symbol.chars().any(|c| c.is_ascii_uppercase()) {
            Side::White
        } else {
            Side::Black
        };
        let p = v
            .find_piece(&symbol.to_uppercase())
            .unwrap_or_else(|| panic!("no piece {symbol}"));
        let c = v
            .board()
            .find(name)
            .unwrap_or_else(|| panic!("no cell {name}"));
        expected[c.index()] = Some((side, p));
    }
    for (i, (got, want)) in pos.squares.iter().zip(&expected).enumerate() {
        let name = v.board().name(hexv::geometry::board::CellId(i as u16));
        assert_eq!(got, want, "{text}: cell {name}");
    }
    // The fast engine is held to every rule tested here as well.
    crate::fast_engine::engines_agree(game, &pos, text);
    pos
}

/// Asserts a double check: the side to move is in check, every legal move is the king's, and
/// the king goes exactly to `king_to`.
fn assert_only_king_moves(game: &Game, pos: &Position, king: &str, king_to: &str) {
    assert!(game.in_check(pos, pos.to_move), "in check");
    let moves = game.legal_moves(pos);
    let king_cell = game.variant.board().find(king).expect("the king's cell");
    assert!(
        moves.iter().all(|m| m.from == Some(king_cell)),
        "{:?}",
        all_moves(game, pos)
    );
    assert_eq!(legal_from(game, pos, king), set(king_to));
}

// ---------------------------------------------------------------------------------------------
// En passant

/// Seed 003: "On their first move, pawns may move forward two hexes, and can be taken
/// en-passant when doing so." e4 (-1,4) -> e6 passes e5 (-1,5). Black pawns take at White's 4
/// (1,-1) and 8 (-1,0): d5 (-2,6) and f6 (0,5) both reach e5, from the two sides.
#[test]
fn glinski_en_passant_from_either_side() {
    let game = game(GLINSKI);
    let pos = at(
        &game,
        "5k/7/8/4p4/3P6/5p5/10/9/8/7/K5 w",
        "K l1 k a6 P e4 p d5 p f6",
    );
    assert_eq!(moves_from(&game, &pos, "e4"), set("e4-e5 e4-e6"));
    let after = play(&game, &pos, "e4-e6");
    assert_eq!(game.position_text(&after).split(' ').nth(3), Some("e5@e6"));
    // Both pawns may take on e5 (and still push to d4 / f5).
    assert_eq!(moves_from(&game, &after, "d5"), set("d5-d4 d5xe5"));
    assert_eq!(moves_from(&game, &after, "f6"), set("f6-f5 f6xe5"));
    for taker in ["d5", "f6"] {
        let taken = play(&game, &after, &format!("{taker}xe5"));
        assert_eq!(on(&game, &taken, "e5"), "p", "{taker}");
        assert_eq!(
            on(&game, &taken, "e6"),
            "",
            "{taker}: the White pawn is removed"
        );
        assert_eq!(on(&game, &taken, taker), "");
    }
    // A single step gives no right.
    let single = play(&game, &pos, "e4-e5");
    assert_eq!(single.en_passant, None);
}

/// Seed 003: "when by taking, a pawn arrives on an initial position of another pawn (of the
/// same player), he retains the right for the double forward move" (and so can be taken e.p.
/// after it). e3 (-1,3) is no start cell: one step only; it takes at 10 o'clock on d3 (-2,4),
/// a start cell; from there d3-d5 passes d4 (-2,5), where Black's c4 (-3,6) captures (4 o'clock).
#[test]
fn glinski_double_step_kept_after_capturing_onto_a_start_cell() {
    let game = game(GLINSKI);
    let pos = at(
        &game,
        "5k/7/3p4/2n6/2P7/11/10/9/8/7/K5 w",
        "K l1 k a6 P e3 n d3 p c4",
    );
    assert_eq!(moves_from(&game, &pos, "e3"), set("e3-e4 e3xd3"));
    let pos = play(&game, &pos, "e3xd3 a6-a5");
    assert_eq!(moves_from(&game, &pos, "d3"), set("d3-d4 d3-d5"));
    let pos = play(&game, &pos, "d3-d5");
    let taken = play(&game, &pos, "c4xd4");
    assert_eq!(on(&game, &taken, "d4"), "p");
    assert_eq!(on(&game, &taken, "d5"), "");
}

/// McCooey: the double step from a start cell gives e.p. as in Glinski, but pawns capture on
/// the forward diagonals: Black's at White's 5 (1,-2) and 7 (-1,-1). e3 (-1,3) -> e5 passes e4
/// (-1,4), reached from d5 (-2,6) and from f6 (0,5).
#[test]
fn mccooey_en_passant_from_either_side() {
    let game = game(MCCOOEY);
    let pos = at(
        &game,
        "5k/7/8/4p4/2P7/5p5/10/9/8/7/K5 w",
        "K l1 k a6 P e3 p d5 p f6",
    );
    assert_eq!(moves_from(&game, &pos, "e3"), set("e3-e4 e3-e5"));
    let after = play(&game, &pos, "e3-e5");
    assert_eq!(moves_from(&game, &after, "d5"), set("d5-d4 d5xe4"));
    assert_eq!(moves_from(&game, &after, "f6"), set("f6-f5 f6xe4"));
    for taker in ["d5", "f6"] {
        let taken = play(&game, &after, &format!("{taker}xe4"));
        assert_eq!(on(&game, &taken, "e4"), "p", "{taker}");
        assert_eq!(on(&game, &taken, "e5"), "", "{taker}");
    }
    // Only on the very next move.
    let later = play(&game, &after, "a6-a5 l1-l2");
    assert!(game.parse_move(&later, "d5xe4").is_err());
}

/// Seed 001: "Any pawn can make a double move ... En passant is allowed." White's 39 (0,3)
/// (its area) -> 37 passes 38 (0,4); Black pawns take at White's 5 and 7 (forward diagonals
/// for Black): from 25 (-1,6) and 48 (1,5). Black's 34 (0,8) (its area) -> 36 passes 35
/// (0,7); White pawns take at 11 (-1,2) from 48 and at 1 (1,1) from 25.
#[test]
fn koval_en_passant_for_both_sides() {
    let game = game(KOVAL);
    let pos = at(
        &game,
        "8k/10/5p5/3P8/5p5/10/K8 w",
        "K 64 k 9 P 39 p 25 p 48",
    );
    assert_eq!(moves_from(&game, &pos, "39"), set("39-38 39-37"));
    let after = play(&game, &pos, "39-37");
    assert_eq!(moves_from(&game, &after, "25"), set("25-24 25x38"));
    assert_eq!(moves_from(&game, &after, "48"), set("48-47 48x38"));
    for taker in ["25", "48"] {
        let taken = play(&game, &after, &format!("{taker}x38"));
        assert_eq!(on(&game, &taken, "38"), "p");
        assert_eq!(on(&game, &taken, "37"), "");
    }

    let pos = at(
        &game,
        "8k/10/5P5/8p3/5P5/10/K8 b",
        "K 64 k 9 p 34 P 25 P 48",
    );
    assert_eq!(moves_from(&game, &pos, "34"), set("34-35 34-36"));
    let after = play(&game, &pos, "34-36");
    assert_eq!(moves_from(&game, &after, "25"), set("25-26 25x35"));
    assert_eq!(moves_from(&game, &after, "48"), set("48-49 48x35"));
    for taker in ["25", "48"] {
        let taken = play(&game, &after, &format!("{taker}x35"));
        assert_eq!(on(&game, &taken, "35"), "P");
        assert_eq!(on(&game, &taken, "36"), "");
    }
}

// ---------------------------------------------------------------------------------------------
// Castling

const KOVAL_CASTLE: &str = "R7r/10/11/K10k/11/10/R7r";
const KOVAL_CASTLE_PIECES: &str = "K 42 R 1 R 64 k 31 r 9 r 72";

/// Koval's castling position with White to move, all six pieces unmoved, and `extra`
/// pieces put in (the text is re-read from the edited position).
fn koval_castle(game: &Game, to_move: &str, extra: &[(&str, &str)]) -> Position {
    let text = format!("{KOVAL_CASTLE} {to_move} - - 1,9,42,31,64,72 0");
    let mut pos = at(game, &text, KOVAL_CASTLE_PIECES);
    let v = game.variant;
    for &(symbol, name) in extra {
        let side = if symbol.chars().any(|c| c.is_ascii_uppercase()) {
            Side::White
        } else {
            Side::Black
        };
        let p = v.find_piece(&symbol.to_uppercase()).expect("a piece");
        pos.squares[v.board().find(name).expect("a cell").index()] = Some((side, p));
    }
    pos
}

/// Seed 001: "K42-19 & R1-20 for left side castling (L0-0)". 42 (0,0), 20 (-1,1), 19 (-2,2),
/// 1 (-3,3) lie on the 10 o'clock line. The Black rooks on 9 and 72 attack none of 42 43 63
/// 20 19 (9: down column 1 to 1, along 2 o'clock to its king; 72: down column 7 to 64, along
/// 8 o'clock 55 51 34 ..., along 10 o'clock to its king), so both castlings are open.
#[test]
fn koval_left_castling_performed() {
    let game = game(KOVAL);
    let pos = koval_castle(&game, "w", &[]);
    assert_eq!(castlings(&game, &pos), set("42-63 42-19"));
    let after = play(&game, &pos, "42-19");
    assert_eq!(on(&game, &after, "19"), "K");
    assert_eq!(on(&game, &after, "20"), "R");
    assert_eq!(
        (on(&game, &after, "42"), on(&game, &after, "1")),
        ("".into(), "".into())
    );
    assert_eq!(on(&game, &after, "64"), "R", "the other rook stays");
    assert_eq!(game.castling_rights(&after), [false, false, true, true]);
}

/// "All the castling exceptions, which are used in orthodox chess, should be applied", for the
/// left castling: the king or that rook has moved, 20 or 19 is occupied, the king is in check,
/// passes 20 or lands on 19 attacked. As in chess the rook's own cell may be attacked.
#[test]
fn koval_left_castling_refusals() {
    let game = game(KOVAL);
    let base = koval_castle(&game, "w", &[]);
    // Moved pieces: the unmoved field without the king, without rook 1.
    let no_king = game
        .parse_position(&format!("{KOVAL_CASTLE} w - - 1,9,31,64,72 0"))
        .expect("a position");
    assert_eq!(castlings(&game, &no_king), BTreeSet::new());
    assert_eq!(
        refusal(&game, &no_king, "42-19"),
        "`42-19` is illegal: castling is not allowed: the king or the rook on `1` has moved"
    );
    let no_rook = game
        .parse_position(&format!("{KOVAL_CASTLE} w - - 9,42,31,64,72 0"))
        .expect("a position");
    assert_eq!(castlings(&game, &no_rook), set("42-63"));
    // The rook leaves and comes back: the right is gone.
    let back = play(&game, &base, "1-2 9-8 2-1 8-9");
    assert_eq!(castlings(&game, &back), set("42-63"));
    // Occupied cells between king and rook (a White knight attacks nothing of Black's).
    for blocker in ["20", "19"] {
        let pos = koval_castle(&game, "w", &[("N", blocker)]);
        assert_eq!(castlings(&game, &pos), set("42-63"), "N on {blocker}");
    }
    let pos = koval_castle(&game, "w", &[("N", "20")]);
    assert_eq!(
        refusal(&game, &pos, "42-19"),
        "`42-19` is illegal: castling is not allowed: `20` is not empty"
    );
    // Black rooks: 37 (0,5) checks down column 4; 26 (-1,7) attacks 20 down column 3 and 14
    // (-2,7) attacks 19 down column 2, neither touching the right castling's cells; 6 (-3,8)
    // attacks only the rook's cell 1.
    for (rook, left) in [
        ("37", ""),
        ("26", "42-63"),
        ("14", "42-63"),
        ("6", "42-63 42-19"),
    ] {
        let pos = koval_castle(&game, "w", &[("r", rook)]);
        assert_eq!(castlings(&game, &pos), set(left), "r on {rook}");
    }
    let pos = koval_castle(&game, "w", &[("r", "37")]);
    assert_eq!(
        refusal(&game, &pos, "42-19"),
        "`42-19` is illegal: castling is not allowed: the king is in check"
    );
    for (rook, cell) in [("26", "20"), ("14", "19")] {
        let pos = koval_castle(&game, "w", &[("r", rook)]);
        assert_eq!(
            refusal(&game, &pos, "42-19"),
            format!("`42-19` is illegal: castling is not allowed: the king would pass or land on `{cell}`, which is attacked")
        );
    }
}

/// Seed 001: "Black: K31-54 & R72-53 for left side castling (L0-0); K31-10 & R9-30 right side
/// castling (R0-0)". 31 (0,11), 53 (1,10), 54 (2,9), 72 (3,8) on the 4 o'clock line; 30
/// (-1,11), 10 (-2,11), 9 (-3,11) on the 8 o'clock line. White's rooks (1: up column 1 to 9,
/// 2 o'clock 18 22 39 ..., 4 o'clock to its king; 64: up column 7 to 72, 8 and 10 o'clock)
/// attack none of them. A White rook on 48 (1,5) attacks 53 up column 5: only K31-10 is left.
#[test]
fn koval_black_castlings_performed() {
    let game = game(KOVAL);
    let pos = koval_castle(&game, "b", &[]);
    assert_eq!(castlings(&game, &pos), set("31-54 31-10"));
    for (mv, king, rook, rook_from) in [("31-54", "54", "53", "72"), ("31-10", "10", "30", "9")] {
        let after = play(&game, &pos, mv);
        assert_eq!(on(&game, &after, king), "k", "{mv}");
        assert_eq!(on(&game, &after, rook), "r", "{mv}");
        assert_eq!(on(&game, &after, "31"), "", "{mv}");
        assert_eq!(on(&game, &after, rook_from), "", "{mv}");
        assert_eq!(game.castling_rights(&after), [true, true, false, false]);
    }
    let pos = koval_castle(&game, "b", &[("R", "48")]);
    assert_eq!(castlings(&game, &pos), set("31-10"));
}

/// Chessagon, Black's four castlings (White's mirrored in the middle line, level l -> 16 - l):
/// K e15-f13 with R g13-e14, K e15-c13 with R b13-d14, K e15-g13 with R g13-f14, K e15-c14 with
/// R b13-d15. All four performed; after the Black king has moved and come back, none.
#[test]
fn chessagon_black_castlings_performed() {
    let game = game(CHESSAGON);
    let pos = at(
        &game,
        "9/10r/13/15/K13k/13/10r/9 b - - b13,e15,g13 0",
        "k e15 r b13 r g13 K e1",
    );
    assert_eq!(
        castlings(&game, &pos),
        set("e15-f13 e15-c13 e15-g13 e15-c14")
    );
    for (mv, king, rook) in [
        ("e15-f13", "f13", "e14"),
        ("e15-c13", "c13", "d14"),
        ("e15-g13", "g13", "f14"),
        ("e15-c14", "c14", "d15"),
    ] {
        let after = play(&game, &pos, mv);
        assert_eq!(on(&game, &after, king), "k", "{mv}");
        assert_eq!(on(&game, &after, rook), "r", "{mv}");
        assert_eq!(on(&game, &after, "e15"), "", "{mv}");
    }
    // e15-e14 is a face step (5 o'clock from the R cell e15).
    let back = play(&game, &pos, "e15-e14 e1-e2 e14-e15 e2-e1");
    assert_eq!(castlings(&game, &back), BTreeSet::new());
}

// ---------------------------------------------------------------------------------------------
// Promotion (chess: forced on arrival, every listed piece offered)

/// Seed 003: "Pawns promote when they move to one of the eleven hexes at the opponents side".
/// White's e9 (-1,9) pushes to e10 (far edge), takes at 10 o'clock on d9 (far edge) and at 2
/// o'clock on f10 (not the far edge: f11 is). Black's e2 mirrors it: e1 and d1 promote, f2
/// does not.
#[test]
fn glinski_promotion_choices_for_both_sides() {
    let game = game(GLINSKI);
    let pos = at(
        &game,
        "K5/7/8/8n/8P1/9n1/10/9/8/7/5k w",
        "K a1 k l6 P e9 n d9 n f10",
    );
    let expected = union(&[
        promotions("e9-e10", "Q R B N"),
        promotions("e9xd9", "Q R B N"),
        set("e9xf10"),
    ]);
    assert_eq!(moves_from(&game, &pos, "e9"), expected);
    assert_eq!(
        refusal(&game, &pos, "e9-e10"),
        "`e9-e10` is illegal: the Pawn must promote: add =Q, =R, =B, =N"
    );
    assert_eq!(on(&game, &play(&game, &pos, "e9xd9=N"), "d9"), "N");

    let pos = at(
        &game,
        "K5/7/8/N8/1p8/1N9/10/9/8/7/5k b",
        "K a1 k l6 p e2 N d1 N f2",
    );
    let expected = union(&[
        promotions("e2-e1", "Q R B N"),
        promotions("e2xd1", "Q R B N"),
        set("e2xf2"),
    ]);
    assert_eq!(moves_from(&game, &pos, "e2"), expected);
    assert_eq!(on(&game, &play(&game, &pos, "e2-e1=R"), "e1"), "r");
}

/// McCooey: same far edge, captures on the forward diagonals. White's e8 (-1,8): push e9 (no
/// promotion), 1 o'clock f10 (no), 11 o'clock d9 (far edge). Black's e3 mirrors it: e2 and f2
/// plain, d1 promotes.
#[test]
fn mccooey_promotion_choices_for_both_sides() {
    let game = game(MCCOOEY);
    let pos = at(
        &game,
        "K5/7/8/8n/7P2/9n1/10/9/8/7/5k w",
        "K a1 k l6 P e8 n d9 n f10",
    );
    let expected = union(&[set("e8-e9 e8xf10"), promotions("e8xd9", "Q R B N")]);
    assert_eq!(moves_from(&game, &pos, "e8"), expected);
    let pos = at(
        &game,
        "K5/7/8/N8/2p7/1N9/10/9/8/7/5k b",
        "K a1 k l6 p e3 N d1 N f2",
    );
    let expected = union(&[set("e3-e2 e3xf2"), promotions("e3xd1", "Q R B N")]);
    assert_eq!(moves_from(&game, &pos, "e3"), expected);
}

/// Seed 001: "The promotion cells are 9,10,30,31,53,54,72 for White; 1,19,20,42,43,63,64 for
/// Black". White's 8 (-3,10) pushes to 9 and takes at 1 o'clock on 10 (-2,11): both promote;
/// 27 (-1,8) pushes to 28, no promotion. Black's 65 (3,1) pushes to 64 and takes at White's 7
/// on 63 (2,0): both promote; 46 (1,3) pushes to 45, no promotion.
#[test]
fn koval_promotion_choices_for_both_sides() {
    let game = game(KOVAL);
    let pos = at(
        &game,
        "7P1/9n/7P3/K10k/11/10/9 w",
        "K 42 k 31 P 8 n 10 P 27",
    );
    let expected = union(&[promotions("8-9", "Q R B N"), promotions("8x10", "Q R B N")]);
    assert_eq!(moves_from(&game, &pos, "8"), expected);
    assert_eq!(moves_from(&game, &pos, "27"), set("27-28"));
    assert_eq!(
        refusal(&game, &pos, "8-9"),
        "`8-9` is illegal: the Pawn must promote: add =Q, =R, =B, =N"
    );
    let pos = at(
        &game,
        "9/10/11/K10k/3p7/N9/1p7 b",
        "K 42 k 31 p 65 N 63 p 46",
    );
    let expected = union(&[
        promotions("65-64", "Q R B N"),
        promotions("65x63", "Q R B N"),
    ]);
    assert_eq!(moves_from(&game, &pos, "65"), expected);
    assert_eq!(moves_from(&game, &pos, "46"), set("46-45"));
}

// ---------------------------------------------------------------------------------------------
// Drops on the 81 and 41 boards

/// Seed 004: "A Pawn may not be dropped on a space defended by another of your unpromoted
/// Pawns"; "A Pawn may not be dropped where it would check the opponent's King." On both
/// boards 5e, 5d, 6d, 4d, 5c, 4c, 5b stand in the same relation: White's Pawn on 5e defends
/// 5d (1 o'clock) and 6d (11 o'clock); Black's King on 5b is attacked by a Pawn on 5c or 4c.
/// The Pawn drops are every empty cell but rank a and those four; a Gold may go to 5c.
#[test]
fn shogi_81_and_41_pawn_drop_restrictions() {
    for (file, text, cells) in [
        (SHOGI[1], "8K/9/9/9/4P4/9/9/4k4/9 w PG", 81),
        (SHOGI[2], "4K/4/5/4/2P2/4/5/3k/5 w PG", 41),
    ] {
        let game = game(file);
        let v = game.variant;
        let pos = at(&game, text, "K 1i P 5e k 5b");
        for to in ["5d", "6d"] {
            assert_eq!(
                refusal(&game, &pos, &format!("P*{to}")),
                format!("`P*{to}` is illegal: `{to}` is defended by the mover's own Pawn"),
                "{file}"
            );
        }
        for to in ["5c", "4c"] {
            assert_eq!(
                refusal(&game, &pos, &format!("P*{to}")),
                format!("`P*{to}` is illegal: a Pawn may not be dropped to give check"),
                "{file}"
            );
        }
        assert!(game.parse_move(&pos, "P*4d").is_ok(), "{file}");
        let gold = play(&game, &pos, "G*5c");
        assert!(game.in_check(&gold, Side::Black), "{file}");
        let pawn_drops = all_moves(&game, &pos)
            .into_iter()
            .filter(|m| m.starts_with("P*"))
            .count();
        let rank_a = v
            .board()
            .cells()
            .filter(|c| v.board().name(*c).ends_with('a'))
            .count();
        assert_eq!(v.board().cells().count(), cells);
        assert_eq!(pawn_drops, cells - rank_a - 3 - 4, "{file}");
    }
}

/// Seed 004's hands and draws on the 81 and 41 boards, as on the 91 board (hex_shogi.rs):
/// "When a piece is captured, it comes into the possession of the player who captures it"
/// and "reverts back to its unpromoted state"; "A piece cannot promote by being dropped";
/// the third repetition and fifty moves each without a capture are draws. White's Pawn on 5e
/// takes Black's Tokin on 5d (1 o'clock) and holds a Pawn; every Pawn drop, those into the
/// promotion zone included, stays a Pawn; the kings step 1i-2i and 5b-5a and back twice, and
/// the start occurs a third time; at 99 quiet plies a king step ends the game, the capture
/// starts the count again.
#[test]
fn shogi_81_and_41_hands_drops_and_draws() {
    for (file, text) in [
        (SHOGI[1], "8K/9/9/9/4P4/4(+p)4/9/4k4/9 w"),
        (SHOGI[2], "4K/4/5/4/2P2/2(+p)1/5/3k/5 w"),
    ] {
        let game = game(file);
        let v = game.variant;
        let rules = v.rules();
        assert!(rules.captures_to_hand, "{file}");
        assert_eq!(rules.repetition, Some((3, Score::DRAW)), "{file}");
        let limit = rules.move_limit.as_ref().expect("a move limit");
        assert_eq!((limit.moves, limit.score), (50, Score::DRAW), "{file}");

        let pos = at(&game, text, "K 1i P 5e +p 5d k 5b");
        let pawn = v.find_piece("P").expect("a Pawn");
        let taken = play(&game, &pos, "5ex5d");
        let held: Vec<u16> = taken.hands[Side::White].clone();
        let mut expected = vec![0; v.pieces().len()];
        expected[pawn.index()] = 1;
        assert_eq!(held, expected, "{file}: the Tokin is held as a Pawn");

        let black_moved = play(&game, &taken, "5b-5a");
        let zone = &v
            .zone(v.piece(pawn).promotion.as_ref().expect("promotes").zone)
            .cells;
        let drops: Vec<Move> = game
            .legal_moves(&black_moved)
            .into_iter()
            .filter(Move::is_drop)
            .collect();
        assert!(
            drops.iter().any(|m| zone[Side::White].contains(&m.to)),
            "{file}"
        );
        assert!(drops.iter().all(|m| m.promotion.is_none()), "{file}");

        let quiet = at(
            &game,
            &text.replace("4(+p)4", "9").replace("2(+p)1", "4"),
            "K 1i P 5e k 5b",
        );
        let mut history = vec![quiet.clone()];
        for (ply, mv) in "1i-2i 5b-5a 2i-1i 5a-5b 1i-2i 5b-5a 2i-1i 5a-5b"
            .split_whitespace()
            .enumerate()
        {
            assert_eq!(
                game.outcome(&history),
                None,
                "{file}: before ply {}",
                ply + 1
            );
            history.push(play(&game, history.last().expect("history"), mv));
        }
        let end = game.outcome(&history).map(|o| (o.end, o.white));
        assert_eq!(end, Some((GameEnd::Repetition, Score::DRAW)), "{file}");

        let mut late = pos.clone();
        late.quiet_plies = 99;
        let stepped = play(&game, &late, "1i-2i");
        let end = game
            .outcome(&[late.clone(), stepped])
            .map(|o| (o.end, o.white));
        assert_eq!(end, Some((GameEnd::MoveLimit, Score::DRAW)), "{file}");
        let captured = play(&game, &late, "5ex5d");
        assert_eq!(captured.quiet_plies, 0, "{file}");
        assert_eq!(game.outcome(&[late, captured]), None, "{file}");
    }
}

// ---------------------------------------------------------------------------------------------
// Pins

/// Glinski: a pinned piece may only move along the line of the pin. King f1 (0,0): the Rook on
/// f3 pinned down the file by f7 moves on the file only (f2, f4-f6, takes f7); the Queen on g2
/// (1,1) pinned along the 1 o'clock diagonal by the Bishop on k5 (4,4) moves on it only (h3,
/// i4, takes k5) -- the White Pawn on g1, one of the two cells the diagonal f1-g2 passes
/// between, does not break the pin; the Knight on e1 pinned along the 10 o'clock edge by the
/// Rook on b1 (-4,4) cannot move at all.
#[test]
fn glinski_pins() {
    let game = game(GLINSKI);
    let pos = at(
        &game,
        "5k/r6/8/9/N9/K1R3r4/PQ8/9/8/4b2/6 w",
        "K f1 R f3 r f7 Q g2 b k5 N e1 r b1 P g1 k a6",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(legal_from(&game, &pos, "f3"), set("f2 f4 f5 f6 f7"));
    assert_eq!(legal_from(&game, &pos, "g2"), set("h3 i4 k5"));
    assert_eq!(legal_from(&game, &pos, "e1"), BTreeSet::new());
    assert_eq!(
        refusal(&game, &pos, "f3-e3"),
        "`f3-e3` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// McCooey: the Pawn on e2 (-1,2), pinned along the 11 o'clock diagonal by the Bishop on d3
/// (-2,4), may take the pinner (its 11 o'clock capture) but neither push to e3 nor take the
/// Knight on f4 (its 1 o'clock capture). The Pawn on g1 (1,0), pinned along the 2 o'clock edge
/// by the Rook on i1, cannot push.
#[test]
fn mccooey_pins() {
    let game = game(MCCOOEY);
    let pos = at(
        &game,
        "5k/7/8/2b6/1P8/K2n7/P9/9/r7/7/6 w",
        "K f1 P e2 b d3 n f4 P g1 r i1 k a6",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(moves_from(&game, &pos, "e2"), set("e2xd3"));
    assert_eq!(moves_from(&game, &pos, "g1"), BTreeSet::new());
}

/// Koval: King 42 (0,0). The Queen on 44 (1,1), pinned along the 1 o'clock diagonal by the
/// Bishop on 67 (3,3), moves to 61 or takes 67; the Rook on 40 (0,2), pinned up column 4 by 36
/// (0,6), moves to 41, 39, 38, 37 or takes 36; the Knight on 43 (1,0), pinned along the 2
/// o'clock line by the Rook on 64, cannot move.
#[test]
fn koval_pins() {
    let game = game(KOVAL);
    let pos = at(
        &game,
        "8k/10/11/K1R3r5/NQ9/10/r2b5 w",
        "K 42 Q 44 b 67 R 40 r 36 N 43 r 64 k 9",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(legal_from(&game, &pos, "44"), set("61 67"));
    assert_eq!(legal_from(&game, &pos, "40"), set("41 39 38 37 36"));
    assert_eq!(legal_from(&game, &pos, "43"), BTreeSet::new());
}

/// Dagger: King a1 (0,0); the straight-ahead diagonal runs c2 (-1,2), e2 (-2,4), g3 (-3,6).
/// The Pawn on c2, pinned on it by the Bishop on g3, keeps only its straight-ahead leap to e2
/// (along the pin line; the Rook on d2, one of the two cells the leap passes between, does
/// not stop it), not its file steps to d2 (taking the Rook) or d3.
#[test]
fn dagger_pin_along_the_straight_ahead_diagonal() {
    let game = game(DAGGER);
    let pos = at(
        &game,
        "K/2/1P1/1r2/3/4/2b2/4/3/3k/3/2/1/4 w",
        "K a1 P c2 b g3 r d2 k k4",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(moves_from(&game, &pos, "c2"), set("c2-e2"));
}

/// Chessagon: King e1. The Queen on e3, pinned on the 12 o'clock same-colour diagonal (e1 e3
/// e5 e7) by the Bishop on e7, moves to e5 or takes e7 and nowhere else (e4, e6 on the file
/// would open the diagonal: the triangles of the file alternate sides of it). The White Knight
/// on e2, a dark cell under the light diagonal, does not block it. The Rook on d2, pinned on
/// the 10 o'clock row (d1 d2 c2 c3 b3) by the Rook on b3, moves along the row only.
#[test]
fn chessagon_pins() {
    let game = game(CHESSAGON);
    let pos = at(
        &game,
        "9/r10/13/1R13/KNQ3b7k/13/11/9 w",
        "K e1 N e2 Q e3 b e7 R d2 r b3 k e15",
    );
    assert!(!game.in_check(&pos, Side::White));
    assert_eq!(legal_from(&game, &pos, "e3"), set("e5 e7"));
    assert_eq!(legal_from(&game, &pos, "d2"), set("d1 c2 c3 b3"));
}

/// Hex Shogi, all three boards (the cells stand in the same relation on each): King 5g. The
/// Silver on 6e, pinned on the 12 o'clock diagonal by the Bishop on 7c, may only take it, with
/// or without promotion (7c is in White's zone on every board); the Gold on 4g, pinned on the
/// 3 o'clock line by the Rook on 2g, may only step to 3g.
#[test]
fn shogi_pins() {
    for (file, text) in [
        (SHOGI[0], "6/7/8/9/5KG1r1/11/5S4/9/4b3/7/2k3 w"),
        (SHOGI[1], "9/9/4KG1r1/9/3S5/9/2b6/9/k8 w"),
        (SHOGI[2], "5/4/1KG1r/4/1S3/4/1b3/4/k4 w"),
    ] {
        let game = game(file);
        let pos = at(&game, text, "K 5g S 6e b 7c G 4g r 2g k 9a");
        assert!(!game.in_check(&pos, Side::White), "{file}");
        assert_eq!(
            moves_from(&game, &pos, "6e"),
            set("6ex7c 6ex7c=+S"),
            "{file}"
        );
        assert_eq!(moves_from(&game, &pos, "4g"), set("4g-3g"), "{file}");
    }
}

// ---------------------------------------------------------------------------------------------
// Double check: only the king may move

/// Glinski: King f1 (neighbours f2 g1 e1 g2 e2) checked by the Rook on f5 (file) and the
/// Knight on g3 (1,2). f2 stays on the file, e1 is a knight leap (-2,-1) from g3; g1, g2 and
/// e2 are free. The Rook on g6 could take the Knight, but that leaves the Rook's check.
#[test]
fn glinski_double_check() {
    let game = game(GLINSKI);
    let pos = at(
        &game,
        "5k/7/8/9/10/K3r6/2n2R4/9/8/7/6 w",
        "K f1 r f5 n g3 R g6 k a6",
    );
    assert_only_king_moves(&game, &pos, "f1", "g1 g2 e2");
    assert_eq!(
        refusal(&game, &pos, "g6xg3"),
        "`g6xg3` is illegal: it leaves the mover's royal piece attacked"
    );
}

/// McCooey: King f1 checked by the Pawn on e2 (Black's pawns take at White's 5 and 7: e2 + 5
/// o'clock is f1) and the Bishop on h3 along the 1 o'clock diagonal. g2 stays on the diagonal;
/// f2, g1, e1 are free and the king may take the Pawn on e2 (unguarded). The Rook on h1 could
/// take the Bishop (h2 h3), but not in a double check.
#[test]
fn mccooey_double_check() {
    let game = game(MCCOOEY);
    let pos = at(
        &game,
        "5k/7/8/9/1p8/K10/10/R1b6/8/7/6 w",
        "K f1 p e2 b h3 R h1 k a6",
    );
    assert_only_king_moves(&game, &pos, "f1", "f2 g1 e1 e2");
}

/// Koval: King 42 (neighbours 41 43 20 44 21) checked up column 4 by the Rook on 38 and by the
/// Knight on 45 (1,2). 41 stays on the column, 20 (-1,1) is a knight leap from 45; 43, 44, 21
/// are free. The Rook on 49 could take the Knight down column 5: not in a double check.
#[test]
fn koval_double_check() {
    let game = game(KOVAL);
    let pos = at(
        &game,
        "8k/10/11/K3r7/2n3R4/10/9 w",
        "K 42 r 38 n 45 R 49 k 9",
    );
    assert_only_king_moves(&game, &pos, "42", "43 44 21");
}

/// Dagger: King a1 (neighbours b1, b2, c2) checked by the Rook on d4 along the 1 o'clock file
/// (b2 c3) and by the Bishop on e2 down the straight-ahead diagonal (c2). Only b1 is free. The
/// Rook on c1 could block either line (c2 or c3) or take the Bishop (d2 e2): none of that.
#[test]
fn dagger_double_check() {
    let game = game(DAGGER);
    let pos = at(
        &game,
        "K/2/R2/3r/1b1/4/5/4/3/4/3/2/k/4 w",
        "K a1 r d4 b e2 R c1 k n1",
    );
    assert_only_king_moves(&game, &pos, "a1", "b1");
}

/// Chessagon: King e1 (R; neighbours e2 d1 d3 e3 f2 d2) checked by the Bishop on e5 (12
/// o'clock diagonal, over e3) and by the Rook on g3 along the row g3 f3 f2 e2 e1 d1. e2, f2, d1
/// are on the row, e3 on the diagonal; d2 and d3 are free. The White Rook on e4 (a dark cell,
/// not blocking the light diagonal) could take the Bishop: not in a double check.
#[test]
fn chessagon_double_check() {
    let game = game(CHESSAGON);
    let pos = at(
        &game,
        "9/11/13/15/K2Rb9k/13/r10/9 w",
        "K e1 b e5 r g3 R e4 k e15",
    );
    assert_only_king_moves(&game, &pos, "e1", "d2 d3");
}

/// Hex Shogi: a King in a corner checked by a Lance and a Knight; a Gold that could take
/// either checker (and a Gold in hand that could interpose) may not. 91: King 1k (5,-5),
/// neighbours 1j 2k 3j 2j 2i; the Lance on 1h checks down the 7 o'clock line (1i 1j), the
/// Knight on 3h (3,-2) checks by its leap (2,-3) and covers 2k by (1,-3). 81: the same shifted
/// two ranks (King 1i, Lance 1f, Knight 3f, Gold 2f). 41: King 1i (4,0), neighbours 2i 2h 3h
/// 2g; the Lance on 4f checks down the 5 o'clock line (3g 2h), the Knight on 4g (1,2) by its
/// leap (3,-2); the Gold on 4h could take the Knight or block on 3g.
#[test]
fn shogi_double_check() {
    for (file, text, pieces, king, free) in [
        (
            SHOGI[0],
            "5K/7/8/6nGl/10/11/10/9/8/7/k5 w G",
            "K 1k l 1h n 3h G 2h k 11a",
            "1k",
            "3j 2j 2i",
        ),
        (
            SHOGI[1],
            "8K/9/9/6nGl/9/9/9/9/k8 w G",
            "K 1i l 1f n 3f G 2f k 9a",
            "1i",
            "3h 2h 2g",
        ),
        (
            SHOGI[2],
            "4K/1G2/2n2/2l1/5/4/5/4/k4 w G",
            "K 1i l 4f n 4g G 4h k 9a",
            "1i",
            "2i 3h 2g",
        ),
    ] {
        let game = game(file);
        let pos = at(&game, text, pieces);
        assert_only_king_moves(&game, &pos, king, free);
    }
}

// ---------------------------------------------------------------------------------------------
// Checkmate and stalemate, scored per variant

/// McCooey ("Checkmate wins, stalemate is a draw"), on Glinski's board with the positions of
/// game_end.rs (same geometry): Black's King a1 mated by the Queen on a2 guarded from a3; with
/// the Queen on d2 instead Black has no move and is not in check: a draw, not Glinski's 3/4.
#[test]
fn mccooey_mate_wins_stalemate_draws() {
    let game = game(MCCOOEY);
    let mate = at(&game, "kQK3/7/8/9/10/11/10/9/8/7/6 b", "k a1 K a3 Q a2");
    assert_eq!(
        ending(&game, &mate),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let stale = at(&game, "k1K3/7/8/1Q7/10/11/10/9/8/7/6 b", "k a1 K a3 Q d2");
    assert_eq!(
        ending(&game, &stale),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// Koval: Black's King on 1 (neighbours 2 18 19 17 21) checked by the Queen on 2, guarded by
/// the King on 3; the Queen covers 17 18 (next to it), 19 (5 o'clock diagonal) and 21 (4
/// o'clock over 18): 1-0. The same turned 180 degrees (cell n -> 73 - n) with White to move:
/// 0-1.
#[test]
fn koval_checkmate_either_side() {
    let game = game(KOVAL);
    let pos = at(&game, "kQK6/10/11/12/11/10/9 b", "k 1 K 3 Q 2");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let pos = at(&game, "9/10/11/12/11/10/6kqK w", "K 72 k 70 q 71");
    assert_eq!(
        ending(&game, &pos),
        Some((GameEnd::Checkmate, "0-1".into()))
    );
}

/// Dagger ("substantially the same as Regular Chess"): Black's King on n1 (neighbours m1 m2
/// l2). The Queen on l2, guarded by the King on j2, checks along the straight-ahead diagonal
/// and covers m1 and m2: 1-0. With only White's King on l1, which covers m1 m2 l2 and does not
/// touch n1: stalemate, a draw.
#[test]
fn dagger_mate_wins_stalemate_draws() {
    let game = game(DAGGER);
    let mate = at(&game, "1/2/3/4/3/4/5/4/1K1/4/1Q1/2/k/4 b", "k n1 K j2 Q l2");
    assert_eq!(
        ending(&game, &mate),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let stale = at(&game, "1/2/3/4/3/4/5/4/3/4/K2/2/k/4 b", "k n1 K l1");
    assert!(!game.in_check(&stale, Side::Black));
    assert_eq!(
        ending(&game, &stale),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// Chessagon: Black's King on e15 (R; neighbours e14 d15 d13 f14 e13 d14). Mate: the Queen on
/// e13 checks it (12 o'clock same-colour step) and covers e14 (face), d15 (point), d13 (face),
/// f14 and d14 (same colour); the King on e11 guards her: 1-0. Stalemate: the Queen on d11 (L)
/// covers d13 and d15 (12 o'clock diagonal and the file), d14 (the file), e13 and e14 (the
/// Duke line at 1 o'clock), the King on g13 covers f14, and nothing attacks e15 (the stalemate
/// rule is chess's, see the variant file): a draw.
#[test]
fn chessagon_mate_wins_stalemate_draws() {
    let game = game(CHESSAGON);
    let mate = at(&game, "9/11/13/15/10K1Q1k/13/11/9 b", "k e15 Q e13 K e11");
    assert_eq!(
        ending(&game, &mate),
        Some((GameEnd::Checkmate, "1-0".into()))
    );
    let stale = at(&game, "9/11/13/10Q4/14k/13/10K/9 b", "k e15 Q d11 K g13");
    assert!(!game.in_check(&stale, Side::Black));
    assert_eq!(
        ending(&game, &stale),
        Some((GameEnd::Stalemate, "1/2-1/2".into()))
    );
}

/// Hex Shogi 81 and 41 ("You win by checkmating ... Stalemate is a draw"): Black's King in the
/// corner 9a. 81: neighbours 8a 8b 9b 7b 8c; the Gold on 9b checks (1 o'clock) and covers 8a,
/// 8b, 8c, the Pawn on 7c covers 7b and the Pawn on 9c guards the Gold: 1-0. A lone Gold on 7c
/// covers all five (7b 8c 8b orthogonally, 8a and 9b on its forward diagonals) without
/// attacking 9a: a draw. 41: neighbours 8a 8b 7b 8c; the Gold on 8b checks (11 o'clock) and
/// covers 8a, 7b, 8c, guarded by the Pawn on 8c, which it guards: 1-0; the lone Gold on 7c
/// again stalemates.
#[test]
fn shogi_81_and_41_mate_wins_stalemate_draws() {
    for (file, mate, mate_pieces, stale) in [
        (
            SHOGI[1],
            "8K/9/9/9/9/9/P1P6/G8/k8 b",
            "k 9a G 9b P 9c P 7c K 1i",
            "8K/9/9/9/9/9/2G6/9/k8 b",
        ),
        (
            SHOGI[2],
            "4K/4/5/4/5/4/P4/G3/k4 b",
            "k 9a G 8b P 8c K 1i",
            "4K/4/5/4/5/4/1G3/4/k4 b",
        ),
    ] {
        let game = game(file);
        let pos = at(&game, mate, mate_pieces);
        assert_eq!(
            ending(&game, &pos),
            Some((GameEnd::Checkmate, "1-0".into())),
            "{file}"
        );
        let pos = at(&game, stale, "k 9a G 7c K 1i");
        assert!(!game.in_check(&pos, Side::Black), "{file}");
        assert_eq!(
            ending(&game, &pos),
            Some((GameEnd::Stalemate, "1/2-1/2".into())),
            "{file}"
        );
    }
}

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
