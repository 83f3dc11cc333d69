//! The command line against what a hostile tester or an unlucky operator does:
//! missing and odd database paths, closed pipes and full disks, partial runs,
//! odd amounts, and several processes on one database at once.

mod support;

use support::{guichet_command, keys};

use std::io::Read as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;
use std::process::{Output, Stdio};

fn guichet(arguments: &[&str]) -> Output {
    guichet_command()
        .args(arguments)
        .output()
        .expect("the guichet binary runs")
}

/// A temporary folder private to this user, as Guichet wants its folder.
fn private_folder() -> tempfile::TempDir {
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700))
        .expect("a private folder");
    folder
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Exit `code` with one line on stderr containing `reason`.
fn refused(arguments: &[&str], code: i32, reason: &str) -> Output {
    let output = guichet(arguments);
    assert_refused(&output, arguments, code, reason);
    output
}

/// `output`, of the command line `arguments`, is exit `code` with one line
/// on stderr containing `reason`.
fn assert_refused(output: &Output, arguments: &[&str], code: i32, reason: &str) {
    let stderr = stderr_of(output);
    assert_eq!(output.status.code(), Some(code), "{arguments:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
    assert!(stderr.contains(reason), "{arguments:?}: {stderr}");
}

/// Sets the player's 7-day limits at 1 000 € each, as any account needs
/// before a deposit.
fn set_limits(db: &str) {
    support::add_player(db);
    ok(&[
        "limits",
        "--player",
        "1",
        "--db",
        db,
        "--deposit",
        "1000",
        "--stake",
        "1000",
    ]);
}

fn ok(arguments: &[&str]) -> String {
    let output = guichet(arguments);
    assert!(
        output.status.success(),
        "{arguments:?}: {}",
        stderr_of(&output)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The window's options before a command were once dropped without a word:
/// `guichet --db X deposit` credited the default file's player, not X's. They
/// are refused now, and nothing is written anywhere.
#[test]
fn the_windows_options_before_a_command_are_refused_not_dropped() {
    let home = private_folder();
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    let db = text(&db);
    set_limits(db);
    for arguments in [
        &["--db", db, "deposit", "--player", "1", "--amount", "20"][..],
        &["--db", db, "player", "add", "--card", "2"],
        &[
            "--keys",
            text(home.path()),
            "history",
            "--player",
            "1",
            "--db",
            db,
        ],
        &["--fullscreen", "verify", "--db", db],
    ] {
        let output = guichet_command()
            .env("HOME", home.path())
            .env_remove("XDG_DATA_HOME")
            .args(arguments)
            .output()
            .expect("the guichet binary runs");
        assert_refused(
            &output,
            arguments,
            2,
            "a command's options go after its name",
        );
    }
    assert_eq!(
        std::fs::read_dir(home.path())
            .expect("the home folder")
            .count(),
        0,
        "nothing written under the home folder"
    );
    assert!(
        ok(&["history", "--player", "1", "--db", db]).contains("0,00"),
        "nothing credited"
    );
}

#[test]
fn commands_that_only_read_never_create_a_database() {
    let folder = private_folder();
    let missing = folder.path().join("nowhere").join("x.db");
    for command in [&["verify"][..], &["history", "--player", "1"], &["blocks"]] {
        refused(
            &[command, &["--db", text(&missing)]].concat(),
            2,
            "there is no database",
        );
    }
    refused(
        &[
            "withdraw",
            "--player",
            "1",
            "--db",
            text(&missing),
            "--amount",
            "5",
        ],
        2,
        "there is no database",
    );
    assert!(
        !missing.parent().expect("a folder").exists(),
        "nothing was created"
    );

    let link = folder.path().join("link.db");
    let target = folder.path().join("target").join("t.db");
    std::os::unix::fs::symlink(&target, &link).expect("a dangling link");
    refused(
        &[
            "deposit",
            "--player",
            "1",
            "--db",
            text(&link),
            "--amount",
            "5",
        ],
        1,
        "does not exist",
    );
    assert!(!target.exists());

    refused(
        &["deposit", "--player", "1", "--db", "-", "--amount", "5"],
        2,
        "not a database path",
    );
    assert!(!Path::new("-").exists());
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_one_line() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    set_limits(text(&db));
    support::add_player(text(&db));
    ok(&[
        "deposit",
        "--player",
        "1",
        "--db",
        text(&db),
        "--amount",
        "50",
    ]);
    ok(&[
        "play",
        "--player",
        "1",
        "--db",
        text(&db),
        "--game",
        "x10",
        "--count",
        "5",
    ]);
    for arguments in [
        vec!["history", "--player", "1", "--db", text(&db)],
        vec!["history", "--player", "1", "--db", text(&db), "--json"],
        vec!["blocks", "--db", text(&db)],
        vec!["verify", "--db", text(&db)],
    ] {
        // The reader is gone before anything is written.
        let mut child = guichet_command()
            .args(&arguments)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("it starts");
        drop(child.stdout.take());
        let status = child.wait().expect("it ends");
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut stderr)
            .expect("stderr");
        assert_eq!(status.code(), Some(0), "{arguments:?}: {stderr}");
        assert!(stderr.is_empty(), "{arguments:?}: {stderr}");

        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        let output = guichet_command()
            .args(&arguments)
            .stdout(full)
            .output()
            .expect("it runs");
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(3), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.contains("cannot write the output"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // A deposit whose report cannot be written is still made, and said so by the code.
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let output = guichet_command()
        .args([
            "deposit",
            "--player",
            "1",
            "--db",
            text(&db),
            "--amount",
            "1",
        ])
        .stdout(full)
        .output()
        .expect("it runs");
    assert_eq!(output.status.code(), Some(3));
    assert!(
        ok(&["history", "--player", "1", "--db", text(&db), "--json"])
            .contains("\"kind\":\"deposit\",\"amount_cents\":100}")
    );

    let prizes = refused(
        &["audit", "--game", "bingo", "--prizes", "/dev/full"],
        3,
        "cannot write the prizes file",
    );
    assert!(prizes.stdout.is_empty());
}

#[test]
fn play_always_says_what_it_did() {
    use guichet_core::block::{Block, Seed};
    use guichet_core::games::blackjack::game::BLACK_JACK;
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    // Blocks whose first Black Jack units lose: 5 € buy two, then fall short.
    let seed = (0..=u8::MAX)
        .map(|byte| Seed::from_bytes([byte; 32]))
        .find(|seed| {
            let block = Block::open(&BLACK_JACK, 0, seed);
            (0..3).all(|index| block.prize_of_unit(index) == guichet_core::money::Cents::ZERO)
        })
        .expect("a seed");
    let mut store = guichet_sqlite::OpenOptions::new()
        .keys(keys())
        .seeds(move |_, _| seed.clone())
        .open(&db)
        .expect("a store");
    store
        .add_player(support::CARD, support::PIN, true)
        .expect("a player");
    store.act_for(support::CARD).expect("the player");
    for kind in [
        guichet_sale::LimitKind::Deposit,
        guichet_sale::LimitKind::Stake,
    ] {
        store
            .set_limit(kind, guichet_core::money::Cents::euros(100))
            .expect("a limit");
    }
    store
        .deposit(guichet_core::money::Cents::euros(5))
        .expect("a deposit");
    drop(store);
    let output = refused(
        &[
            "play",
            "--player",
            "1",
            "--db",
            text(&db),
            "--game",
            "blackjack",
            "--count",
            "10",
        ],
        1,
        "insufficient funds",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("played 2 of 10 unit(s)"), "{stdout}");
    assert!(stdout.contains("staked 4,00"), "{stdout}");
}

#[test]
fn messages_say_what_is_wrong_and_what_to_do() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    let db = text(&db);
    set_limits(db);
    support::add_player(db);
    ok(&["deposit", "--player", "1", "--db", db, "--amount", "20,50"]);
    refused(
        &["withdraw", "--player", "1", "--db", db, "--amount", "30"],
        1,
        "cannot withdraw 30,00",
    );
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "100000"],
        2,
        "a deposit is at most 10",
    );
    refused(
        &[
            "deposit",
            "--player",
            "1",
            "--db",
            db,
            "--amount",
            "92233720368547758.07",
        ],
        2,
        "a deposit is at most",
    );
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "-5"],
        2,
        "the amount must be more than 0",
    );
    refused(
        &["deposit", "--player", "1", "--db", db, "--amount", "5."],
        2,
        "write it like 20, 7.50 or 7,50",
    );
    let long = "9".repeat(100_000);
    let output = refused(
        &["deposit", "--player", "1", "--db", db, "--amount", &long],
        2,
        "100000 characters",
    );
    assert!(
        output.stderr.len() < 300,
        "the amount is not echoed back whole"
    );
    support::add_player(db);
    ok(&["deposit", "--player", "1", "--db", db, "--amount", "5 €"]);

    let locked_out = folder.path().join("locked.sqlite3");
    set_limits(text(&locked_out));
    support::add_player(text(&locked_out));
    ok(&[
        "deposit",
        "--player",
        "1",
        "--db",
        text(&locked_out),
        "--amount",
        "5",
    ]);
    std::fs::set_permissions(&locked_out, std::fs::Permissions::from_mode(0o000))
        .expect("mode 000");
    refused(
        &["verify", "--db", text(&locked_out)],
        1,
        "cannot be read by this user",
    );
    refused(
        &["history", "--player", "1", "--db", text(folder.path())],
        1,
        "is a folder, not a database file",
    );
}

#[test]
fn concurrent_plays_on_one_database_all_finish() {
    let folder = private_folder();
    let db = folder.path().join("guichet.sqlite3");
    set_limits(text(&db));
    support::add_player(text(&db));
    ok(&[
        "deposit",
        "--player",
        "1",
        "--db",
        text(&db),
        "--amount",
        "300",
    ]);
    let children: Vec<_> = ["blackjack", "x10", "bingo", "blackjack"]
        .iter()
        .map(|game| {
            guichet_command()
                .args([
                    "play",
                    "--player",
                    "1",
                    "--db",
                    text(&db),
                    "--game",
                    game,
                    "--count",
                    "15",
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("play starts")
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().expect("play ends");
        assert!(output.status.success(), "{}", stderr_of(&output));
        assert!(String::from_utf8_lossy(&output.stdout).contains("played 15 of 15"));
    }
    let record: serde_json::Value = serde_json::from_str(&ok(&[
        "history",
        "--player",
        "1",
        "--db",
        text(&db),
        "--json",
    ]))
    .expect("JSON");
    assert_eq!(record["units"].as_array().map(Vec::len), Some(60));
    assert!(ok(&["verify", "--db", text(&db)]).starts_with("ok"));
}
