//! The rules page in a real browser: headless Chromium renders `hexv doc`'s page of every
//! shipped variant to a PNG, and the picture must not be blank (it has many colours and a
//! good share of ink). Needs `chromium` on the PATH, so it is ignored by a plain `cargo test`;
//! `.ci/run` installs Chromium and runs it with `cargo test --test browser -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hexv_doc(variant: &Path, out: &Path) {
    let done = Command::new(env!("CARGO_BIN_EXE_hexv"))
        .arg("doc")
        .arg(variant)
        .arg("-o")
        .arg(out)
        .current_dir(root())
        .output()
        .expect("hexv runs");
    assert!(done.status.success(), "hexv doc {}", variant.display());
}

/// Renders a page with headless Chromium (flags as this machine's browser needs them: no
/// sandbox as root, no network) and returns the PNG's bytes.
fn screenshot(page: &Path, png: &Path, profile: &Path) -> Vec<u8> {
    let url = format!("file://{}", page.display());
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=1000,1600",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(&url)
        .output()
        .expect("chromium runs (install Debian's `chromium` package)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(png).expect("a screenshot was written")
}

/// (distinct colours, share of pixels that are not white) of an RGB(A) PNG.
fn ink(png: &[u8]) -> (usize, f64) {
    let decoder = png::Decoder::new(png);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let mut colours: Vec<[u8; 3]> = pixels.iter().map(|p| [p[0], p[1], p[2]]).collect();
    let inked = colours
        .iter()
        .filter(|c| c.iter().any(|v| *v < 235))
        .count();
    let share = inked as f64 / colours.len().max(1) as f64;
    colours.sort();
    colours.dedup();
    (colours.len(), share)
}

#[test]
#[ignore = "needs chromium: .ci/run installs it and runs this test"]
fn rules_pages_render_in_chromium() {
    let work = std::env::temp_dir().join(format!("hexv-browser-{}", std::process::id()));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexv"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for variant in files {
        let stem = variant.file_stem().and_then(|s| s.to_str()).unwrap_or("v");
        let dir = work.join(stem);
        hexv_doc(&variant, &dir);
        let png = screenshot(
            &dir.join("index.html"),
            &dir.join("page.png"),
            &work.join("profile"),
        );
        let (colours, share) = ink(&png);
        assert!(colours > 20, "{stem}: only {colours} colours");
        assert!(share > 0.05, "{stem}: {share:.3} of the page inked");
        eprintln!("{stem}: {colours} colours, {:.1}% inked", 100.0 * share);
    }
}
