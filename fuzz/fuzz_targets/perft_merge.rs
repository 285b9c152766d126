//! `hexv perft --merge` from raw bytes: the input is split at zero bytes into a units file and
//! up to seven results files; each is read in bounded lines (`hexv::source::BoundedLines`, a
//! small bound so long lines are met) and merged by `hexv::game::perft_units::UnitsMerge`, as
//! the command does, stopping at the first fault.
//!
//! Properties: nothing panics; the merge accepts exactly what an independent model of its
//! rules accepts (units weighted 1 or more, listed once; a result's variant hash, depth and
//! position key those of its unit; each unit counted once; every unit counted by the end);
//! a fault names a line that was read; an accepted total is the weighted sum of the counts.
#![no_main]

use std::collections::HashMap;

use hexv::game::perft_units::{fnv, Unit, UnitResult, UnitsMerge};
use hexv::source::BoundedLines;
use libfuzzer_sys::fuzz_target;

/// The longest line read here (the command's is a mebibyte).
const MAX_LINE: u64 = 4096;

/// What the model knows of a unit.
struct Modelled {
    weight: u64,
    hash: String,
    depth: u64,
    key: String,
    counted: bool,
}

fuzz_target!(|data: &[u8]| {
    let inputs: Vec<&[u8]> = data.split(|&b| b == 0).take(8).collect();
    let mut merge = UnitsMerge::new();
    let mut model: HashMap<u64, Modelled> = HashMap::new();
    let mut total: u128 = 0;
    for (input, bytes) in inputs.iter().enumerate() {
        for (n, line) in BoundedLines::new(*bytes, MAX_LINE) {
            let Ok(line) = line else {
                return; // too long: the command stops with the line's number
            };
            assert_eq!(line.number, n);
            assert!(line.bytes.len() as u64 <= MAX_LINE);
            let Ok(text) = std::str::from_utf8(&line.bytes) else {
                return;
            };
            if input == 0 {
                let Ok(Some(unit)) = Unit::read(text) else {
                    continue;
                };
                let expected_ok = unit.weight > 0 && !model.contains_key(&unit.id);
                let taken = merge.unit(n, unit.clone());
                assert_eq!(taken.is_ok(), expected_ok, "{text}: {taken:?}");
                if let Err(fault) = taken {
                    assert_eq!(fault.at, Some((0, n)));
                    return;
                }
                model.insert(
                    unit.id,
                    Modelled {
                        weight: unit.weight,
                        hash: unit.variant_hash.clone(),
                        depth: unit.depth,
                        key: fnv(unit.position.as_bytes()),
                        counted: false,
                    },
                );
                // The unit's own result line reads back as what counting it writes.
                let own = UnitResult::of(&unit, 1);
                assert_eq!(UnitResult::read(&own.line()), Ok(Some(own)));
            } else {
                let Ok(Some(result)) = UnitResult::read(text) else {
                    continue;
                };
                let expected_ok = model.get(&result.unit).is_some_and(|u| {
                    !u.counted
                        && u.hash == result.variant_hash
                        && u.depth == result.depth
                        && u.key == result.position_key
                });
                let taken = merge.result(input, n, result.clone());
                assert_eq!(taken.is_ok(), expected_ok, "{text}: {taken:?}");
                if let Err(fault) = taken {
                    assert_eq!(fault.at, Some((input, n)));
                    if let Some((i, l)) = fault.earlier {
                        assert!((i, l) < (input, n), "an earlier place after this one");
                    }
                    return;
                }
                let unit = model.get_mut(&result.unit).expect("modelled");
                unit.counted = true;
                total += u128::from(unit.weight) * u128::from(result.count);
            }
        }
    }
    let finished = merge.finish();
    let all_counted = model.values().all(|u| u.counted);
    assert_eq!(finished.is_ok(), all_counted, "{finished:?}");
    if let Ok(sum) = finished {
        assert_eq!(sum, total);
    }
});
