//! The store's command line, as an operator runs it: the real binary, a real
//! SQLite file, and `guichet play` killed with SIGKILL at random moments.

mod support;

use support::{guichet_command, keys};

use std::collections::HashMap;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::Duration;

use guichet_core::games::Scenario;
use guichet_sale::PointOfSale as _;
use serde_json::Value;

fn guichet(arguments: &[&str]) -> Output {
    guichet_command()
        .args(arguments)
        .output()
        .expect("the guichet binary runs")
}

fn succeeds(arguments: &[&str]) -> String {
    let output = guichet(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Text with the narrow and plain no-break spaces of French amounts made
/// plain spaces, to compare with what a test writes.
fn plain(text: &str) -> String {
    text.replace(['\u{202f}', '\u{a0}'], " ")
}

/// Exit `code` with one line on stderr containing `reason` (spaces made
/// plain); returns stdout.
fn refused(arguments: &[&str], code: i32, reason: &str) -> String {
    let output = guichet(arguments);
    let stderr = plain(&String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(code), "{arguments:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
    assert!(stderr.contains(reason), "{arguments:?}: {stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A temporary folder private to this user, as Guichet wants its folder (no
/// warning then).
fn private_folder() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt as _;
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700))
        .expect("a private folder");
    folder
}

fn history(db: &str) -> Value {
    serde_json::from_str(&succeeds(&[
        "history", "--player", "1", "--db", db, "--json",
    ]))
    .expect("one JSON object")
}

/// Checks a `history --json` record the way an outside auditor would: the
/// balance is the ledger's sum, every unit was debited once and credited at most
/// once (exactly once when settled with a prize), and every scenario shows its
/// unit's prize. Returns the number of units not yet settled.
fn audit_history(record: &Value) -> usize {
    let ledger = record["ledger"].as_array().expect("a ledger");
    let units = record["units"].as_array().expect("units");
    let sum: i64 = ledger
        .iter()
        .map(|entry| entry["amount_cents"].as_i64().expect("cents"))
        .sum();
    assert_eq!(
        record["balance_cents"].as_i64(),
        Some(sum),
        "the balance is the ledger's sum"
    );

    let mut stakes: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut prizes: HashMap<i64, Vec<i64>> = HashMap::new();
    for entry in ledger {
        let kind = entry["kind"].as_str().expect("a kind");
        assert!(
            ["deposit", "withdrawal", "stake", "prize", "refund"].contains(&kind),
            "{entry}"
        );
        let amount = entry["amount_cents"].as_i64().expect("cents");
        match kind {
            "stake" => stakes
                .entry(entry["unit"].as_i64().expect("a unit"))
                .or_default()
                .push(amount),
            "prize" => prizes
                .entry(entry["unit"].as_i64().expect("a unit"))
                .or_default()
                .push(amount),
            _ => assert!(entry.get("unit").is_none(), "{entry}"),
        }
    }
    assert_eq!(
        stakes.len(),
        units.len(),
        "every stake belongs to a unit and every unit was debited"
    );

    let mut unsettled = 0;
    for unit in units {
        let id = unit["id"].as_i64().expect("an id");
        let stake = unit["stake_cents"].as_i64().expect("a stake");
        let prize = unit["prize_cents"].as_i64().expect("a prize");
        assert_eq!(
            stakes.get(&id),
            Some(&vec![-stake]),
            "unit {id} debited once"
        );
        let credited = prizes.get(&id).cloned().unwrap_or_default();
        match unit["state"].as_str().expect("a state") {
            "settled" if prize > 0 => assert_eq!(credited, vec![prize], "unit {id} credited once"),
            "settled" => assert!(credited.is_empty(), "unit {id}"),
            "sold" | "revealing" => {
                assert!(
                    credited.is_empty(),
                    "unit {id} credited before it was settled"
                );
                unsettled += 1;
            }
            other => panic!("unit {id}: unknown state {other}"),
        }
        let game = guichet_core::games::by_export_name(unit["game"].as_str().expect("a game"))
            .expect("a known game");
        let scenario =
            Scenario::from_json(game, &unit["scenario"].to_string()).expect("a scenario");
        assert_eq!(
            scenario.prize().get(),
            prize,
            "unit {id}'s scenario shows its prize"
        );
    }
    unsettled
}

#[test]
fn deposit_play_history_verify() {
    let folder = private_folder();
    let db = folder.path().join("nested").join("guichet.sqlite3");
    let db = db.to_str().expect("a UTF-8 path");
    support::add_player(db);
    let limits = succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "500",
        "--stake",
        "200",
    ]);
    assert!(limits.contains("deposit limit set to 500,00"), "{limits}");
    assert!(
        succeeds(&["deposit", "--player", "1", "--db", db, "--amount", "30"]).contains("30,00")
    );
    for emission in guichet_core::games::emissions() {
        let mut arguments = vec![
            "play",
            "--player",
            "1",
            "--db",
            db,
            "--game",
            emission.game.slug(),
            "--count",
            "3",
        ];
        let stake = format!(
            "{}.{:02}",
            emission.stake.get() / 100,
            emission.stake.get() % 100
        );
        if emission.game == guichet_core::games::star_fortune::game::GAME {
            arguments.extend(["--stake", &stake]);
        }
        succeeds(&arguments);
    }
    let record = history(db);
    assert_eq!(record["units"].as_array().map(Vec::len), Some(18));
    assert_eq!(audit_history(&record), 0);
    let first = &record["units"][0];
    for field in [
        "id",
        "game",
        "stake_cents",
        "block",
        "index",
        "prize_cents",
        "state",
        "sold_at",
        "scenario",
    ] {
        assert!(first.get(field).is_some(), "units carry {field}");
    }
    let at = record["ledger"][0]["at"].as_str().expect("a time");
    assert!(
        at.len() == 20 && at.ends_with('Z') && at.as_bytes()[10] == b'T',
        "{at}"
    );
    assert!(succeeds(&["verify", "--db", db]).starts_with("ok"));
    assert!(succeeds(&["history", "--player", "1", "--db", db]).contains("Star Fortune"));
}

