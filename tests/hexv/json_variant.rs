//! `hexv table FILE --format json` describes the whole variant (`hexv-tables-2`,
//! docs/tables-json.md): a player written against the JSON alone (`tools/json_perft.py`,
//! Python standard library, no hexv code) counts the same perft as hexv on every shipped
//! variant, and the keys of version 2 say what the variant files say.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use hexv::load::Compiled;
use hexv::render::svg;
use serde_json::{json, Value};

use crate::cli::run;
use crate::support::scratch;
use crate::support::{compiled, root, variant_files};

/// The JSON `hexv table FILE --format json` prints, parsed, and its text.
pub fn table_json(file: &str) -> (Value, String) {
    let (code, stdout, stderr) = run(&["table", file, "--format", "json"]);
    assert_eq!(code, 0, "{file}: {stderr}");
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{file}: {e}"));
    (json, stdout)
}

/// True when `python3` runs; otherwise says why the test is skipped.
pub fn python_available(test: &str) -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("{test}: skipped: python3 is not installed (tools/json_perft.py needs it)");
    }
    ok
}

/// One perft question for tools/json_perft.py: a variant, the moves played from its start
/// (docs/notation.md), and the deepest depth counted.
struct Case {
    file: &'static str,
    moves: &'static str,
    depth: u32,
}

const fn case(file: &'static str, moves: &'static str, depth: u32) -> Case {
    Case { file, moves, depth }
}

/// The shipped variants whose start is also counted to depth 3 in the quick test.
const DEPTH_3: [&str; 5] = [
    "variants/mini-hexchess.hexv",
    "variants/dagger.hexv",
    "variants/hex-shogi-41.hexv",
    "variants/koval.hexv",
    "variants/xiang-hex.hexv",
];

/// Positions away from the start that need the rules the start trees do not reach early
/// (the move sequences of tests/data/perft.txt and docs/perft.md): drops with their
/// restrictions, a capture going to the hand as the piece it demotes to, castlings, en
/// passant beside the pawn, the facing rule holding a piece between the generals.
const QUICK: [Case; 10] = [
    // Drops: Black holds a Pawn (`drop not-defended-by P`, `drop no-check`).
    case("variants/hex-shogi-41.hexv", "1i-3f 9a-7d 3fx4c", 3),
    // Both hands: White a Gold, Black a Bishop.
    case("variants/hex-shogi-91.hexv", "2j-4i 11a-11b 4ix8a 6bx8a", 2),
    // A promoted Bishop taken goes to the hand as a Bishop.
    case(
        "variants/hex-shogi-91.hexv",
        "2j-4i 11a-11b 4ix8a=+B 8bx8a",
        2,
    ),
    // Dagger after a bishop capture (a pawn's two-rank step gives en passant between cells).
    case("variants/dagger.hexv", "e1-f2 j3-h3 c1xj1", 3),
    // Shafran's queen-side castlings (e1-c1, e1-b1).
    case(
        "variants/shafran.hexv",
        "b1-a3 a5-a4 c1-d3 i9-i8 d1-e3 c8-b5",
        2,
    ),
    // De Vasa's short castlings, White's and then Black's.
    case("variants/de-vasa.hexv", "h1-i4 b9-a6 g1-i2 c9-a8", 2),
    // Brusky: castling, and i5xh6 en passant after h7-h5.
    case(
        "variants/brusky.hexv",
        "h1-k3 e8-b6 g1-h3 f8-e6 i2-i4 l7-l6 i4-i5 h7-h5",
        2,
    ),
    // Xiang Hex: the Cannon checks over a Soldier, and the facing rule pins.
    case(
        "variants/xiang-hex.hexv",
        "e4-e5 e8-e7 e5-e6 e7xe6 b2-e2",
        3,
    ),
    // A double step that gives no en passant (`no-en-passant`): no f6xe6 here.
    case("tests/fixtures/valid/no_en_passant.hexv", "f5-f6 e7-e5", 2),
    // Shogi's drop rules: one own Pawn per leaning file, and `P*4h` would mate (refused).
    case(
        "tests/fixtures/valid/drop_rules.hexv",
        "3h-4f 4c-4d 4h-5f 4d-4e 5fx4e 9a-7d 4ex5c 7dx5g=+N P*7e",
        2,
    ),
];

