//! The transposition table, and positions' Zobrist keys from scratch.

use super::playable::Playable;
pub use crate::game::zobrist::Zobrist;
use crate::variant::Side;

/// The key of a position from scratch: its pieces, hands, en-passant cells, unmoved pieces
/// and the side to move (not the move-limit count). The fast engine keeps the same key up to
/// date as it plays ([`Playable::key`]); this is the reference engine's, and the check of it.
pub fn scratch_key<P: Playable>(z: &Zobrist, engine: &P, s: &P::State) -> u64 {
    let mut k = 0;
    engine.for_each_piece(s, |cell, side, piece| k ^= z.piece(cell, side, piece));
    for side in Side::BOTH {
        for piece in 0..engine.variant().pieces().len() {
            k ^= z.hand(side, piece, engine.hand(s, side, piece) as usize);
        }
    }
    let (mut passed, mut unmoved) = (0, 0);
    engine.for_each_mark(
        s,
        |cell| passed ^= z.en_passant(cell),
        |cell| unmoved ^= z.unmoved(cell),
    );
    k ^= passed ^ unmoved;
    if engine.to_move(s) == Side::Black {
        k ^= z.black();
    }
    k
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