#[test]
fn errors_are_one_line_and_leave_files_alone() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    let db = db.to_str().expect("a UTF-8 path");
    let notes = folder.path().join("notes.txt");
    std::fs::write(&notes, "pas une base").expect("a file");
    let notes = notes.to_str().expect("a UTF-8 path");
    support::add_player(db);
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["deposit", "--player", "1", "--db", db, "--amount", "0"],
            2,
            "more than 0",
        ),
        (
            &["deposit", "--player", "1", "--db", db, "--amount", "-3"],
            2,
            "more than 0",
        ),
        (&["deposit", "--player", "1", "--db", db], 2, "--amount"),
        (
            &[
                "play", "--player", "1", "--db", db, "--game", "poker", "--count", "1",
            ],
            2,
            "unknown game",
        ),
        (
            &[
                "play", "--player", "1", "--db", db, "--game", "bingo", "--stake", "2", "--count",
                "1",
            ],
            2,
            "do not give --stake",
        ),
        (
            &[
                "play", "--player", "1", "--db", db, "--game", "bingo", "--count", "1",
            ],
            1,
            "deposit and stake limits first",
        ),
        (
            &["withdraw", "--player", "1", "--db", db, "--amount", "5"],
            1,
            "cannot withdraw 5,00",
        ),
        (
            &["history", "--player", "1", "--db", notes],
            1,
            "not a SQLite database",
        ),
        (&["verify", "--db", notes], 1, "left it untouched"),
    ];
    for (arguments, code, reason) in cases {
        refused(arguments, *code, reason);
    }
    assert_eq!(
        std::fs::read_to_string(notes).expect("the file"),
        "pas une base"
    );
}

#[test]
fn verify_lists_violations_and_exits_1() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    let db_text = db.to_str().expect("a UTF-8 path");
    support::add_player(db_text);
    succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db_text,
        "--deposit",
        "100",
        "--stake",
        "100",
    ]);
    support::add_player(db_text);
    succeeds(&[
        "deposit", "--player", "1", "--db", db_text, "--amount", "10",
    ]);
    succeeds(&[
        "play", "--player", "1", "--db", db_text, "--game", "x10", "--count", "2",
    ]);
    support::forge::forge(
        &db,
        "UPDATE units SET prize_cents = prize_cents + 100 WHERE id = 2",
    );
    let output = guichet(&["verify", "--db", db_text]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("unit 2: prize"), "{stdout}");
}

/// A small deterministic generator of kill delays: 40 to 240 ms, past the
/// play's start and its player's sign-in (an argon2 hash), most of the time
/// even on a loaded machine, so that most kills land while it plays.
struct Delays(u64);

impl Iterator for Delays {
    type Item = Duration;

    fn next(&mut self) -> Option<Duration> {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Some(Duration::from_millis(40 + self.0 % 200))
    }
}

