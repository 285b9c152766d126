//! The one seeded random generator: a xorshift64 generator, small and the same on every
//! platform, so a seed names the same games (self-play, random openings) and the same test
//! inputs everywhere. Not for anything that must be unpredictable.

/// A xorshift64 generator. `Rng(state)` starts at that exact state (which must not be 0, where
/// it would stay); [`Rng::new`] mixes any seed into a good state.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
