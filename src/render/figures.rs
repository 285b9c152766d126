//! The piece figures of every SVG picture (diagrams, the rules page, the game page's start,
//! the playground): the orthodox pieces drawn as figures, shogi-style pieces as tiles pointing
//! at the opponent with their letter, any other piece as a disc with its symbol; each side
//! filled in its own colour with a contrasting outline. hexv's own drawings: flat silhouettes
//! on a 100-unit box, centred on the cell and scaled to it.

use std::fmt::Write as _;

use super::svg::escape;
use crate::variant::Piece;

/// How a piece is drawn: the figures a `glyph` line names, one set for every picture.
pub use crate::variant::Glyph as Figure;

impl Figure {
    /// The figure of a piece: its `glyph` line's when it has one; otherwise by its name (any
    /// case), a tile for every piece when `tiles` (the variant's pieces are shogi's: captured
    /// pieces change sides), a disc for a name that is no orthodox piece's.
    pub fn for_piece(piece: &Piece, tiles: bool) -> Figure {
        if let Some(glyph) = piece.glyph {
            return glyph;
        }
        Figure::by_name(&piece.name, tiles)
    }

    /// The figure a piece's name chooses (any case); a tile for every piece when `tiles`.
    fn by_name(name: &str, tiles: bool) -> Figure {
        if tiles {
            return Figure::Tile;
        }
        match name.to_ascii_lowercase().as_str() {
            "king" => Figure::King,
            "queen" => Figure::Queen,
            "rook" => Figure::Rook,
            "bishop" => Figure::Bishop,
            "knight" => Figure::Knight,
            "pawn" => Figure::Pawn,
            _ => Figure::Disc,
        }
    }

    /// The figure's parts, each a path on the 100-unit box (centre 50,50; the base at the
    /// bottom); `true` where a part has holes (drawn with the even-odd rule).
    fn parts(self) -> &'static [(&'static str, bool)] {
        match self {
            Figure::King => &[
                ("M46,4 L54,4 L54,11 L61,11 L61,19 L54,19 L54,31 L46,31 L46,19 L39,19 L39,11 L46,11 Z", false),
                ("M50,32 C38,24 16,28 20,48 C22,58 28,66 30,76 L70,76 C72,66 78,58 80,48 C84,28 62,24 50,32 Z", false),
                ("M24,76 L76,76 L76,87 L24,87 Z", false),
            ],
            Figure::Queen => &[
                ("M24,76 L14,31 L32,54 L34,23 L45,52 L50,17 L55,52 L66,23 L68,54 L86,31 L76,76 Z", false),
                ("M9,26 A5,5 0 1 1 19,26 A5,5 0 1 1 9,26 Z M29,18 A5,5 0 1 1 39,18 A5,5 0 1 1 29,18 Z M45,12 A5,5 0 1 1 55,12 A5,5 0 1 1 45,12 Z M61,18 A5,5 0 1 1 71,18 A5,5 0 1 1 61,18 Z M81,26 A5,5 0 1 1 91,26 A5,5 0 1 1 81,26 Z", false),
                ("M22,76 L78,76 L78,87 L22,87 Z", false),
            ],
            Figure::Rook => &[(
                "M24,87 L76,87 L76,76 L68,76 L64,44 L72,38 L72,13 L62,13 L62,21 L56,21 L56,13 L44,13 L44,21 L38,21 L38,13 L28,13 L28,38 L36,44 L32,76 L24,76 Z M36,38 L64,38",
                false,
            )],
            Figure::Bishop => &[
                ("M44,13 A6,6 0 1 1 56,13 A6,6 0 1 1 44,13 Z", false),
                ("M50,19 C62,27 68,40 63,54 L37,54 C32,40 38,27 50,19 Z M53,27 L57,30 L49,45 L45,42 Z", true),
                ("M36,54 L64,54 L62,63 L38,63 Z M40,63 L60,63 L63,76 L37,76 Z", false),
                ("M24,76 L76,76 L76,87 L24,87 Z", false),
            ],
            Figure::Knight => &[(
                "M32,87 L78,87 C78,66 76,50 72,38 C68,24 58,16 48,14 L46,5 L40,14 C34,16 30,20 27,26 L15,44 C12,49 15,54 20,54 L25,53 C29,55 34,52 38,48 L44,44 C44,54 36,62 32,70 C30,76 30,82 32,87 Z M38,27 A3,3 0 1 1 44,27 A3,3 0 1 1 38,27 Z",
                true,
            )],
            Figure::Pawn => &[
                ("M38,28 A12,12 0 1 1 62,28 A12,12 0 1 1 38,28 Z", false),
                ("M42,40 L58,40 L56,47 C62,55 67,66 69,76 L31,76 C33,66 38,55 44,47 Z", false),
                ("M26,76 L74,76 L74,87 L26,87 Z", false),
            ],
            Figure::Tile => &[("M50,9 L75,22 L82,89 L18,89 L25,22 Z", false)],
            Figure::Disc => &[("M12,50 A38,38 0 1 1 88,50 A38,38 0 1 1 12,50 Z", false)],
        }
    }
}