fn kill_play_at(db: &Path, game: &[&str], delay: Duration) {
    let mut child = guichet_command()
        .args([
            "play",
            "--player",
            "1",
            "--db",
            db.to_str().expect("a UTF-8 path"),
            "--count",
            "100000",
        ])
        .args(game)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("play starts");
    std::thread::sleep(delay);
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
}

#[test]
fn play_killed_at_random_moments_loses_nothing_and_pays_nothing_twice() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    let db_text = db.to_str().expect("a UTF-8 path");
    support::add_player(db_text);
    succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db_text,
        "--deposit",
        "100000",
        "--stake",
        "100000",
    ]);
    for _ in 0..10 {
        support::add_player(db_text);
        succeeds(&[
            "deposit", "--player", "1", "--db", db_text, "--amount", "10000",
        ]);
    }
    let games: [&[&str]; 4] = [
        &["--game", "blackjack"],
        &["--game", "star-fortune", "--stake", "1"],
        &["--game", "bingo"],
        &["--game", "x10"],
    ];
    let mut interrupted = 0;
    for (round, delay) in Delays(0x5eed).take(40).enumerate() {
        kill_play_at(&db, games[round % games.len()], delay);
        assert!(
            succeeds(&["verify", "--db", db_text]).starts_with("ok"),
            "round {round}"
        );
        let unsettled = audit_history(&history(db_text));
        assert!(
            unsettled <= 1,
            "round {round}: one unit at most is in flight"
        );
        interrupted += unsettled;
    }
    assert!(interrupted > 0, "some kills landed in the middle of a unit");

    // The next play finishes every interrupted unit before anything else.
    let resumed = succeeds(&[
        "play", "--player", "1", "--db", db_text, "--game", "bingo", "--count", "0",
    ]);
    let record = history(db_text);
    assert_eq!(audit_history(&record), 0, "{resumed}");
    assert!(
        record["units"]
            .as_array()
            .is_some_and(|units| units.len() > 40)
    );
    assert!(succeeds(&["verify", "--db", db_text]).starts_with("ok"));
}

#[test]
fn blocks_lists_what_the_store_holds() {
    let folder = private_folder();
    let path = folder.path().join("guichet.sqlite3");
    let db = path.to_str().expect("a UTF-8 path");
    support::add_player(db);
    succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "100",
        "--stake",
        "100",
    ]);
    support::add_player(db);
    succeeds(&["deposit", "--player", "1", "--db", db, "--amount", "20"]);
    succeeds(&[
        "play",
        "--player",
        "1",
        "--db",
        db,
        "--game",
        "blackjack",
        "--count",
        "2",
    ]);
    let listing = succeeds(&["blocks", "--db", db]);
    let mut store = guichet_sqlite::OpenOptions::new()
        .keys(keys())
        .open(&path)
        .expect("the store");
    for emission in guichet_core::games::emissions() {
        let status = store
            .block_status(emission)
            .expect("a status")
            .expect("a block selling");
        let code = emission.code();
        // The selling block: its number, units sold of its size, its commitment.
        let selling = listing
            .lines()
            .find(|line| line.contains(&code) && line.contains(" sold "))
            .unwrap_or_else(|| panic!("{code} selling in {listing}"));
        assert!(
            selling.contains(&format!("{}/{}", status.sold, status.size)),
            "{selling}"
        );
        assert!(
            selling.contains(&status.selling.commitment.to_string()),
            "{selling}"
        );
        // The next block, committed: its commitment published too.
        let next = status.next.expect("a block committed next");
        assert!(
            listing.contains(&next.commitment.to_string()),
            "{code}: {listing}"
        );
    }
    let black_jack = listing
        .lines()
        .find(|line| {
            line.starts_with(&format!(
                "  {}",
                &guichet_core::games::blackjack::game::BLACK_JACK.code()
            ))
        })
        .expect("Black Jack's block");
    assert!(black_jack.contains("2/1500000"), "{black_jack}");
    assert!(listing.contains("closed:"), "{listing}");
}

