//! Zobrist keys: a random 64-bit number for every (cell, side, piece), hand count, en-passant
//! cell, unmoved piece and for Black to move, seeded by the variant's pieces and board, so
//! that a position's key is the XOR of its features and a move changes it by the features it
//! changes. The fast engine keeps its state's key this way, updated in play; the search's
//! transposition table and repetition test read it.

use crate::variant::{Side, Variant};

/// Counts of one kind in hand with a key of their own in the table; larger counts mix the
/// last with the count.
pub const HAND_KEYS: usize = 32;

/// The keys of one variant.
#[derive(Clone, Debug)]
pub struct Zobrist {
    pieces: usize,
    placement: Vec<u64>,
    hands: Vec<u64>,
    en_passant: Vec<u64>,
    unmoved: Vec<u64>,
    black: u64,
    /// How many sides the game has.
    sides: usize,
    /// The keys of the third side to move and after (the first side's is 0, Black's
    /// `black`): drawn last, so that two-sided games keep their keys.
    later_to_move: Vec<u64>,
    /// Per side, its having left the game (games of more than two sides; drawn last).
    out: Vec<u64>,
}

impl Zobrist {
    /// Keys for a variant (the same variant always gets the same keys).
    pub fn new(v: &Variant) -> Zobrist {
        let cells = v.board().total();
        let pieces = v.pieces().len();
        let mut seed = 0xcbf2_9ce4_8422_2325u64;
        let mut mix = |bytes: &[u8]| {
            for b in bytes {
                seed = (seed ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
            }
        };
        mix(&(cells as u64).to_le_bytes());
        for p in v.pieces() {
            mix(p.symbol.as_bytes());
            mix(&[0]);
        }
        let mut rng = SplitMix(seed);
        let sides = v.sides().len();
        let mut keys = |n: usize| (0..n).map(|_| rng.next()).collect::<Vec<u64>>();
        Zobrist {
            pieces,
            placement: keys(cells * sides * pieces),
            hands: keys(sides * pieces * HAND_KEYS),
            en_passant: keys(cells),
            unmoved: keys(cells),
            black: keys(1)[0],
            sides,
            later_to_move: keys(sides.saturating_sub(2)),
            out: keys(if sides > 2 { sides } else { 0 }),
        }
    }

    /// A piece of `side` on `cell`.
    #[inline]
    pub fn piece(&self, cell: usize, side: Side, piece: usize) -> u64 {
        self.placement[(cell * self.sides + side.index()) * self.pieces + piece]
    }

    /// `side` holding `count` of `piece` (0 for none).
    #[inline]
    pub fn hand(&self, side: Side, piece: usize, count: usize) -> u64 {
        if count == 0 {
            return 0;
        }
        let key =
            self.hands[(side.index() * self.pieces + piece) * HAND_KEYS + count.min(HAND_KEYS) - 1];
        // Beyond the table, a count's key is the last one mixed with the count: each count
        // its own key, so hands that differ never compare equal.
        if count > HAND_KEYS {
            mix(key, count as u64)
        } else {
            key
        }
    }

    /// An en-passant cell.
    #[inline]
    pub fn en_passant(&self, cell: usize) -> u64 {
        self.en_passant[cell]
    }

    /// An unmoved piece on `cell`.
    #[inline]
    pub fn unmoved(&self, cell: usize) -> u64 {
        self.unmoved[cell]
    }

    /// Black to move.
    #[inline]
    pub fn black(&self) -> u64 {
        self.black
    }

    /// `side` having left the game (0 in games of two sides, where none leaves).
    #[inline]
    pub fn out(&self, side: Side) -> u64 {
        self.out.get(side.index()).copied().unwrap_or(0)
    }

    /// `side` to move (0 for the first side).
    #[inline]
    pub fn to_move(&self, side: Side) -> u64 {
        match side.index() {
            0 => 0,
            1 => self.black,
            k => self.later_to_move[k - 2],
        }
    }
}

/// SplitMix64: a small, well-mixed generator for the keys.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A 64-bit mix of a value and a seed (SplitMix64's finaliser): what the keys are built from.
pub fn mix(seed: u64, x: u64) -> u64 {
    let mut z = seed ^ x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A 128-bit key for one feature of a position (a piece on a cell, a hand count, ...): two
/// independent mixes.
pub fn feature(seed: u64, x: u64) -> u128 {
    let lo = mix(seed, x);
    let hi = mix(
        seed ^ 0x6a09_e667_f3bc_c909,
        x.rotate_left(17) ^ 0xbb67_ae85_84ca_a73b,
    );
    (u128::from(hi) << 64) | u128::from(lo)
}

/// The feature of a piece of a side on a cell.
pub(crate) fn piece_feature(cell: usize, side: usize, piece: usize) -> u64 {
    (cell as u64) << 16 | (side as u64) << 8 | piece as u64
}

/// The feature of a side holding `n` pieces of a type.
pub(crate) fn hand_feature(side: usize, piece: usize, n: u16) -> u64 {
    3 << 40 | (side as u64) << 32 | (piece as u64) << 16 | u64::from(n)
}