/// A side's colours: the fill, the outline, and the ink of a letter on the fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    /// The piece's body.
    pub fill: &'static str,
    /// Its outline.
    pub outline: &'static str,
    /// A letter written on it.
    pub ink: &'static str,
    /// A promoted piece's letter: red, or yellow where the body is red already.
    pub promoted_ink: &'static str,
}

const DARK: &str = "#1f1f1f";
const LIGHT: &str = "#f7f5ef";
/// The ink of a promoted piece's letter, as shogi sets print it.
const PROMOTED: &str = "#d4261c";

/// Colours by name, for sides named after a colour (Wellisch's white, black and red).
const NAMED: [(&str, Colours); 8] = [
    (
        "white",
        Colours {
            fill: LIGHT,
            outline: DARK,
            ink: DARK,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "black",
        Colours {
            fill: "#262626",
            outline: "#e9e6dc",
            ink: LIGHT,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "red",
        Colours {
            fill: "#c8372d",
            outline: DARK,
            ink: LIGHT,
            promoted_ink: "#ffe14d",
        },
    ),
    (
        "blue",
        Colours {
            fill: "#2f66c4",
            outline: DARK,
            ink: LIGHT,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "green",
        Colours {
            fill: "#2e8b47",
            outline: DARK,
            ink: LIGHT,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "yellow",
        Colours {
            fill: "#e7c31b",
            outline: DARK,
            ink: DARK,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "orange",
        Colours {
            fill: "#e07b1f",
            outline: DARK,
            ink: DARK,
            promoted_ink: PROMOTED,
        },
    ),
    (
        "purple",
        Colours {
            fill: "#7d45a8",
            outline: DARK,
            ink: LIGHT,
            promoted_ink: PROMOTED,
        },
    ),
];

/// The word for the colour side `index` named `name` is drawn in: the colour it is named
/// after, else white and black for the first two sides and red, blue, green, yellow for
/// the others (as [`side_colours`] chooses).
pub fn side_colour_name(index: usize, name: &str) -> &'static str {
    let lower = name.to_ascii_lowercase();
    NAMED
        .iter()
        .map(|(w, _)| *w)
        .find(|w| *w == lower)
        .unwrap_or_else(|| SIDE_ORDER[index % SIDE_ORDER.len()])
}

/// The colours unnamed sides take, in order.
const SIDE_ORDER: [&str; 6] = ["white", "black", "red", "blue", "green", "yellow"];

/// The colours of side `index` named `name`: the colour it is named after, else white and
/// black for the first two sides and red, blue, green, yellow for the others.
pub fn side_colours(index: usize, name: &str) -> Colours {
    let named = |n: &str| NAMED.iter().find(|(w, _)| *w == n).map(|(_, c)| *c);
    named(side_colour_name(index, name)).unwrap_or(NAMED[0].1)
}

/// What a piece on a cell looks like.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceLook {
    /// The figure.
    pub figure: Figure,
    /// The symbol written on a tile or disc (and in the ASCII pictures' label).
    pub symbol: String,
    /// The piece's name and side in words, for the picture's tooltip (`White Knight`).
    pub title: String,
    /// The side's colours.
    pub colours: Colours,
    /// Where the side's forward points, in degrees clockwise from the top of the page (a
    /// tile points there).
    pub facing: f64,
    /// A promoted piece: its letter is drawn in red.
    pub promoted: bool,
}

/// Writes `look` centred on `(x, y)`, `scale` page units to a box unit.
pub fn draw(out: &mut String, look: &PieceLook, (x, y): (f64, f64), scale: f64) {
    let c = look.colours;
    let _ = write!(
        out,
        r#"<g class="piece {}" transform="translate({x:.2} {y:.2}) scale({scale:.3}) translate(-50 -50)" fill="{}" stroke="{}" stroke-width="3.5" stroke-linejoin="round"><title>{}</title>"#,
        look.figure.word(),
        c.fill,
        c.outline,
        escape(&look.title)
    );
    let turned = matches!(look.figure, Figure::Tile) && look.facing.rem_euclid(360.0) != 0.0;
    if turned {
        let _ = write!(out, r#"<g transform="rotate({:.0} 50 50)">"#, look.facing);
    }
    for (d, holes) in look.figure.parts() {
        let rule = if *holes {
            r#" fill-rule="evenodd""#
        } else {
            ""
        };
        let _ = write!(out, r#"<path d="{d}"{rule}/>"#);
    }
    if turned {
        out.push_str("</g>");
    }
    if matches!(look.figure, Figure::Tile | Figure::Disc) {
        let size = match look.symbol.chars().count() {
            0 | 1 => 46.0,
            2 => 36.0,
            _ => 26.0,
        };
        let ink = if look.promoted { c.promoted_ink } else { c.ink };
        let _ = write!(
            out,
            r#"<text x="50" y="{:.1}" font-size="{size:.0}" font-weight="bold" text-anchor="middle" fill="{ink}" stroke="none">{}</text>"#,
            50.0 + size * 0.36,
            escape(&look.symbol)
        );
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthodox_names_get_figures_and_others_discs_or_tiles() {
        assert_eq!(Figure::by_name("Knight", false), Figure::Knight);
        assert_eq!(Figure::by_name("QUEEN", false), Figure::Queen);
        assert_eq!(Figure::by_name("Duke", false), Figure::Disc);
        assert_eq!(Figure::by_name("Knight", true), Figure::Tile);
    }

    #[test]
    fn sides_are_told_apart_by_colour() {
        let fills: Vec<&str> = ["white", "black", "red"]
            .iter()
            .enumerate()
            .map(|(i, n)| side_colours(i, n).fill)
            .collect();
        assert_eq!(fills.len(), 3);
        assert!(fills[0] != fills[1] && fills[1] != fills[2] && fills[0] != fills[2]);
        // Unnamed sides take the order white, black, red, blue, ...
        assert_eq!(side_colours(3, "north").fill, side_colours(3, "blue").fill);
        assert_eq!(side_colours(0, "sente"), side_colours(0, "white"));
        for i in 0..6 {
            let c = side_colours(i, "");
            assert_ne!(c.fill, c.outline, "an outline that shows");
            assert_ne!(c.fill, c.ink, "a letter that shows");
        }
    }

    #[test]
    fn a_tile_turns_to_its_side_and_a_figure_does_not() {
        let look = |figure, facing| PieceLook {
            figure,
            symbol: "S".into(),
            title: "Black Silver".into(),
            colours: side_colours(1, "black"),
            facing,
            promoted: false,
        };
        let mut out = String::new();
        draw(&mut out, &look(Figure::Tile, 180.0), (10.0, 20.0), 0.3);
        assert!(out.contains(r#"rotate(180 50 50)"#), "{out}");
        assert!(out.contains(">S</text>"), "{out}");
        assert!(out.contains("<title>Black Silver</title>"));
        let mut out = String::new();
        draw(&mut out, &look(Figure::Knight, 180.0), (10.0, 20.0), 0.3);
        assert!(!out.contains("rotate"), "{out}");
        assert!(!out.contains("<text"), "a figure, not a letter: {out}");
        assert!(out.contains(r##"fill="#262626""##), "{out}");
    }
}