/// The rest of the positions of tests/data/perft.txt reached by moves, for the deeper
/// (ignored) test.
const DEEP: [Case; 7] = [
    case("variants/hex-shogi-81.hexv", "8i-9f 8c-8d 9fx8d", 3),
    case("variants/hex-shogi-91.hexv", "2j-4i 11a-11b 4ix8a", 3),
    case("variants/hex-shogi-91.hexv", "2j-4i 11a-11b 4ix8a 6bx8a", 3),
    case(
        "variants/shafran.hexv",
        "g3-e4 h10-i8 f2-c5 g10-e6 h4-g5 f10-e8",
        3,
    ),
    case(
        "variants/de-vasa.hexv",
        "b1-c4 h9-g6 c1-b2 g9-h8 d1-c2 f9-g8 e1-d2 e9-f8",
        3,
    ),
    case(
        "variants/brusky.hexv",
        "b1-a3 k8-l6 c1-d3 j8-i6 d1-e3 i8-h6 e1-f3 h8-g6 j2-j3 f7-f5 j3-j4 f5-f4",
        3,
    ),
    case(
        "variants/xiang-hex.hexv",
        "e4-e5 e8-e7 e5-e6 e7xe6 b2-e2",
        3,
    ),
];

/// hexv's own counts (the fast engine) after `moves`, depths 1 to `depth`, in the script's
/// output format.
fn library_counts(c: &Compiled, file: &str, moves: &str, depth: u32) -> String {
    let game = c.game();
    let pos = game
        .play_moves(&game.start_position(), moves)
        .unwrap_or_else(|(i, e)| panic!("{file}: move {}: {e:?}", i + 1));
    (1..=depth)
        .map(|d| format!("{d}={}", c.engine().perft(&pos, d)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Starts tools/json_perft.py on a file of the variant's JSON for the move sequences of one
/// variant at one depth; [`counts_of`] reads its answer.
fn start_script(json: &Path, depth: u32, moves: &[&str]) -> Child {
    let mut cmd = Command::new("python3");
    cmd.arg(root().join("tools/json_perft.py"))
        .arg(json)
        .arg("--depth")
        .arg(depth.to_string());
    for m in moves {
        cmd.arg("--moves").arg(m);
    }
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs")
}

/// The script's output: one line of counts per move sequence.
fn counts_of(child: Child) -> Vec<String> {
    let out = child.wait_with_output().expect("the script ends");
    assert!(
        out.status.success(),
        "json_perft.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Every shipped variant's start to `start_depth` (or 3 for those of [`DEPTH_3`] when
/// `start_depth` is 2), and the positions of `cases`, counted from the JSON alone and by hexv.
fn compare(start_depth: u32, cases: &[Case]) {
    // The script plays two sides: the shipped variants of more (Wellisch's) are counted by
    // tools/perft_check.py, from their rule texts, instead.
    let files: Vec<PathBuf> = variant_files()
        .into_iter()
        .filter(|path| compiled(path).variant().sides().len() == 2)
        .collect();
    assert_eq!(
        files.len(),
        15,
        "every two-sided shipped variant is counted"
    );
    // Per file and depth: the move sequences to count (the start is "").
    let mut jobs: BTreeMap<(String, u32), Vec<&str>> = BTreeMap::new();
    for path in &files {
        let file = format!("variants/{}", path.file_name().unwrap().to_string_lossy());
        let depth = if start_depth == 2 && DEPTH_3.contains(&file.as_str()) {
            3
        } else {
            start_depth
        };
        jobs.entry((file, depth)).or_default().push("");
    }
    for c in cases {
        jobs.entry((c.file.to_string(), c.depth))
            .or_default()
            .push(c.moves);
    }
    // Each variant's JSON in a file; the scripts run side by side while hexv counts.
    let dir = scratch(&format!("json-perft-{start_depth}"));
    let mut json_of: BTreeMap<String, PathBuf> = BTreeMap::new();
    let children: Vec<Child> = jobs
        .iter()
        .map(|((file, depth), moves)| {
            let json = json_of.entry(file.clone()).or_insert_with(|| {
                let path = dir.join(file.replace('/', "_") + ".json");
                std::fs::write(&path, table_json(file).1).expect("the JSON is written");
                path
            });
            start_script(json, *depth, moves)
        })
        .collect();
    for (((file, depth), moves), child) in jobs.iter().zip(children) {
        let c = compiled(file);
        let want: Vec<String> = moves
            .iter()
            .map(|m| library_counts(&c, file, m, *depth))
            .collect();
        let got = counts_of(child);
        assert_eq!(got.len(), moves.len(), "{file}: one line per position");
        for ((m, line), want) in moves.iter().zip(&got).zip(&want) {
            assert_eq!(
                line, want,
                "{file} after `{m}`: the JSON alone counts {line}, hexv {want}"
            );
        }
    }
}

#[test]
fn json_alone_counts_the_same_perft_as_hexv() {
    if !python_available("json_alone_counts_the_same_perft_as_hexv") {
        return;
    }
    compare(2, &QUICK);
}

/// Every start and every position reached by moves to depth 3 (about a minute).
#[test]
#[ignore]
fn json_alone_counts_the_same_perft_as_hexv_at_depth_3() {
    if !python_available("json_alone_counts_the_same_perft_as_hexv_at_depth_3") {
        return;
    }
    let mut cases: Vec<Case> = QUICK.iter().map(|c| case(c.file, c.moves, 3)).collect();
    cases.extend(DEEP);
    compare(3, &cases);
}

fn names(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|c| c.as_str().expect("a name"))
        .collect()
}

fn cells_by_name(json: &Value) -> BTreeMap<&str, &Value> {
    json["board"]["cells"]
        .as_array()
        .expect("board cells")
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c))
        .collect()
}

fn piece<'a>(json: &'a Value, symbol: &str) -> &'a Value {
    json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["symbol"] == symbol)
        .unwrap_or_else(|| panic!("no piece {symbol}"))
}

