//! "Did you mean": the closest known name, if it is close enough to be a likely typo.

/// The candidate nearest to `wrong`, when the edit distance is small for its length.
/// Case-only differences always count as close.
pub fn closest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = wrong.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = if c.to_lowercase() == lower {
            0
        } else {
            strsim::damerau_levenshtein(&lower, &c.to_lowercase())
        };
        let limit = (wrong.chars().count().max(c.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn finds_typos() {
        let names = ["Knight", "Bishop", "Queen"];
        assert_eq!(closest("Nite", names), None);
        assert_eq!(closest("Knigth", names), Some("Knight"));
        assert_eq!(closest("queen", names), Some("Queen"));
        assert_eq!(closest("Zebra", names), None);
        assert_eq!(closest("f12", ["f11", "f1", "a6"]), Some("f11"));
    }
}
