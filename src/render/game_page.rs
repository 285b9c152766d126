//! A game on one self-contained HTML page: the board as SVG with the start drawn (readable
//! without scripts), and a small inline script that steps through the moves (buttons, the
//! arrow keys, or a click on a move in the list), marking the last move's cells and showing
//! the hands and each move's comments. The ply shown is kept in the address (`#ply=19`), so
//! a position can be linked to. A button (or the F key) turns the board half a turn for
//! Black's player, figures and names kept upright (`flip.js`, which the playground shares);
//! the board stays turned while the moves are stepped through.

use std::fmt::Write as _;

use serde_json::json;

use super::diagram::{hands, piece_label, piece_look, position_drawing, position_labels};
use super::figures;
use super::svg::{self, escape};
use crate::game::san::Letters;
use crate::game::{Game, Move, Position};
use crate::variant::Side;

/// What the page shows of a game.
pub struct GameSheet<'a> {
    /// The record's tags (name, value) in order: players, event, date, result, ...
    pub tags: &'a [(String, String)],
    /// Where the game starts.
    pub start: &'a Position,
    /// The moves played from there.
    pub moves: &'a [Move],
    /// Each move's comments (same length as `moves`, or shorter).
    pub comments: &'a [Vec<String>],
    /// The letters moves are written with.
    pub letters: &'a Letters,
    /// A remark shown under the title (e.g. where the record stops resolving).
    pub note: Option<&'a str>,
}

const STYLE: &str = "body{font-family:Georgia,serif;max-width:64rem;margin:1.5rem auto;padding:0 1rem;color:#1f1f1f;line-height:1.4}\
h1{margin-bottom:0.2rem}.meta{color:#555;margin-top:0}.note{color:#8a1c1c}\
main{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}\
#board{flex:0 1 36rem}#board svg{width:100%;height:auto}\
#side{flex:1 1 16rem}.controls button{font-size:1.1rem;min-width:2.6rem;margin-right:0.2rem}\
#ply{margin-left:0.5rem;color:#555}#hands{white-space:pre;font-family:monospace}\
#comment{font-style:italic;min-height:1.4em}\
#moves{line-height:1.9}#moves .move{cursor:pointer;padding:0.05rem 0.25rem;border-radius:3px}\
#moves .move.current{background:#1f1f1f;color:#fff}#moves .number{color:#777}\
#flip{font-size:1rem;margin-left:0.4rem}#flip[aria-pressed=true]{background:#1f1f1f;color:#fff}\
polygon.last{fill:#e8c95c}";

/// The script that turns a board picture half a turn, shared with the playground (which
/// copies the file): it defines `hexvFlip.turn(svg, on)`.
const FLIP_SCRIPT: &str = include_str!("flip.js");