#[test]
fn glinski_board_setup_and_rules() {
    let (json, _) = table_json("variants/glinski.hexv");
    assert_eq!(json["format"], "hexv-tables-2");
    assert_eq!(json["meta"]["inventor"], "Władysław Gliński");
    let board = &json["board"];
    assert_eq!(board["grid"], "flat");
    // 91 cells (`shape hexagon 6`), in the order of version 1's `cells`.
    let cells = board["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 91);
    let order: Vec<&str> = cells.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(order, names(&json["cells"]));
    // No `colours` line: the classes are "colour 1" to "colour 3"; the summary's 30 / 31 / 30,
    // and the centre f6 is in the class of 31 (each ring of 6k cells holds 2k of each).
    assert_eq!(
        board["colours"],
        json!(["colour 1", "colour 2", "colour 3"])
    );
    let mut sizes = [0; 3];
    for c in cells {
        sizes[c["colour"].as_u64().unwrap() as usize] += 1;
    }
    assert_eq!(sizes, [30, 31, 30]);
    let by_name = cells_by_name(&json);
    let f6 = by_name["f6"];
    assert_eq!(f6["coord"], json!([0, 0]));
    assert_eq!(f6["colour"], 1);
    // Drawn about the centre, y downward: f6 at the origin, f1 straight below it, five cells
    // of height sqrt(3) R (R = 24) away.
    assert_eq!((f6["x"].as_f64(), f6["y"].as_f64()), (Some(0.0), Some(0.0)));
    assert_eq!(board["cell_size"], 24.0);
    let f1 = by_name["f1"];
    assert_eq!(f1["x"].as_f64(), Some(0.0));
    assert_eq!(f1["y"].as_f64(), Some(207.85));
    assert_eq!(f1["corners"].as_array().unwrap().len(), 6);
    assert!(f6.get("points").is_none(), "only triangles point");
    // Eleven files a-l (no j), a1 to a6 first.
    let lines = board["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 11);
    assert_eq!(names(&lines[0]), ["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(names(&lines[5]).len(), 11);
    // The setup of the file: 18 White pieces, the king on g1; Black's mirrored.
    let setup = &json["setup"];
    assert_eq!(setup["to_move"], "white");
    let white = setup["white"].as_object().unwrap();
    assert_eq!(white.len(), 18);
    assert_eq!(white["g1"], "K");
    assert_eq!(white["e1"], "Q");
    let bishops: BTreeSet<&str> = white
        .iter()
        .filter(|(_, p)| *p == "B")
        .map(|(c, _)| c.as_str())
        .collect();
    assert_eq!(bishops, BTreeSet::from(["f1", "f2", "f3"]));
    let black = setup["black"].as_object().unwrap();
    assert_eq!(black.len(), 18);
    assert_eq!(black["g10"], "K");
    assert_eq!(black["f11"], "B");
    assert_eq!(setup["hands"], json!({"white": {}, "black": {}}));
    assert_eq!(
        setup["position"],
        "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - - - 0"
    );
    assert_eq!(json["symmetry"], "mirror");
    // Zones, each side's cells; the pawn promotes on reaching the far edge, forced.
    let start = &json["zones"]["pawn-start"];
    assert_eq!(
        names(&start["white"]),
        ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]
    );
    assert_eq!(names(&start["black"]).len(), 9);
    assert_eq!(names(&json["zones"]["far-edge"]["white"]).len(), 11);
    let pawn = piece(&json, "P");
    assert_eq!(
        pawn["promotion"],
        json!({"zone": "far-edge", "to": ["Q", "R", "B", "N"], "optional": false})
    );
    assert_eq!(pawn["captures_en_passant"], true);
    assert_eq!(pawn["royal"], false);
    assert!(pawn.get("drops").is_none(), "no hands in Glinski's chess");
    assert_eq!(
        pawn["movements"][2],
        json!({"kind": "multi-step", "max": 2, "hours": [12], "ray": "line",
               "from": "zone", "zone": "pawn-start"})
    );
    let king = piece(&json, "K");
    assert_eq!(king["royal"], true);
    assert_eq!(piece(&json, "B")["colour_bound"], true);
    assert_eq!(
        piece(&json, "N")["movements"][0]["leaps"]
            .as_array()
            .unwrap()
            .len(),
        12
    );
    // Glinski: no castling; stalemate gives the stalemating side 3/4.
    assert_eq!(json["castlings"], json!([]));
    assert_eq!(
        json["rules"],
        json!({"checkmate_wins": true, "stalemate": "3/4", "captures_to_hand": false})
    );
}

#[test]
fn chessagon_triangles_point_left_or_right() {
    let (json, _) = table_json("variants/chessagon.hexv");
    let board = &json["board"];
    assert_eq!(board["grid"], "triangle");
    assert_eq!(board["cell_size"], 60.0);
    // `colours dark light`: a4, the first cell, points left and is dark.
    assert_eq!(board["colours"], json!(["dark", "light"]));
    let cells = board["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 96);
    let by_name = cells_by_name(&json);
    assert_eq!(cells[0]["name"], "a4");
    assert_eq!(
        (&by_name["a4"]["points"], &by_name["a4"]["colour"]),
        (&json!("left"), &json!(0))
    );
    // docs/geometry.md: a triangle is light (pointing right) when its file index (a = 1) plus
    // its level is even; White's corners d1 (dark, left) and e1 (light, right).
    for c in cells {
        let name = c["name"].as_str().unwrap();
        let file = (name.as_bytes()[0] - b'a' + 1) as u32;
        let level: u32 = name[1..].parse().unwrap();
        let light = (file + level).is_multiple_of(2);
        let want = if light { ("right", 1) } else { ("left", 0) };
        assert_eq!(
            (c["points"].as_str().unwrap(), c["colour"].as_u64().unwrap()),
            want,
            "{name}"
        );
        assert_eq!(c["corners"].as_array().unwrap().len(), 3, "{name}");
        // The tripled barycentric coordinates: right-pointing ≡ 1 (mod 3), left ≡ 2.
        let a = c["coord"][0].as_i64().unwrap();
        assert_eq!(a.rem_euclid(3), if light { 1 } else { 2 }, "{name}");
    }
    assert_eq!(by_name["d1"]["points"], "left");
    assert_eq!(by_name["e1"]["points"], "right");
    // Four castlings a side, each the king's and the rook's moves and what they need.
    let castlings = json["castlings"].as_array().unwrap();
    assert_eq!(castlings.len(), 8);
    let white: BTreeSet<&str> = castlings
        .iter()
        .filter(|c| c["side"] == "white")
        .map(|c| c["king_to"].as_str().unwrap())
        .collect();
    assert_eq!(white, BTreeSet::from(["c2", "c3", "f3", "g3"]));
    let to_g3 = castlings.iter().find(|c| c["king_to"] == "g3").unwrap();
    assert_eq!(
        (&to_g3["king"], &to_g3["king_from"], &to_g3["rook"]),
        (&json!("K"), &json!("e1"), &json!("R"))
    );
    assert_eq!(
        (&to_g3["rook_from"], &to_g3["rook_to"]),
        (&json!("g3"), &json!("f2"))
    );
    // The pawn's two-cell advance is its own while unmoved.
    let pawn = piece(&json, "P");
    assert!(pawn["movements"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["kind"] == "multi-step" && m["from"] == "unmoved"));
    assert_eq!(pawn["tracks_unmoved"], true);
}

#[test]
fn hex_shogi_hands_and_drop_rules() {
    let (json, _) = table_json("variants/hex-shogi-41.hexv");
    let rules = &json["rules"];
    assert_eq!(rules["captures_to_hand"], true);
    assert_eq!(rules["repetition"], json!({"times": 3, "score": "draw"}));
    assert_eq!(
        rules["move_limit"],
        json!({"moves": 50, "score": "draw", "reset_by": []})
    );
    assert_eq!(rules["stalemate"], "draw");
    assert_eq!(json["setup"]["hands"], json!({"white": {}, "black": {}}));
    // `zone camp = 9a ... 4c`: White's (Shogi's Black's) promotion zone, the top three ranks.
    assert_eq!(
        names(&json["zones"]["camp"]["white"]),
        ["9a", "8a", "7a", "6a", "5a", "8b", "7b", "6b", "5b", "8c", "7c", "6c", "5c", "4c"]
    );
    let pawn = piece(&json, "P");
    assert_eq!(
        pawn["drops"],
        json!({"not_defended_by": ["P"], "no_check": true})
    );
    assert_eq!(
        pawn["promotion"],
        json!({"zone": "camp", "to": ["+P"], "optional": true})
    );
    // Droppable pieces have drop rules (maybe none); the King and promoted pieces have none.
    assert_eq!(
        piece(&json, "N")["drops"],
        json!({"not_defended_by": [], "no_check": false})
    );
    assert!(piece(&json, "K").get("drops").is_none());
    let tokin = piece(&json, "+P");
    assert!(tokin.get("drops").is_none());
    assert_eq!(tokin["demotes_to"], "P");
    assert!(pawn.get("demotes_to").is_none());
    // A Pawn is dropped anywhere but the last rank (5 cells), a Knight not on the last two
    // (5 + 4 cells): of 41 cells, 36 and 32.
    let hand = |p: &Value| p["moves"]["white"]["(hand)"].as_array().unwrap().len();
    assert_eq!(hand(pawn), 36);
    assert_eq!(hand(piece(&json, "N")), 32);
    assert_eq!(json["board"]["grid"], "pointy");
    assert_eq!(json["castlings"], json!([]));
    // The King is not castled with and multi-steps nowhere: it need not be told unmoved.
    assert_eq!(piece(&json, "K")["tracks_unmoved"], false);
}

#[test]
fn dagger_off_board_cells() {
    let (json, _) = table_json("variants/dagger.hexv");
    assert_eq!(json["off_board"], json!(["a0", "a2", "n0", "n2"]));
    let off: BTreeMap<&str, &Value> = json["board"]["off_board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c))
        .collect();
    // `off-board a0 at (-1, 0) place-on a1` and the others of the board block.
    let facts = |n: &str| (off[n]["coord"].clone(), off[n]["place_on"].clone());
    assert_eq!(facts("a0"), (json!([-1, 0]), json!("a1")));
    assert_eq!(facts("a2"), (json!([1, 0]), json!("a1")));
    assert_eq!(facts("n0"), (json!([-7, 12]), json!("n1")));
    assert_eq!(facts("n2"), (json!([-5, 12]), json!("n1")));
    assert_eq!(json["board"]["cells"].as_array().unwrap().len(), 39);
    // The knights start on them.
    let setup = &json["setup"];
    assert_eq!(
        (&setup["white"]["a0"], &setup["white"]["a2"]),
        (&json!("N"), &json!("N"))
    );
    assert_eq!(
        (&setup["black"]["n0"], &setup["black"]["n2"]),
        (&json!("N"), &json!("N"))
    );
    assert_eq!(setup["white"].as_object().unwrap().len(), 15);
    assert_eq!(json["symmetry"], "rotate");
    // The pawn's two-rank step is marked en passant; the pawn takes en passant.
    let pawn = piece(&json, "P");
    assert_eq!(pawn["captures_en_passant"], true);
    assert_eq!(
        pawn["movements"][1],
        json!({"kind": "ride", "hours": [12], "ray": "line", "max": 1,
               "move": true, "capture": false, "en_passant": true})
    );
    assert_eq!(
        pawn["promotion"],
        json!({"zone": "far-back", "to": ["Q", "R", "B", "N"], "optional": false})
    );
    assert_eq!(
        json["zones"]["far-back"],
        json!({"white": ["n1"], "black": ["a1"]})
    );
}

#[test]
fn xiang_hex_facing_and_draw_without() {
    let (json, _) = table_json("variants/xiang-hex.hexv");
    let rules = &json["rules"];
    // `stalemate win`, `repetition 3 loss`, `draw-without S H C A`, `facing 12`.
    assert_eq!(rules["stalemate"], "win");
    assert_eq!(rules["repetition"], json!({"times": 3, "score": "loss"}));
    assert_eq!(rules["draw_without"], json!(["S", "H", "C", "A"]));
    let facing = &rules["facing"];
    assert_eq!(
        facing["directions"],
        json!([{"hours": [12], "ray": "line"}])
    );
    // From the General's e1 up file e to e11, and from Black's e11 down to e1.
    let up: Vec<String> = (2..=11).map(|r| format!("e{r}")).collect();
    assert_eq!(facing["lines"]["white"]["e1"], json!([up]));
    let down: Vec<String> = (1..=10).rev().map(|r| format!("e{r}")).collect();
    assert_eq!(facing["lines"]["black"]["e11"], json!([down]));
    // The General is confined to its palace.
    assert_eq!(piece(&json, "G")["confined"], "palace");
    assert_eq!(
        names(&json["zones"]["palace"]["white"]),
        ["d1", "d2", "e1", "e2", "e3", "f1", "f2"]
    );
}

#[test]
fn koval_stalemate_exception() {
    let (json, _) = table_json("variants/koval.hexv");
    // `stalemate win but draw with Q R P`.
    assert_eq!(json["rules"]["stalemate"], "win");
    assert_eq!(
        json["rules"]["stalemate_with"],
        json!({"score": "draw", "pieces": ["Q", "R", "P"]})
    );
}

/// Each cell's `x`, `y` and `corners` are where the SVG renderer draws it: its polygon's
/// points, and the centre of those (a hexagon's corners, a triangle's vertices).
#[test]
fn cells_are_where_the_svg_draws_them() {
    for path in variant_files() {
        let file = format!("variants/{}", path.file_name().unwrap().to_string_lossy());
        let (json, _) = table_json(&file);
        let c = compiled(&file);
        let text = svg::render(c.variant().board(), "cells", &BTreeMap::new());
        let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
        let polygons: BTreeMap<&str, &str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("cell"))
            .map(|n| {
                (
                    n.attribute("data-cell").unwrap(),
                    n.attribute("points").unwrap(),
                )
            })
            .collect();
        let cells = json["board"]["cells"].as_array().unwrap();
        assert_eq!(polygons.len(), cells.len(), "{file}");
        for cell in cells {
            let name = cell["name"].as_str().unwrap();
            let corners: Vec<(f64, f64)> = cell["corners"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
                .collect();
            let drawn: Vec<(f64, f64)> = polygons[name]
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(corners, drawn, "{file} {name}");
            let n = corners.len() as f64;
            let (mx, my) = corners
                .iter()
                .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
            let (x, y) = (cell["x"].as_f64().unwrap(), cell["y"].as_f64().unwrap());
            assert!(
                (mx - x).abs() < 0.02 && (my - y).abs() < 0.02,
                "{file} {name}: centre ({x}, {y}), corners about ({mx}, {my})"
            );
        }
    }
}
