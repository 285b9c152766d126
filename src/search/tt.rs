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
    /// The best move, packed ([`crate::game::Move::pack`]); 0 for none.
    pub best: u64,
    /// The search that stored it ([`Table::new_search`]), stamped by [`Table::store`]: an
    /// entry of an earlier search gives way to any new one.
    pub generation: u8,
}

impl Entry {
    /// A result to store (its generation is stamped by the table).
    pub fn new(key: u64, depth: i32, score: i32, bound: Bound, best: u64) -> Entry {
        Entry {
            key,
            depth,
            score,
            bound,
            best,
            generation: 0,
        }
    }
}

/// A fixed-size table indexed by the key's low bits. A result replaces another position's
/// unless that one is from the same search and much deeper: over a game, the deep results
/// of earlier moves do not hold the slots for ever.
pub struct Table {
    slots: Vec<Option<Entry>>,
    generation: u8,
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
            generation: 0,
        }
    }

    /// A new search begins: what is stored from now on takes precedence over older entries.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// Asks the processor to bring this position's slot into the cache: a search calls it
    /// as soon as it knows a child's key, so the probe there does not wait on memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Option<Entry> = &self.slots[self.index(key)];
            // SAFETY: a prefetch is a hint that reads nothing and cannot fault; the address
            // is a slot of the table, and SSE, which the instruction needs, is part of every
            // x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of this position, if stored.
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds a much deeper one of another position from
    /// this search.
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let keep = self.slots[i].as_ref().is_some_and(|old| {
            old.key != entry.key && old.generation == self.generation && old.depth > entry.depth + 2
        });
        if !keep {
            self.slots[i] = Some(Entry {
                generation: self.generation,
                ..entry
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two keys that share a slot of a one-slot table, and an entry of each.
    fn rivals(depth_a: i32, depth_b: i32) -> (Entry, Entry) {
        let a = Entry::new(0x1111, depth_a, 10, Bound::Exact, 1);
        let b = Entry::new(0x2222, depth_b, 20, Bound::Lower, 2);
        (a, b)
    }

    #[test]
    fn a_much_deeper_entry_of_the_same_search_keeps_its_slot() {
        let mut t = Table {
            slots: vec![None],
            generation: 0,
        };
        let (deep, shallow) = rivals(9, 2);
        t.store(deep);
        t.store(shallow);
        assert_eq!(t.probe(0x1111).map(|e| e.depth), Some(9));
        assert!(t.probe(0x2222).is_none());
        // Within two plies it gives way.
        let (deep, close) = rivals(4, 2);
        t.store(deep);
        t.store(close);
        assert_eq!(t.probe(0x2222).map(|e| e.score), Some(20));
    }

    #[test]
    fn an_entry_of_an_earlier_search_gives_way_to_any_new_one() {
        let mut t = Table {
            slots: vec![None],
            generation: 0,
        };
        let (deep, shallow) = rivals(9, 1);
        t.store(deep);
        t.new_search();
        t.store(shallow);
        let e = t.probe(0x2222).expect("the new search's entry");
        assert_eq!((e.depth, e.best, e.generation), (1, 2, 1));
        assert!(t.probe(0x1111).is_none());
    }

    #[test]
    fn the_same_position_is_always_replaced() {
        let mut t = Table {
            slots: vec![None],
            generation: 0,
        };
        t.store(Entry::new(0x1111, 9, 10, Bound::Exact, 1));
        t.store(Entry::new(0x1111, 1, -5, Bound::Upper, 3));
        let e = t.probe(0x1111).expect("stored");
        assert_eq!(
            (e.depth, e.score, e.bound, e.best),
            (1, -5, Bound::Upper, 3)
        );
    }
}