/// The page's script: it reads the data block and redraws the pieces of the shown ply.
const SCRIPT: &str = r#"(function(){
var data=JSON.parse(document.getElementById('game-data').textContent);
var svg=document.querySelector('#board svg'),ns='http://www.w3.org/2000/svg';
var moves=document.querySelectorAll('#moves .move'),ply=0;
var flip=document.getElementById('flip'),flipped=false;
function turn(){hexvFlip.turn(svg,flipped);flip.setAttribute('aria-pressed',String(flipped));}
function show(k){
  ply=Math.max(0,Math.min(data.plies.length-1,k));
  var p=data.plies[ply];
  svg.querySelectorAll(':scope>g.piece,:scope>g.at').forEach(function(t){t.remove();});
  svg.querySelectorAll('polygon.last').forEach(function(c){c.classList.remove('last');});
  p.pieces.forEach(function(e){
    var at=data.cells[e[0]];if(!at)return;
    var g=document.createElementNS(ns,'g');
    g.setAttribute('class','at');g.setAttribute('data-piece',e[1]);
    g.setAttribute('transform','translate('+at[0]+' '+at[1]+')');
    g.innerHTML=data.looks[e[1]]||'';svg.appendChild(g);
  });
  p.last.forEach(function(name){
    svg.querySelectorAll('polygon').forEach(function(c){if(c.getAttribute('data-cell')===name)c.classList.add('last');});
  });
  document.getElementById('hands').textContent=p.hands.join('\n');
  document.getElementById('comment').textContent=p.comment;
  document.getElementById('ply').textContent=ply===0?'start':'after '+p.move+' (ply '+ply+' of '+(data.plies.length-1)+')';
  moves.forEach(function(m,i){m.classList.toggle('current',i+1===ply);});
  turn();
  if(location.hash!=='#ply='+ply)history.replaceState(null,'','#ply='+ply);
}
function fromHash(){var m=/^#ply=(\d+)$/.exec(location.hash);return m?parseInt(m[1],10):0;}
window.addEventListener('hashchange',function(){show(fromHash());});
document.getElementById('first').onclick=function(){show(0);};
document.getElementById('prev').onclick=function(){show(ply-1);};
document.getElementById('next').onclick=function(){show(ply+1);};
document.getElementById('last').onclick=function(){show(data.plies.length-1);};
moves.forEach(function(m,i){m.onclick=function(){show(i+1);};});
flip.onclick=function(){flipped=!flipped;turn();};
document.addEventListener('keydown',function(e){
  if(e.ctrlKey||e.metaKey||e.altKey)return;
  if(e.key==='ArrowLeft')show(ply-1);else if(e.key==='ArrowRight')show(ply+1);
  else if(e.key==='Home')show(0);else if(e.key==='End')show(data.plies.length-1);
  else if(e.key==='f'||e.key==='F')flip.click();
});
show(fromHash());
})();"#;

