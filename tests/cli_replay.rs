//! `guichet replay`: a settled unit's reveal written as an animated PNG of
//! the size asked, captioned; an unknown unit or a bad size is a usage error
//! (exit 2), an unsettled unit a refusal (exit 1), a file that cannot be
//! written an output's failure (exit 3) told before anything is rendered.

mod support;

use std::path::Path;

use support::{CARD, forge::forge, funded_player, run_guichet, succeeding};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The width, height and frame count of the animated PNG at `path`.
fn apng_facts(path: &Path) -> (u32, u32, u32) {
    let bytes = std::fs::read(path).expect("the file");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let (mut size, mut frames) = (None, None);
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let length = u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        let kind = &bytes[at + 4..at + 8];
        let data = &bytes[at + 8..at + 8 + length];
        let word = |from: usize| u32::from_be_bytes(data[from..from + 4].try_into().expect("4"));
        match kind {
            b"IHDR" => size = Some((word(0), word(4))),
            b"acTL" => frames = Some(word(0)),
            _ => {}
        }
        at += 12 + length;
    }
    let (width, height) = size.expect("an IHDR");
    (width, height, frames.expect("an acTL: animated"))
}

#[test]
fn a_settled_unit_is_replayed_into_an_animated_png() {
    let folder = tempfile::tempdir().unwrap();
    let db = folder.path().join("guichet.sqlite3").display().to_string();
    funded_player(&db, "20");
    succeeding(&[
        "play", "--db", &db, "--player", CARD, "--game", "x10", "--count", "1",
    ]);
    let out = folder.path().join("rappel.png");
    let said = succeeding(&[
        "replay",
        "--db",
        &db,
        "--unit",
        "1",
        "--out",
        &out.display().to_string(),
        "--size",
        "480x360",
        "--kiosk",
        "Tabac du Port",
    ]);
    let (width, height, frames) = apng_facts(&out);
    assert_eq!((width, height), (480, 360));
    assert!(
        frames > 9,
        "{frames} frames for nine bundles and three diamonds"
    );
    assert!(
        said.starts_with(&format!("unit 1: {frames} frames, ")) && said.contains("480x360"),
        "{said}"
    );
}

#[test]
fn what_cannot_be_replayed_is_said_in_one_line() {
    let folder = tempfile::tempdir().unwrap();
    let db = folder.path().join("guichet.sqlite3").display().to_string();
    funded_player(&db, "20");
    let out = folder.path().join("rappel.png").display().to_string();
    let replay = |unit: &str, out: &str, size: &str| {
        run_guichet(&[
            "replay", "--db", &db, "--unit", unit, "--out", out, "--size", size,
        ])
    };
    let unknown = replay("7", &out, "1280x800");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("there is no unit 7"));
    let tiny = replay("7", &out, "10x10");
    assert_eq!(tiny.status.code(), Some(2));
    assert!(text(&tiny.stderr).contains("each side must be from 320 to 3840 pixels"));
    succeeding(&[
        "play", "--db", &db, "--player", CARD, "--game", "x10", "--count", "1",
    ]);
    // A unit whose reveal is not over (as if the kiosk had stopped in it).
    succeeding(&[
        "play", "--db", &db, "--player", CARD, "--game", "x10", "--count", "1",
    ]);
    forge(
        Path::new(&db),
        "UPDATE units SET state = 'revealing', settled_at = NULL WHERE id = 1",
    );
    let unsettled = replay("1", &out, "480x360");
    assert_eq!(
        unsettled.status.code(),
        Some(1),
        "{}",
        text(&unsettled.stderr)
    );
    assert!(text(&unsettled.stderr).contains("unit 1 is not settled"));
    let nowhere = folder.path().join("none").join("rappel.png");
    let unwritable = replay("2", &nowhere.display().to_string(), "480x360");
    assert_eq!(
        unwritable.status.code(),
        Some(3),
        "{}",
        text(&unwritable.stderr)
    );
    assert!(text(&unwritable.stderr).contains("cannot write"));
    assert!(!Path::new(&out).exists(), "nothing written");
}