#[test]
fn a_withdrawal_is_paid_and_recorded() {
    let folder = private_folder();
    let path = folder.path().join("guichet.sqlite3");
    let db = path.to_str().expect("a UTF-8 path");
    support::add_player(db);
    succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "100",
        "--stake",
        "100",
    ]);
    support::add_player(db);
    succeeds(&["deposit", "--player", "1", "--db", db, "--amount", "20"]);
    let said = succeeds(&["withdraw", "--player", "1", "--db", db, "--amount", "7,50"]);
    assert!(said.contains("withdrew 7,50"), "{said}");
    assert!(said.contains("balance 12,50"), "{said}");
    let record = history(db);
    assert_eq!(record["balance_cents"], 1_250);
    let last = record["ledger"]
        .as_array()
        .expect("a ledger")
        .last()
        .expect("an entry")
        .clone();
    assert_eq!(last["kind"], "withdrawal");
    assert_eq!(last["amount_cents"], -750);
    assert!(succeeds(&["verify", "--db", db]).starts_with("ok"));
}

#[test]
// One session at the command line, read top to bottom: each step needs the
// one before.
#[allow(clippy::too_many_lines)]
fn the_command_line_obeys_the_limits_and_the_exclusion() {
    let folder = private_folder();
    let path = folder.path().join("guichet.sqlite3");
    let db = path.to_str().expect("a UTF-8 path");
    support::add_player(db);
    // No deposit and no play before the limits are set.
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "20"],
        1,
        "set your 7-day deposit and stake limits first",
    );
    refused(
        &[
            "play",
            "--player",
            "1",
            "--db",
            db,
            "--game",
            "blackjack",
            "--count",
            "1",
        ],
        1,
        "limits first",
    );
    let said = plain(&succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "50",
        "--stake",
        "4",
    ]));
    assert!(said.contains("deposit limit set to 50,00"), "{said}");
    assert!(said.contains("stake limit set to 4,00"), "{said}");
    assert!(
        said.contains("deposit limit 50,00 € over 7 days: 0,00 € used, 50,00 € left"),
        "{said}"
    );

    support::add_player(db);

    succeeds(&["deposit", "--player", "1", "--db", db, "--amount", "30"]);
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "30"],
        1,
        "would pass your 7-day deposit limit of 50,00 €: 20,00 € left",
    );
    let stdout = refused(
        &[
            "play",
            "--player",
            "1",
            "--db",
            db,
            "--game",
            "blackjack",
            "--count",
            "5",
        ],
        1,
        "would pass your 7-day stake limit of 4,00 €: 0,00 € left",
    );
    assert!(stdout.contains("played 2 of 5"), "{stdout}");

    // A lower limit at once; a higher one waits 48 hours, and says until when.
    let said = plain(&succeeds(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "40",
    ]));
    assert!(said.contains("deposit limit set to 40,00"), "{said}");
    assert!(said.contains("10,00 € left"), "{said}");
    let said = plain(&succeeds(&[
        "limits", "--player", "1", "--db", db, "--stake", "100",
    ]));
    assert!(
        said.contains("stake limit raised to 100,00 € from 20"),
        "{said}"
    );
    assert!(said.contains("raise to 100,00 € pending from"), "{said}");
    assert!(said.contains("stake limit 4,00 €"), "{said}");

    // Out of range: bad arguments.
    refused(
        &["limits", "--player", "1", "--db", db, "--deposit", "100001"],
        2,
        "between 0,01 € and 100",
    );
    refused(
        &["exclude", "--player", "1", "--db", db, "--days", "0"],
        2,
        "from 1 to 3650",
    );

    let said = succeeds(&["exclude", "--player", "1", "--db", db, "--days", "7"]);
    assert!(said.starts_with("excluded until 20"), "{said}");
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "1"],
        1,
        "excluded from play until",
    );
    refused(
        &[
            "play", "--player", "1", "--db", db, "--game", "x10", "--count", "1",
        ],
        1,
        "excluded from play until",
    );
    assert!(
        succeeds(&["withdraw", "--player", "1", "--db", db, "--amount", "5"])
            .contains("withdrew 5,00")
    );
    assert!(succeeds(&["limits", "--player", "1", "--db", db]).contains("excluded until"));

    let record = history(db);
    let kinds: Vec<&str> = record["protection"]
        .as_array()
        .expect("a protection list")
        .iter()
        .map(|line| line["kind"].as_str().expect("a kind"))
        .collect();
    assert_eq!(
        kinds,
        [
            "age_confirmed",
            "deposit_limit",
            "stake_limit",
            "deposit_limit",
            "stake_limit",
            "exclusion"
        ]
    );
    assert_eq!(record["protection"][1]["amount_cents"], 5_000);
    assert!(record["protection"][4]["effective_at"].is_string());
    assert!(record["protection"][5]["until"].is_string());
}
