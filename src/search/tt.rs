//! The transposition table, keyed by the engines' Zobrist keys.

use std::sync::atomic::{AtomicU64, Ordering};

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

/// One slot: three words written one after another, `check` last. A reader takes the slot
/// only when `check ^ best ^ packed` gives its key, so a slot torn by two threads writing it
/// at once reads as another position's, never as a wrong result of this one. Aligned to 32
/// bytes, so that no slot straddles two cache lines.
#[repr(align(32))]
struct Slot {
    check: AtomicU64,
    best: AtomicU64,
    /// The score, depth, bound and generation ([`pack`]); 0: the slot is empty.
    packed: AtomicU64,
}

/// A fixed-size table indexed by the key's low bits, shared by the threads of one search
/// (each reads and writes it without a lock). A result replaces another position's unless
/// that one is from the same search and much deeper: over a game, the deep results of
/// earlier moves do not hold the slots for ever.
pub struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

/// An entry's score (32 bits), depth (16), bound (2, never 0) and generation (8) in one word.
fn pack(e: &Entry) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(e.score as u32)
        | u64::from(e.depth.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16) << 32
        | bound << 48
        | u64::from(e.generation) << 56
}

/// The entry of `key` from its slot's words, `None` for an empty slot.
fn unpack(key: u64, best: u64, packed: u64) -> Option<Entry> {
    let bound = match (packed >> 48) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        key,
        depth: i32::from((packed >> 32) as u16 as i16),
        score: packed as u32 as i32,
        bound,
        best,
        generation: (packed >> 56) as u8,
    })
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        // 32 bytes a slot, as an entry took before the table was shared between threads: a
        // size in MB gives as many slots as it did, and one thread visits the same tree.
        let wanted = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
        // A power of two, so the index is a mask.
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: (0..n)
                .map(|_| Slot {
                    check: AtomicU64::new(0),
                    best: AtomicU64::new(0),
                    packed: AtomicU64::new(0),
                })
                .collect(),
            generation: 0,
        }
    }

    /// A new search begins: what is stored from now on takes precedence over older entries.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        for s in &self.slots {
            s.packed.store(0, Ordering::Relaxed);
            s.best.store(0, Ordering::Relaxed);
            s.check.store(0, Ordering::Relaxed);
        }
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
            let slot: *const Slot = &self.slots[self.index(key)];
            // SAFETY: a prefetch is a hint that reads nothing and cannot fault; the address
            // is a slot of the table, and SSE, which the instruction needs, is part of every
            // x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry in `key`'s slot, whatever position it holds (`None`: empty or torn).
    fn read(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[self.index(key)];
        let check = s.check.load(Ordering::Relaxed);
        let best = s.best.load(Ordering::Relaxed);
        let packed = s.packed.load(Ordering::Relaxed);
        unpack(check ^ best ^ packed, best, packed)
    }

    /// The entry of this position, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.read(key).filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds a much deeper one of another position from
    /// this search.
    pub fn store(&self, entry: Entry) {
        let keep = self.read(entry.key).is_some_and(|old| {
            old.key != entry.key && old.generation == self.generation && old.depth > entry.depth + 2
        });
        if !keep {
            let packed = pack(&Entry {
                generation: self.generation,
                ..entry
            });
            let s = &self.slots[self.index(entry.key)];
            s.best.store(entry.best, Ordering::Relaxed);
            s.packed.store(packed, Ordering::Relaxed);
            s.check
                .store(entry.key ^ entry.best ^ packed, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of one slot, where every key meets every other.
    fn one_slot() -> Table {
        let mut t = Table::new(1);
        t.slots.truncate(1);
        t
    }

    /// Two keys that share a slot of a one-slot table, and an entry of each.
    fn rivals(depth_a: i32, depth_b: i32) -> (Entry, Entry) {
        let a = Entry::new(0x1111, depth_a, 10, Bound::Exact, 1);
        let b = Entry::new(0x2222, depth_b, 20, Bound::Lower, 2);
        (a, b)
    }

    #[test]
    fn a_much_deeper_entry_of_the_same_search_keeps_its_slot() {
        let t = one_slot();
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
        let mut t = one_slot();
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
        let t = one_slot();
        t.store(Entry::new(0x1111, 9, 10, Bound::Exact, 1));
        t.store(Entry::new(0x1111, 1, -5, Bound::Upper, 3));
        let e = t.probe(0x1111).expect("stored");
        assert_eq!(
            (e.depth, e.score, e.bound, e.best),
            (1, -5, Bound::Upper, 3)
        );
    }

    #[test]
    fn a_slot_takes_32_bytes_as_an_entry_did_so_a_size_gives_as_many_slots() {
        assert_eq!(std::mem::size_of::<Slot>(), 32);
        assert_eq!(Table::new(16).slots.len(), 1 << 19);
    }

    #[test]
    fn every_field_and_bound_comes_back_as_stored() {
        let t = Table::new(1);
        for (i, bound) in [Bound::Exact, Bound::Lower, Bound::Upper]
            .into_iter()
            .enumerate()
        {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            t.store(Entry::new(
                key,
                -3 + i as i32,
                -31_999 + 20_000 * i as i32,
                bound,
                u64::MAX >> i,
            ));
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.depth, e.score, e.bound, e.best),
                (
                    -3 + i as i32,
                    -31_999 + 20_000 * i as i32,
                    bound,
                    u64::MAX >> i
                )
            );
        }
    }

    #[test]
    fn an_empty_or_cleared_table_holds_nothing_not_even_key_zero() {
        let mut t = one_slot();
        assert!(t.probe(0).is_none());
        t.store(Entry::new(0x1111, 4, 7, Bound::Exact, 9));
        t.clear();
        assert!(t.probe(0x1111).is_none() && t.probe(0).is_none());
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_no_entry_of_either() {
        let t = one_slot();
        t.store(Entry::new(0x1111, 4, 7, Bound::Exact, 9));
        // Another thread's entry half written over it: its move, not yet its check word.
        t.slots[0].best.store(12, Ordering::Relaxed);
        assert!(t.probe(0x1111).is_none());
        assert!(t.probe(0x2222).is_none());
    }

    #[test]
    fn threads_storing_and_probing_at_once_read_only_what_was_stored() {
        // Each thread stores entries whose score and move are functions of the key: any
        // entry read back must agree with its key, whoever wrote the slot last.
        let t = Table::new(1);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let t = &t;
                scope.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = (i * 4 + thread).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                        t.store(Entry::new(
                            key,
                            1,
                            (key % 1000) as i32,
                            Bound::Lower,
                            key >> 3,
                        ));
                        let probe =
                            (i * 4 + (thread + 1) % 4).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                        if let Some(e) = t.probe(probe) {
                            assert_eq!((e.score, e.best), ((probe % 1000) as i32, probe >> 3));
                        }
                    }
                });
            }
        });
    }
}
