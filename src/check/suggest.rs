//! "Did you mean": the closest known names, if they are close enough to be likely typos.

/// The candidates nearest to `wrong`, when the edit distance is small for its length, in
/// the order given. Case-only differences always count as close; two different single
/// characters never do (`Q` is not a typo of `K`). Among equally near candidates, those of
/// the same length as `wrong` (a mistyped character rather than a missing or extra one) are
/// preferred.
pub fn nearest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = wrong.to_lowercase();
    let len = wrong.chars().count();
    let mut best: Option<(usize, bool)> = None;
    let mut found: Vec<&str> = Vec::new();
    for c in candidates {
        let c_len = c.chars().count();
        let longer = len.max(c_len);
        let limit = if longer <= 1 { 0 } else { (longer / 3).max(1) };
        // The distance is at least the difference in length: most candidates end here,
        // before the quadratic comparison.
        if len.abs_diff(c_len) > limit {
            continue;
        }
        let d = if c.to_lowercase() == lower {
            0
        } else {
            strsim::damerau_levenshtein(&lower, &c.to_lowercase())
        };
        if d > limit {
            continue;
        }
        let key = (d, c_len != len);
        match best {
            Some(b) if b < key => {}
            Some(b) if b == key => {
                if !found.contains(&c) {
                    found.push(c);
                }
            }
            _ => {
                best = Some(key);
                found = vec![c];
            }
        }
    }
    found
}

/// The one candidate nearest to `wrong`; `None` when there is none or no clear favourite.
pub fn closest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    match nearest(wrong, candidates).as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// "did you mean `f10` or `f11`?" for up to three equally near candidates; `None` when
/// there are none or too many to be a useful guess.
pub fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let found: Vec<String> = nearest(wrong, candidates)
        .iter()
        .map(|c| format!("`{c}`"))
        .collect();
    let list = match found.as_slice() {
        [] => return None,
        [one] => one.clone(),
        [init @ .., last] if found.len() <= 3 => format!("{} or {last}", init.join(", ")),
        _ => return None,
    };
    Some(format!("did you mean {list}?"))
}

#[cfg(test)]
mod tests {
    use super::{closest, did_you_mean};

    #[test]
    fn finds_typos() {
        let names = ["Knight", "Bishop", "Queen"];
        assert_eq!(closest("Nite", names), None);
        assert_eq!(closest("Knigth", names), Some("Knight"));
        assert_eq!(closest("queen", names), Some("Queen"));
        assert_eq!(closest("Zebra", names), None);
        assert_eq!(closest("f12", ["f11", "f1", "a6"]), Some("f11"));
    }

    #[test]
    fn no_single_guess_when_tied() {
        assert_eq!(closest("Q", ["K", "R", "B", "King"]), None);
        assert_eq!(closest("Q", ["K", "Queen"]), None);
        assert_eq!(closest("k", ["K", "Queen"]), Some("K"));
        assert_eq!(closest("f12", ["f1", "f10", "f11"]), None);
        assert_eq!(closest("f55", ["f1", "f5", "f10", "e5"]), Some("f5"));
    }

    #[test]
    fn lists_a_few_tied_guesses() {
        assert_eq!(
            did_you_mean("f12", ["f1", "f10", "f11"]).as_deref(),
            Some("did you mean `f10` or `f11`?")
        );
        assert_eq!(
            did_you_mean("f55", ["f1", "f5"]).as_deref(),
            Some("did you mean `f5`?")
        );
        assert_eq!(did_you_mean("i0", ["i1", "i2", "i3", "i4", "h0"]), None);
        assert_eq!(did_you_mean("zz", ["a1"]), None);
    }
}
