//! The static value corrected by what searches of the same pawn structure found: the
//! evaluation misjudges some structures (a blocked or a doomed pawn) the same way in every
//! position that has them, and a search below such a position measures by how much.

use crate::variant::Side;

/// Slots per side; a structure's key picks one.
const SLOTS: usize = 1 << 14;
/// Slots hold centipawns times this, so that small steps of the average are kept.
const GRAIN: i32 = 256;
/// The most a correction adds or takes away, in centipawns.
const LIMIT: i32 = 64;

/// Per side to move and pawn structure: the recent average of the search's result less the
/// static value, weighted by the searches' depths.
pub struct Correction {
    slots: Vec<i32>,
}

impl Correction {
    /// No corrections yet, for a variant of `sides` sides.
    pub fn new(sides: usize) -> Correction {
        Correction {
            slots: vec![0; SLOTS * sides],
        }
    }

    fn index(side: Side, structure: u64) -> usize {
        side.index() * SLOTS + (structure as usize & (SLOTS - 1))
    }

    /// The correction, in centipawns, of the static value of a position whose side to move
    /// is `side` and whose structure key is `structure`.
    pub fn of(&self, side: Side, structure: u64) -> i32 {
        self.slots
            .get(Correction::index(side, structure))
            .map_or(0, |v| v / GRAIN)
    }

    /// A search `depth` plies deep found the position `error` centipawns better than its
    /// static value: the slot's average moves towards it, the more the deeper the search.
    pub fn learn(&mut self, side: Side, structure: u64, depth: i32, error: i32) {
        let Some(slot) = self.slots.get_mut(Correction::index(side, structure)) else {
            return;
        };
        let depth = depth.clamp(0, 16);
        let weight = (depth * depth + 2 * depth + 1).min(128);
        let target = error.clamp(-LIMIT, LIMIT) * GRAIN;
        *slot = (*slot * (256 - weight) + target * weight) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_deep_searches_within_their_limit() {
        let mut c = Correction::new(2);
        assert_eq!(c.of(Side::WHITE, 7), 0);
        for _ in 0..40 {
            c.learn(Side::WHITE, 7, 12, 30);
        }
        assert_eq!(c.of(Side::WHITE, 7), 29);
        // Kept per side and per structure.
        assert_eq!(c.of(Side::BLACK, 7), 0);
        assert_eq!(c.of(Side::WHITE, 8), 0);
        // A shallow search moves the average less than a deep one.
        let mut shallow = Correction::new(2);
        let mut deep = Correction::new(2);
        shallow.learn(Side::BLACK, 1, 1, -50);
        deep.learn(Side::BLACK, 1, 8, -50);
        assert!(shallow.of(Side::BLACK, 1) > deep.of(Side::BLACK, 1));
        // Errors beyond the limit count as the limit.
        for _ in 0..40 {
            c.learn(Side::BLACK, 3, 12, -5_000);
        }
        assert_eq!(c.of(Side::BLACK, 3), -LIMIT + 1);
    }
}
