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

/// A new folder of the test's own (a unique name under the system's temporary folder), kept
/// after the run so that a person can look at the screenshots; its path is printed.
fn kept_folder(prefix: &str) -> PathBuf {
    let dir = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .expect("a temporary folder")
        .keep();
    eprintln!("pages and screenshots in {}", dir.display());
    dir
}

/// Headless Chromium as this machine's browser needs it: no sandbox as root, no network.
fn chromium(profile: &Path) -> Command {
    let mut command = Command::new("chromium");
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// Renders a page with headless Chromium (flags as this machine's browser needs them: no
/// sandbox as root, no network) and returns the PNG's bytes.
fn screenshot(page: &Path, png: &Path, profile: &Path) -> Vec<u8> {
    let url = format!("file://{}", page.display());
    let out = chromium(profile)
        .args(["--hide-scrollbars", "--window-size=1000,1600"])
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
    let work = kept_folder("hexv-browser-");
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

/// Runs a page's script in headless Chromium and returns the DOM it leaves.
fn dump_dom(url: &str, profile: &Path) -> String {
    let out = chromium(profile)
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs (install Debian's `chromium` package)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The pieces the DOM shows: (x, y, letters) of every piece the script placed (`<g
/// class="at" data-piece="LETTERS" transform="translate(X Y)">`), x and y in hundredths; each
/// must hold a figure of the piece set (an orthodox piece drawn, not written).
fn drawn_pieces(dom: &str) -> Vec<(i64, i64, String)> {
    let number = |s: &str| (s.parse::<f64>().expect("a number") * 100.0).round() as i64;
    let mut pieces: Vec<(i64, i64, String)> = dom
        .split(r#"<g class="at" "#)
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find('>').expect("a tag")];
            let attr = |name: &str| {
                let start = tag.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
                tag[start..start + tag[start..].find('"').expect("a quote")].to_string()
            };
            let transform = attr("transform");
            let (x, y) = transform
                .strip_prefix("translate(")
                .and_then(|t| t.strip_suffix(')'))
                .and_then(|t| t.split_once(' '))
                .expect("translate(X Y)");
            let inside = &rest[tag.len()..];
            assert!(
                inside.starts_with(r#"><g class="piece "#)
                    && !inside[..inside.find("</g>").unwrap()].contains("<text"),
                "a figure, not letters: {}",
                &inside[..inside.len().min(200)]
            );
            (number(x), number(y), attr("data-piece"))
        })
        .collect();
    pieces.sort();
    pieces
}

/// `hexv doc --pgn`'s game page steps through a tournament game in Chromium: at the start,
/// after 19 plies and at the end, the script draws exactly the pieces of the library's
/// position at that ply, on the cells' places, marks the move in the list and says where it
/// is; the screenshot is not blank.
#[test]
#[ignore = "needs chromium: .ci/run installs it and runs this test"]
fn game_page_steps_through_a_game_in_chromium() {
    use hexv::game::san::Letters;

    let work = kept_folder("hexv-game-page-");
    let done = Command::new(env!("CARGO_BIN_EXE_hexv"))
        .args([
            "doc",
            "--pgn",
            "tests/data/glinski-games-hu.pgn",
            "--game",
            "2",
        ])
        .args(["--letters", "hu", "-o"])
        .arg(&work)
        .current_dir(root())
        .output()
        .expect("hexv runs");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let page = work.join("game-2.html");

    let text = std::fs::read_to_string(root().join("tests/data/glinski-games-hu.pgn")).unwrap();
    let record = hexv::pgn::read(&text).games.remove(1);
    let source = hexv::source::SourceFile::read(&root().join("variants/glinski.hexv")).unwrap();
    let compiled = hexv::load::load(&source)
        .compiled
        .expect("Glinski compiles");
    let game = compiled.game();
    let replay = hexv::pgn::replay(&game, &record, &Letters::hungarian()).expect("no FEN");
    assert_eq!((replay.unresolved.as_ref(), replay.moves.len()), (None, 28));

    for (ply, label) in [
        (0, "start"),
        (19, "after 10. H1f4 (ply 19 of 28)"),
        (28, "after 14... f6 (ply 28 of 28)"),
    ] {
        let dom = dump_dom(
            &format!("file://{}#ply={ply}", page.display()),
            &work.join("profile"),
        );
        assert!(
            dom.contains(&format!(r#"<span id="ply">{label}</span>"#)),
            "ply {ply}"
        );
        // Where the page puts each cell's piece, from its data block.
        let data_start = dom.find(r#"id="game-data">"#).expect("data") + 15;
        let data_end = data_start + dom[data_start..].find("</script>").expect("end");
        let data: serde_json::Value = serde_json::from_str(&dom[data_start..data_end]).unwrap();
        let mut pos = replay.start.clone();
        for mv in &replay.moves[..ply] {
            pos = game.play(&pos, mv);
        }
        let mut expected: Vec<(i64, i64, String)> =
            hexv::render::diagram::position_labels(game.variant, &pos)
                .into_iter()
                .map(|(cell, letters)| {
                    let at = &data["cells"][game.variant.board().name(cell)];
                    let hundredths =
                        |v: &serde_json::Value| (v.as_f64().unwrap() * 100.0).round() as i64;
                    (hundredths(&at[0]), hundredths(&at[1]), letters)
                })
                .collect();
        expected.sort();
        assert_eq!(drawn_pieces(&dom), expected, "ply {ply}");
        let current = dom.matches(r#"class="move current""#).count();
        assert_eq!(current, usize::from(ply > 0), "ply {ply}");
    }
    let png = screenshot(&page, &work.join("game.png"), &work.join("profile"));
    let (colours, share) = ink(&png);
    assert!(
        colours > 20 && share > 0.05,
        "{colours} colours, {share:.3} inked"
    );
    game_page_flips_in_chromium(&page, &work);
}

/// What the flip probe measures in the game page, as a script: where four corner cells are
/// on the screen, the Flip board button's state, whether the picture is turned, how many
/// figures and names are not upright, and how many figures are not on their cell (by the
/// page's data of the ply shown).
const FLIP_PROBE: &str = r#"<script>(function(){
var svg=document.querySelector('#board svg');
var data=JSON.parse(document.getElementById('game-data').textContent);
function at(n){var r=svg.querySelector('[data-cell="'+n+'"]').getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];}
function upright(e){var m=e.getCTM();return m.a>0&&m.d>0&&Math.abs(m.b)<1e-6&&Math.abs(m.c)<1e-6;}
function offCell(){
  var ply=parseInt(/ply=(\d+)/.exec(location.hash)[1],10),pieces=data.plies[ply].pieces,bad=0;
  svg.querySelectorAll(':scope>g.at').forEach(function(g,i){
    var f=g.getBoundingClientRect(),r=svg.querySelector('[data-cell="'+pieces[i][0]+'"]').getBoundingClientRect();
    var x=f.x+f.width/2,y=f.y+f.height/2;if(!(x>r.left&&x<r.right&&y>r.top&&y<r.bottom))bad++;});
  return bad;}
function state(){return {a1:at('a1'),l6:at('l6'),f1:at('f1'),f11:at('f11'),
  pressed:document.getElementById('flip').getAttribute('aria-pressed'),turned:svg.getAttribute('data-turned')==='yes',
  not_upright:[].filter.call(svg.querySelectorAll(':scope>g.at,:scope>text'),function(e){return !upright(e);}).length,
  off_cell:offCell()};}
var seen={before:state()};
document.getElementById('flip').click();seen.flipped=state();
document.getElementById('next').click();seen.next=state();
document.dispatchEvent(new KeyboardEvent('keydown',{key:'f'}));seen.back=state();
var pre=document.createElement('pre');pre.id='probe';pre.textContent=JSON.stringify(seen);document.body.appendChild(pre);
})();</script>"#;

/// The game page's Flip board in Chromium: a click turns the board half a turn (each corner
/// cell where the opposite one was), figures and names upright and each figure on its cell;
/// stepping to the next move keeps it turned; the F key turns it back. The page is the one
/// `hexv doc` wrote with a probe script added at its end (`FLIP_PROBE`), which presses the
/// controls and writes what it measured into the page; a screenshot of the board flipped
/// after 19 plies is kept for a person to look at.
fn game_page_flips_in_chromium(page: &Path, work: &Path) {
    let html = std::fs::read_to_string(page).expect("the game page");
    let probed = work.join("flip-probe.html");
    std::fs::write(
        &probed,
        html.replace("</body>", &format!("{FLIP_PROBE}</body>")),
    )
    .unwrap();
    let dom = dump_dom(
        &format!("file://{}#ply=19", probed.display()),
        &work.join("profile"),
    );
    let start = dom.find(r#"<pre id="probe">"#).expect("the probe ran") + 16;
    let end = start + dom[start..].find("</pre>").expect("its end");
    let seen: serde_json::Value = serde_json::from_str(&dom[start..end]).expect("JSON");
    let point = |state: &str, cell: &str| {
        let p = &seen[state][cell];
        (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
    };
    let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1) < 1.0;
    for state in ["flipped", "next"] {
        assert!(
            near(point(state, "a1"), point("before", "l6")),
            "{state}: {seen}"
        );
        assert!(
            near(point(state, "f1"), point("before", "f11")),
            "{state}: {seen}"
        );
        assert_eq!(seen[state]["pressed"], "true", "{state}: {seen}");
        assert_eq!(seen[state]["turned"], true, "{state}: {seen}");
    }
    for state in ["before", "flipped", "next", "back"] {
        assert_eq!(seen[state]["not_upright"], 0, "{state}: {seen}");
        assert_eq!(seen[state]["off_cell"], 0, "{state}: {seen}");
    }
    assert!(near(point("back", "a1"), point("before", "a1")), "{seen}");
    assert_eq!(seen["back"]["pressed"], "false", "{seen}");
    assert_eq!(seen["back"]["turned"], false, "{seen}");

    // The picture: 19 plies in, flipped.
    let shown = work.join("flipped.html");
    let steps = "document.getElementById('next').click();".repeat(19);
    let script = format!("<script>{steps}document.getElementById('flip').click();</script>");
    std::fs::write(&shown, html.replace("</body>", &format!("{script}</body>"))).unwrap();
    let png = screenshot(&shown, &work.join("flipped.png"), &work.join("profile"));
    let (colours, share) = ink(&png);
    assert!(
        colours > 20 && share > 0.05,
        "{colours} colours, {share:.3} inked"
    );
}
