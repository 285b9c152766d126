//! The engine protocol: any bytes as a GUI's input, with a shipped variant loaded. The
//! engine never panics or hangs (every search ends at the next command or at the end of the
//! input), writes only protocol lines without control characters, and answers no more `bestmove`s than it got `go`s.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let path = hexv_fuzz::shipped_path(selector);
    let mut output: Vec<u8> = Vec::new();
    hexv::uci::serve(input, &mut output, Some(path));
    let text = String::from_utf8(output).expect("the engine writes UTF-8");
    let mut bestmoves = 0;
    for line in text.lines() {
        assert!(
            ["id ", "option ", "uciok", "readyok", "info ", "bestmove "]
                .iter()
                .any(|p| line.starts_with(p)),
            "not a protocol line: {line:?}"
        );
        assert!(
            !line.chars().any(char::is_control),
            "a control character: {line:?}"
        );
        bestmoves += usize::from(line.starts_with("bestmove "));
    }
    let gos = input
        .split(|&b| b == b'\n')
        .filter(|l| std::str::from_utf8(l).is_ok_and(|l| l.split_whitespace().next() == Some("go")))
        .count();
    assert!(bestmoves <= gos, "{bestmoves} answers to {gos} go commands");
});
