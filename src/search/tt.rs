//! The transposition table, keyed by the engines' Zobrist keys.

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
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    /// The best move, packed ([`crate::game::Engine::pack`]); 0 for none.
    pub best: u64,
}

/// A fixed-size table indexed by the key's low bits; deeper results replace shallower ones
/// of other positions only when the slot is not from a deeper search.
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Option<Entry>>().max(1);
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
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds a deeper one of another position.
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let keep = self.slots[i]
            .as_ref()
            .is_some_and(|old| old.key != entry.key && old.depth > entry.depth + 2);
        if !keep {
            self.slots[i] = Some(entry);
        }
    }
}