/// The whole page.
pub fn game_page(game: &Game, sheet: &GameSheet) -> String {
    let v = game.variant;
    let tag = |name: &str| {
        sheet
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value.as_str())
            .filter(|value| !value.is_empty() && *value != "?")
    };
    let players = format!(
        "{} – {}",
        tag("White").unwrap_or("White"),
        tag("Black").unwrap_or("Black")
    );
    let meta: Vec<&str> = ["Event", "Site", "Date", "Round", "Result"]
        .iter()
        .filter_map(|n| tag(n))
        .collect();

    // Every ply's position, its move in short notation, and what the script draws.
    let mut pos = sheet.start.clone();
    let mut plies = vec![ply_data(game, &pos, None, "", &[])];
    let mut written = Vec::new();
    for (i, mv) in sheet.moves.iter().enumerate() {
        let san = game.format_san(&pos, mv, sheet.letters);
        let move_number = (i + usize::from(sheet.start.to_move == Side::BLACK)) / 2 + 1;
        let (label, number) = match pos.to_move {
            Side::WHITE => (
                format!("{move_number}. {san}"),
                Some(format!("{move_number}.")),
            ),
            _ => (
                format!("{move_number}... {san}"),
                (i == 0).then(|| format!("{move_number}...")),
            ),
        };
        pos = game.play(&pos, mv);
        let comments = sheet.comments.get(i).map_or(&[][..], Vec::as_slice);
        plies.push(ply_data(game, &pos, Some(mv), &label, comments));
        written.push((number, san));
    }

    let cells: serde_json::Map<String, serde_json::Value> = v
        .board()
        .cells()
        .chain(v.board().off_board_cells())
        .map(|c| {
            // Where the SVG renderer sets a piece's figure.
            let (x, y) = svg::figure_at(v.board(), c);
            let at = json!([round2(x), round2(y)]);
            (v.board().name(c).to_string(), at)
        })
        .collect();
    // Each piece's figure drawn once, at the origin: the script places a copy on its cell.
    let scale = svg::figure_scale(v.board());
    let looks: serde_json::Map<String, serde_json::Value> = v
        .side_ids()
        .flat_map(|side| v.piece_ids().map(move |p| (side, p)))
        .map(|(side, p)| {
            let mut markup = String::new();
            figures::draw(&mut markup, &piece_look(v, side, p), (0.0, 0.0), scale);
            (piece_label(v, side, p), markup.trim_end().into())
        })
        .collect();
    let data = json!({ "cells": cells, "looks": looks, "plies": plies });
    // `</` inside a script would end it: JSON allows the slash escaped.
    let data = data.to_string().replace("</", "<\\/");

    let title = format!("{players}: {}", v.meta().name);
    let mut out = String::new();
    let _ = writeln!(out, "<!DOCTYPE html>");
    let _ = writeln!(out, r#"<html lang="en">"#);
    let _ = writeln!(
        out,
        r#"<head><meta charset="utf-8"/><title>{}</title><style>{STYLE}</style></head>"#,
        escape(&title)
    );
    let _ = writeln!(out, "<body>");
    let _ = writeln!(
        out,
        r#"<header><h1>{}</h1><p class="meta">{}{}</p>"#,
        escape(&players),
        escape(&v.meta().name),
        meta.iter()
            .map(|m| format!(" · {}", escape(m)))
            .collect::<String>()
    );
    if let Some(note) = sheet.note {
        let _ = writeln!(out, r#"<p class="note">{}</p>"#, escape(note));
    }
    let _ = writeln!(out, "</header><main>");
    // The start, drawn in full so the page reads without its script; the off-board cells
    // the game uses are drawn too.
    let mut drawing = position_drawing(v, sheet.start);
    for p in &plies {
        for name in p["pieces"].as_array().into_iter().flatten() {
            if let Some(c) = name[0].as_str().and_then(|n| v.board().find(n)) {
                drawing.entry(c).or_default();
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<figure id="board">{}</figure>"#,
        svg::render(v.board(), &v.meta().name, &drawing)
    );
    let _ = writeln!(out, r#"<section id="side"><div class="controls">"#);
    for (id, label, what) in [
        ("first", "|◀", "the start"),
        ("prev", "◀", "the move before"),
        ("next", "▶", "the next move"),
        ("last", "▶|", "the last move"),
    ] {
        let _ = write!(
            out,
            r#"<button id="{id}" title="{what}" aria-label="{what}">{label}</button>"#
        );
    }
    let _ = write!(
        out,
        r#"<button id="flip" type="button" aria-pressed="false" title="turn the board half a turn, to see it from Black's side (key F)">Flip board</button>"#
    );
    let _ = writeln!(out, r#"<span id="ply">start</span></div>"#);
    let _ = writeln!(
        out,
        r#"<p id="hands">{}</p><p id="comment"></p><p id="moves">"#,
        escape(&hands(v, sheet.start).join("\n"))
    );
    for (number, san) in &written {
        if let Some(n) = number {
            let _ = write!(out, r#"<span class="number">{n}</span> "#);
        }
        let _ = write!(out, r#"<span class="move">{}</span> "#, escape(san));
    }
    if let Some(result) = tag("Result") {
        let _ = write!(out, "<strong>{}</strong>", escape(result));
    }
    let _ = writeln!(out, "</p></section></main>");
    let _ = writeln!(
        out,
        r#"<script type="application/json" id="game-data">{data}</script>"#
    );
    let _ = writeln!(out, "<script>{FLIP_SCRIPT}</script>");
    let _ = writeln!(out, "<script>{SCRIPT}</script>");
    let _ = writeln!(out, "</body></html>");
    out
}

/// What the script needs of one ply: the pieces (cell, letters), the last move's cells, the
/// hands, the move's label and its comments.
fn ply_data(
    game: &Game,
    pos: &Position,
    last: Option<&Move>,
    label: &str,
    comments: &[String],
) -> serde_json::Value {
    let v = game.variant;
    let pieces: Vec<serde_json::Value> = position_labels(v, pos)
        .into_iter()
        .map(|(c, s)| json!([v.board().name(c), s]))
        .collect();
    let cells: Vec<&str> = last
        .map(|m| m.from.into_iter().chain([m.to]).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|c| v.board().name(c))
        .collect();
    json!({
        "pieces": pieces,
        "last": cells,
        "hands": hands(v, pos),
        "move": label,
        "comment": comments.join(" "),
    })
}

/// Two decimals, as the SVG is written.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
