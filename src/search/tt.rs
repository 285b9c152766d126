//! Zobrist keys (seeded per variant) and the transposition table.

use super::playable::Playable;
use crate::variant::{Side, Variant};

/// Most pieces of one kind in hand with their own key; more share the last.
const HAND_KEYS: usize = 32;

/// Random keys for every (cell, side, piece), hand count, en-passant cell, unmoved piece and
/// the side to move, from a generator seeded by the variant's pieces and board.
#[derive(Clone, Debug)]
pub struct Zobrist {
    pieces: usize,
    placement: Vec<u64>,
    hands: Vec<u64>,
    en_passant: Vec<u64>,
    unmoved: Vec<u64>,
    black: u64,
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
        let mut keys = |n: usize| (0..n).map(|_| rng.next()).collect::<Vec<u64>>();
        Zobrist {
            pieces,
            placement: keys(cells * 2 * pieces),
            hands: keys(2 * pieces * HAND_KEYS),
            en_passant: keys(cells),
            unmoved: keys(cells),
            black: keys(1)[0],
        }
    }

    /// The key of a position: its pieces, hands, en-passant cells, unmoved pieces and the
    /// side to move (not the move-limit count).
    pub fn key<P: Playable>(&self, engine: &P, s: &P::State) -> u64 {
        let mut k = 0;
        engine.for_each_piece(s, |cell, side, piece| {
            k ^= self.placement[(cell * 2 + side.index()) * self.pieces + piece];
        });
        if engine.variant().rules().captures_to_hand {
            for side in Side::BOTH {
                for piece in 0..self.pieces {
                    let n = engine.hand(s, side, piece) as usize;
                    if n > 0 {
                        let n = n.min(HAND_KEYS) - 1;
                        k ^= self.hands[(side.index() * self.pieces + piece) * HAND_KEYS + n];
                    }
                }
            }
        }
        let (mut passed, mut unmoved) = (0, 0);
        engine.for_each_mark(
            s,
            |cell| passed ^= self.en_passant[cell],
            |cell| unmoved ^= self.unmoved[cell],
        );
        k ^= passed ^ unmoved;
        if engine.to_move(s) == Side::Black {
            k ^= self.black;
        }
        k
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

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (the search failed high).
    Lower,
    /// At most this score (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A fixed-size table indexed by the key's low bits; deeper results replace shallower ones
/// of other positions only when the slot is not from a deeper search.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Clone> Table<M> {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) * 1024 * 1024 / size).max(1);
        // A power of two, so the index is a mask.
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: vec![None; n],
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry of this position, if stored.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds a deeper one of another position.
    pub fn store(&mut self, entry: Entry<M>) {
        let i = self.index(entry.key);
        let keep = self.slots[i]
            .as_ref()
            .is_some_and(|old| old.key != entry.key && old.depth > entry.depth + 2);
        if !keep {
            self.slots[i] = Some(entry);
        }
    }
}
