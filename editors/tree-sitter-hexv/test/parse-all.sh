#!/usr/bin/env bash
# Parses every shipped variant (variants/*.hexv) and every valid fixture
# (tests/fixtures/valid/*.hexv) with the tree-sitter grammar, and fails on any ERROR or MISSING
# node. First it checks that a line hexv rejects does give an ERROR node, so a grammar that read
# anything at all could not pass.
#
# Needs `tree-sitter` on the PATH (README.md: how it is installed). Run from anywhere.
set -euo pipefail
grammar_dir=$(cd "$(dirname "$0")/.." && pwd)
repo=$(cd "$grammar_dir/../.." && pwd)
cd "$grammar_dir"

# The tree of one file, and whether the CLI found an error in it (`tree-sitter parse` exits
# non-zero on an ERROR or MISSING node; the tree is searched too, in case it ever does not).
has_error() {
  local out
  if ! out=$(tree-sitter parse "$1" 2>&1); then
    return 0
  fi
  grep -qE '\((ERROR|MISSING)' <<<"$out"
}

bad=$(mktemp --suffix=.hexv)
trap 'rm -f "$bad"' EXIT
printf 'piece Pawn P {\n  step 12 from\n}\n' >"$bad"   # `from` ends a direction list
if ! has_error "$bad"; then
  echo "the grammar reads 'step 12 from' without an error: the check below would prove nothing" >&2
  exit 1
fi

passed=0
failed=0
for f in "$repo"/variants/*.hexv "$repo"/tests/fixtures/valid/*.hexv; do
  name=${f#"$repo"/}
  if has_error "$f"; then
    echo "FAIL $name"
    tree-sitter parse "$f" 2>&1 | grep -nE '(ERROR|MISSING)' | head -5 || true
    failed=$((failed + 1))
  else
    echo "ok $name"
    passed=$((passed + 1))
  fi
done
echo "parse-all: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
