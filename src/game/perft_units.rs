//! Perft work units for many machines: the distinct positions some plies ahead ([`split`]),
//! each written as a unit line with how many move sequences reach it, its remaining depth and
//! a hash of the variant file; a result line per unit counted; and the merge
//! ([`UnitsMerge`]), which believes no result it cannot tie to its unit: the variant, the
//! position and the depth must be the unit's, and every unit counted exactly once.

use std::collections::HashMap;

use serde_json::{json, Value};

use super::{Game, Position};
use crate::source::InputFault;

/// The format name written on every unit line, so a file of one kind is not read as another.
pub const UNIT_FORMAT: &str = "hexv-perft-unit-1";
/// The format name of result lines.
pub const RESULT_FORMAT: &str = "hexv-perft-result-2";

/// A 64-bit FNV-1a hash of bytes, as 16 hex digits: the variant file's and a position's key.
pub fn fnv(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The distinct positions `plies` ahead, in the order first reached, with how many move
/// sequences reach each. Sequences that end before (mate, stalemate) have no leaf there.
pub fn split(game: &Game, pos: &Position, plies: u32) -> Vec<(Position, u64)> {
    let mut level: Vec<(Position, u64)> = vec![(pos.clone(), 1)];
    for _ in 0..plies {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut next: Vec<(Position, u64)> = Vec::new();
        for (p, weight) in &level {
            for m in game.legal_moves(p) {
                let child = game.play(p, &m);
                let key = game.position_text(&child);
                match index.get(&key) {
                    Some(&i) => next[i].1 += weight,
                    None => {
                        index.insert(key, next.len());
                        next.push((child, *weight));
                    }
                }
            }
        }
        level = next;
    }
    level
}

/// One unit: a position to count to a depth, and how many sequences reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its number in the units file.
    pub id: u64,
    /// The variant file, as named when split.
    pub variant: String,
    /// The hash of the variant file's bytes.
    pub variant_hash: String,
    /// The position, in the position text.
    pub position: String,
    /// Plies left to count.
    pub depth: u64,
    /// Move sequences from the split's start that reach it.
    pub weight: u64,
}

impl Unit {
    /// The unit's line.
    pub fn line(&self) -> String {
        json!({
            "format": UNIT_FORMAT,
            "variant": self.variant,
            "variant_hash": self.variant_hash,
            "unit": self.id,
            "position": self.position,
            "depth": self.depth,
            "weight": self.weight,
        })
        .to_string()
    }

    /// Reads a unit line (`Ok(None)`: a blank line).
    pub fn read(text: &str) -> Result<Option<Unit>, String> {
        let Some(v) = object(text, UNIT_FORMAT)? else {
            return Ok(None);
        };
        Ok(Some(Unit {
            id: number(&v, "unit")?,
            variant: v["variant"].as_str().unwrap_or("").to_string(),
            variant_hash: v["variant_hash"].as_str().unwrap_or("").to_string(),
            position: v["position"].as_str().unwrap_or("").to_string(),
            depth: number(&v, "depth")?,
            weight: number(&v, "weight")?,
        }))
    }
}

/// One unit counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitResult {
    /// The unit's number.
    pub unit: u64,
    /// The hash of the variant file it was counted with.
    pub variant_hash: String,
    /// The depth counted.
    pub depth: u64,
    /// The hash of the position counted ([`fnv`] of its text).
    pub position_key: String,
    /// The leaves.
    pub count: u64,
}

impl UnitResult {
    /// The result of counting `unit`'s position to its depth.
    pub fn of(unit: &Unit, count: u64) -> UnitResult {
        UnitResult {
            unit: unit.id,
            variant_hash: unit.variant_hash.clone(),
            depth: unit.depth,
            position_key: fnv(unit.position.as_bytes()),
            count,
        }
    }

    /// The result's line: it names what was counted (the position and the depth), so a merge
    /// can tell a result of another split from one of this.
    pub fn line(&self) -> String {
        json!({"format": RESULT_FORMAT, "variant_hash": self.variant_hash, "unit": self.unit,
               "depth": self.depth, "position_key": self.position_key, "count": self.count})
        .to_string()
    }

    /// Reads a result line (`Ok(None)`: a blank line).
    pub fn read(text: &str) -> Result<Option<UnitResult>, String> {
        let Some(v) = object(text, RESULT_FORMAT)? else {
            return Ok(None);
        };
        Ok(Some(UnitResult {
            unit: number(&v, "unit")?,
            variant_hash: v["variant_hash"].as_str().unwrap_or("").to_string(),
            depth: number(&v, "depth")?,
            position_key: v["position_key"].as_str().unwrap_or("").to_string(),
            count: number(&v, "count")?,
        }))
    }
}

/// A line as a JSON object of one format; `None` for a blank line.
fn object(text: &str, format: &str) -> Result<Option<Value>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not a JSON object: {e}"))?;
    if value["format"] != format {
        return Err(format!("expected a `{format}` line"));
    }
    Ok(Some(value))
}

/// A field as a whole number.
fn number(v: &Value, key: &str) -> Result<u64, String> {
    v[key]
        .as_u64()
        .ok_or_else(|| format!("`{key}` is not a whole number"))
}

