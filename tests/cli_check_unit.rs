//! `guichet check-unit`: a unit checked as its player can. A unit of a
//! block that has closed holds every check; one of a block still selling
//! waits for its seed; a unit whose prize or scenario was changed in the
//! file behind the store's back fails, naming what.

mod support;

use std::path::Path;
use std::process::Output;

use support::{CARD, forge::forge, funded_player, run_guichet, succeeding};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file where unit 1 is the last of Black Jack's block 0 (which then
/// closes and publishes its seed) and unit 2 the first of block 1.
fn two_units(folder: &Path) -> String {
    let db = folder.join("guichet.sqlite3").display().to_string();
    funded_player(&db, "20");
    // As if 1 499 999 units had sold: the next is the block's last — the
    // store's own write, chained with its key (a forger's is refused).
    guichet_sqlite::OpenOptions::new()
        .keys(support::keys())
        .open(Path::new(&db))
        .expect("the store")
        .rewrite(
            "UPDATE blocks SET next_index = size - 1 \
             WHERE emission = 'blackjack@200' AND status = 'selling'",
        )
        .expect("rewritten");
    succeeding(&[
        "play",
        "--db",
        &db,
        "--player",
        CARD,
        "--game",
        "blackjack",
        "--count",
        "2",
    ]);
    db
}

fn check_unit(db: &str, unit: &str, json: bool) -> Output {
    let mut arguments = vec!["check-unit", "--db", db, "--unit", unit];
    if json {
        arguments.push("--json");
    }
    run_guichet(&arguments)
}

#[test]
fn a_unit_of_a_closed_block_holds_every_check() {
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    let output = check_unit(&db, "1", false);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    for line in [
        "block 0, unit 1499999 of 1500000",
        "✓ the seed published gives the commitment published before the first sale",
        "✓ the block's permutation gives unit 1499999",
        "✓ the unit's stream draws the scenario shown",
        "✓ the règlement pays",
        "✓ the scenario shown breaks no rule of the règlement",
        "unit 1: every check holds",
    ] {
        assert!(out.contains(line), "{line:?} not in:\n{out}");
    }
    let json: serde_json::Value =
        serde_json::from_slice(&check_unit(&db, "1", true).stdout).expect("one JSON object");
    assert_eq!(json["holds"], true);
    assert_eq!(json["checks"].as_array().map(Vec::len), Some(5));
    assert!(json["seed"].is_string());
}

#[test]
fn a_unit_of_a_selling_block_waits_for_its_seed() {
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    let output = check_unit(&db, "2", false);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("seed: not yet published"), "{out}");
    assert!(
        out.contains("unit 2: verifiable once block 1 closes"),
        "{out}"
    );
    assert!(!out.contains('✗'), "nothing fails while it waits:\n{out}");
    let json: serde_json::Value =
        serde_json::from_slice(&check_unit(&db, "2", true).stdout).expect("one JSON object");
    assert_eq!(json["holds"], false);
    assert!(json["seed"].is_null());
}

#[test]
fn a_prize_or_scenario_changed_in_the_file_fails() {
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    forge(
        Path::new(&db),
        "UPDATE units SET prize_cents = prize_cents + 500000 WHERE id = 1",
    );
    let output = check_unit(&db, "1", false);
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(
        out.contains("✗ the block's permutation gives unit 1499999"),
        "{out}"
    );
    assert!(out.contains("✗ the règlement pays"), "{out}");
    assert!(out.contains("unit 1: a check FAILS"), "{out}");
    // The prize put back, the bank's cards swapped for another unit's.
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    forge(
        Path::new(&db),
        "UPDATE units SET scenario = (SELECT scenario FROM units WHERE id = 2) WHERE id = 1",
    );
    let out = text(&check_unit(&db, "1", false).stdout);
    assert!(
        out.contains("✗ the unit's stream draws the scenario shown"),
        "{out}"
    );
}

#[test]
fn a_unit_that_is_not_there_is_a_usage_error() {
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    let output = check_unit(&db, "99", false);
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output.stderr);
    assert!(said.contains("there is no unit 99"), "{said}");
    // One line, beside the warnings of a temporary folder open to others.
    let errors: Vec<_> = said
        .lines()
        .filter(|line| !line.contains("warning:"))
        .collect();
    assert_eq!(
        errors,
        ["guichet: there is no unit 99 in ".to_owned() + &db],
        "{said}"
    );
}

#[test]
fn units_exported_from_the_history_are_checked_without_the_database() {
    let folder = tempfile::tempdir().unwrap();
    let db = two_units(folder.path());
    let export = folder.path().join("units.jsonl");
    let export = export.to_str().unwrap();
    succeeding(&["history", "--db", &db, "--player", CARD, "--export", export]);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(export)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["format"], "guichet-unit-v1");
    assert!(lines[0]["seed"].is_string() && lines[1]["seed"].is_null());

    // The database gone, the closed block's unit still checks.
    std::fs::remove_file(&db).unwrap();
    let output = run_guichet(&["check-unit", "--export", export, "--unit", "1"]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    assert!(out.contains("unit 1: every check holds"), "{out}");
    assert!(out.contains("as the export says"), "{out}");
    // Both units: the second waits for its block's seed, so not all hold.
    let output = run_guichet(&["check-unit", "--export", export]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("unit 2: verifiable once block 1 closes"));

    // The independent verifier agrees, from the seed the export carries.
    let seed = lines[0]["seed"].as_str().unwrap();
    let verifier = Path::new(env!("CARGO_MANIFEST_DIR")).join("verifier/verify.py");
    let output = std::process::Command::new("python3")
        .arg(&verifier)
        .args(["--seed", seed, "--game", "blackjack", export])
        .output()
        .expect("python3 runs");
    let said = text(&output.stdout);
    assert!(output.status.success(), "{said}{}", text(&output.stderr));
    assert!(
        said.contains("unit 1 (block 0, index 1499999): holds"),
        "{said}"
    );

    // A prize raised in the export fails both.
    let forged_path = folder.path().join("forged.jsonl");
    let mut first_line = lines[0].clone();
    first_line["prize_cents"] = 2_000_000.into();
    std::fs::write(&forged_path, format!("{first_line}\n")).unwrap();
    let output = run_guichet(&["check-unit", "--export", forged_path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("unit 1: a check FAILS"));
    let output = std::process::Command::new("python3")
        .arg(&verifier)
        .args(["--seed", seed, "--game", "blackjack"])
        .arg(&forged_path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
}

#[test]
fn a_bad_export_is_a_usage_error() {
    let folder = tempfile::tempdir().unwrap();
    let export = folder.path().join("units.jsonl");
    std::fs::write(&export, "{\"format\":\"guichet-unit-v1\"}\n").unwrap();
    let output = run_guichet(&["check-unit", "--export", export.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("line 1: not an exported unit"),
        "{}",
        text(&output.stderr)
    );
    let output = run_guichet(&["check-unit"]);
    assert_eq!(output.status.code(), Some(2));
}