/// A unit as the units file lists it, and where its result was read.
struct Listed {
    weight: u64,
    variant_hash: String,
    depth: u64,
    position_key: String,
    seen: Option<(usize, usize)>,
}

/// The merge of a units file (input 0) and the results of counting it (inputs 1, 2, ...).
#[derive(Default)]
pub struct UnitsMerge {
    table: HashMap<u64, Listed>,
    total: u128,
}

impl UnitsMerge {
    /// An empty merge.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the unit read at a line of the units file.
    pub fn unit(&mut self, line: usize, u: Unit) -> Result<(), InputFault> {
        let fault = |message: String| InputFault::at(0, line, message);
        if u.weight == 0 {
            return Err(fault(format!(
                "unit {} has weight 0: no move sequence reaches it",
                u.id
            )));
        }
        let listed = Listed {
            weight: u.weight,
            variant_hash: u.variant_hash,
            depth: u.depth,
            position_key: fnv(u.position.as_bytes()),
            seen: None,
        };
        if self.table.insert(u.id, listed).is_some() {
            return Err(fault(format!("unit {} is listed twice", u.id)));
        }
        Ok(())
    }

    /// Takes the result read at a line of results file `input` (1 or more).
    pub fn result(&mut self, input: usize, line: usize, r: UnitResult) -> Result<(), InputFault> {
        let fault = |message: String| InputFault::at(input, line, message);
        let id = r.unit;
        let Some(unit) = self.table.get_mut(&id) else {
            return Err(fault(format!("unit {id} is not in the units file")));
        };
        if r.variant_hash != unit.variant_hash {
            return Err(fault(format!(
                "unit {id} was counted for another variant file"
            )));
        }
        if r.depth != unit.depth || r.position_key != unit.position_key {
            return Err(fault(format!(
                "unit {id} was counted from another position or depth (a result of another split?)"
            )));
        }
        if let Some((first, first_line)) = unit.seen {
            return Err(InputFault {
                earlier: Some((first, first_line)),
                ..fault(format!("unit {id} was counted twice"))
            });
        }
        unit.seen = Some((input, line));
        self.total += u128::from(unit.weight) * u128::from(r.count);
        Ok(())
    }

    /// The total, when every unit has its result.
    pub fn finish(&self) -> Result<u128, InputFault> {
        let mut missing: Vec<u64> = self
            .table
            .iter()
            .filter(|(_, unit)| unit.seen.is_none())
            .map(|(id, _)| *id)
            .collect();
        if !missing.is_empty() {
            missing.sort_unstable();
            let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
            return Err(InputFault::whole(format!(
                "{} of {} units have no result (units {}{})",
                missing.len(),
                self.table.len(),
                shown.join(", "),
                if missing.len() > 10 { ", ..." } else { "" }
            )));
        }
        Ok(self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(id: u64, position: &str, weight: u64) -> Unit {
        Unit {
            id,
            variant: "v.hexv".into(),
            variant_hash: "h".into(),
            position: position.into(),
            depth: 3,
            weight,
        }
    }

    #[test]
    fn lines_read_back() {
        let u = unit(4, "some position", 7);
        assert_eq!(Unit::read(&u.line()), Ok(Some(u.clone())));
        let r = UnitResult::of(&u, 99);
        assert_eq!(UnitResult::read(&r.line()), Ok(Some(r)));
        assert_eq!(Unit::read("  "), Ok(None));
        assert_eq!(
            UnitResult::read(&u.line()),
            Err("expected a `hexv-perft-result-2` line".into())
        );
    }

    #[test]
    fn the_total_is_weighted_and_every_unit_counted_once() {
        let (a, b) = (unit(0, "a", 2), unit(1, "b", 3));
        let mut merge = UnitsMerge::new();
        merge.unit(1, a.clone()).unwrap();
        merge.unit(2, b.clone()).unwrap();
        merge.result(1, 1, UnitResult::of(&a, 10)).unwrap();
        let e = merge.finish().unwrap_err();
        assert_eq!(e.message, "1 of 2 units have no result (units 1)");
        let twice = merge.result(2, 1, UnitResult::of(&a, 10)).unwrap_err();
        assert_eq!(twice.at, Some((2, 1)));
        assert_eq!(twice.earlier, Some((1, 1)));
        merge.result(2, 2, UnitResult::of(&b, 5)).unwrap();
        assert_eq!(merge.finish(), Ok(2 * 10 + 3 * 5));
    }

    #[test]
    fn results_of_another_unit_are_refused() {
        let a = unit(0, "a", 1);
        let mut merge = UnitsMerge::new();
        merge.unit(1, a.clone()).unwrap();
        let elsewhere = UnitResult::of(&unit(0, "other", 1), 1);
        let e = merge.result(1, 1, elsewhere).unwrap_err();
        assert!(
            e.message.contains("another position or depth"),
            "{}",
            e.message
        );
        let e = merge.unit(2, a).unwrap_err();
        assert_eq!(e.message, "unit 0 is listed twice");
        let e = merge.unit(3, unit(5, "c", 0)).unwrap_err();
        assert!(e.message.contains("has weight 0"));
    }
}
