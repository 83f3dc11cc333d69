//! `guichet network`, `guichet play` and `guichet verify` on a network's
//! PostgreSQL database (a real server): the operator sets it up, opens a block
//! and credits a player, adds a kiosk; the kiosk plays for them with the kiosk
//! role's login and its secret; the operator verifies it all. Commands that
//! work on a kiosk's own file refuse a network's URL in one line; the window on
//! a network is refused in one line without its kiosk, player or secret.

mod support;

use support::{guichet_command, password_file};

#[path = "../crates/guichet-network/tests/support/postgres.rs"]
mod postgres_server;

use std::process::Output;

use postgres::{Client, NoTls};
use postgres_server::{Server, as_user, without_password};

fn guichet(arguments: &[&str]) -> Output {
    guichet_as_kiosk(arguments, "")
}

/// The PIN the desk gives the players.
const PIN: &str = "2468";

/// Runs guichet with `arguments`, `secret` in `GUICHET_KIOSK_SECRET`, the
/// players' PIN in `GUICHET_PLAYER_PIN`.
fn guichet_as_kiosk(arguments: &[&str], secret: &str) -> Output {
    guichet_command()
        .args(arguments)
        .env("GUICHET_KIOSK_PASSWORD", "kiosk-pw")
        .env("GUICHET_KIOSK_SECRET", secret)
        .env("GUICHET_PLAYER_PIN", PIN)
        .output()
        .expect("guichet runs")
}

/// What `run` printed, stdout then stderr.
fn said(run: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

/// Runs guichet with `arguments`, expects exit `code` and `words` in what it
/// says, and returns what it said.
fn expect(arguments: &[&str], code: i32, words: &str) -> String {
    expect_as_kiosk(arguments, "", code, words)
}

/// As [`expect`], with `secret` in `GUICHET_KIOSK_SECRET`.
fn expect_as_kiosk(arguments: &[&str], secret: &str, code: i32, words: &str) -> String {
    let run = guichet_as_kiosk(arguments, secret);
    let told = said(&run);
    assert_eq!(run.status.code(), Some(code), "{arguments:?}: {told}");
    assert!(told.contains(words), "{arguments:?}: {told}");
    told
}

/// The secret `guichet network kiosk` printed in `told`: 64 hex digits.
fn secret_in(told: &str) -> String {
    told.split_whitespace()
        .find(|word| word.len() == 64)
        .expect("a secret printed")
        .to_owned()
}

#[test]
fn an_operator_sets_up_a_network_and_a_kiosk_plays_on_it() {
    let server = Server::start();
    let superuser = server.database("cli_network");
    let url = without_password(&superuser, &password_file());
    let role = "kiosk_cli_network";
    let db = ["--db", url.as_str()];
    let install = [&["network", "install"][..], &db, &["--kiosk-role", role]].concat();
    expect(&install, 0, "installed: the schema at version 6");
    let migrate = [&["network", "migrate"][..], &db, &["--kiosk-role", role]].concat();
    expect(&migrate, 0, "at version 6 already");
    let add = [&["network", "kiosk"][..], &db, &["--name", "borne-7"]].concat();
    let added = expect(&add, 0, "kiosk borne-7 added");
    let secret = secret_in(&added);

    let open = [
        &["network", "open"][..],
        &db,
        &["--game", "star-fortune", "--stake", "0.5"],
    ]
    .concat();
    expect(&open, 0, "opened block 0 of Star Fortune");
    expect(&open, 0, "opened block 1 of Star Fortune");
    let limits = [
        &["network", "limits"][..],
        &db,
        &["--player", "dominique", "--deposit", "50", "--stake", "20"],
    ]
    .concat();
    expect(&limits, 0, "dominique's 7-day stake limit: 20,00");
    let deposit = [
        &["network", "deposit"][..],
        &db,
        &["--player", "dominique", "--amount", "10"],
    ]
    .concat();
    expect(&deposit, 0, "balance 10,00");
    let pin = [&["network", "pin"][..], &db, &["--player", "dominique"]].concat();
    expect(&pin, 0, "dominique's PIN is set");

    let kiosk_url = without_password(&as_user(&superuser, role, "kiosk-pw"), &password_file());
    let play = [
        "play",
        "--db",
        &kiosk_url,
        "--kiosk",
        "borne-7",
        "--player",
        "dominique",
        "--game",
        "star-fortune",
        "--stake",
        "0.5",
        "--count",
        "12",
    ];
    expect_as_kiosk(&play, &secret, 0, "played 12 of 12 unit(s)");
    expect(
        &play,
        2,
        "give the secret `guichet network kiosk --name borne-7` printed in --kiosk-secret-file PATH",
    );
    secret_from_a_file_and_a_wrong_pin(&play, &secret);
    reports(&db);
    let other = expect(&add, 0, "kiosk borne-7 added");
    assert!(!other.contains(&secret), "a new secret");
    expect_as_kiosk(
        &play,
        &secret,
        1,
        "kiosk borne-7 is not known by this secret",
    );
    let secret = secret_in(&other);
    let withdraw = [
        &["network", "withdraw"][..],
        &db,
        &["--player", "dominique", "--amount", "1"],
    ]
    .concat();
    expect(&withdraw, 0, "paid out 1,00");
    let exclude = [
        &["network", "exclude"][..],
        &db,
        &["--player", "dominique", "--days", "7"],
    ]
    .concat();
    expect(
        &exclude,
        0,
        "dominique is excluded from play and deposits until",
    );
    let refused = [&play[..11], &["--count", "1"]].concat();
    expect_as_kiosk(&refused, &secret, 1, "excluded from play until");

    let verify = [&["verify"][..], &db].concat();
    let verified = expect(&verify, 0, "ok: every block, sale, journal and ledger");
    assert_eq!(verified.lines().count(), 1, "{verified}");
    // The kiosk role cannot verify: it may not read the seeds.
    expect(&["verify", "--db", &kiosk_url], 1, "permission denied");

    let mut admin = Client::connect(&superuser, NoTls).expect("the superuser connects");
    admin
        .batch_execute("UPDATE guichet.players SET balance_cents = balance_cents + 500")
        .expect("tampered");
    expect(&verify, 1, "player dominique: the ledger does not explain");
}

/// `play` (13 units' worth of money left) with the kiosk's `secret` from a
/// file: refused while others may read it, played once it is 0600; and a
/// wrong PIN, which signs nobody in and is counted.
fn secret_from_a_file_and_a_wrong_pin(play: &[&str], secret: &str) {
    use std::os::unix::fs::PermissionsExt as _;
    // The secret from a file only its owner may read.
    let folder = tempfile::tempdir().expect("a folder");
    let secret_file = folder.path().join("secret");
    std::fs::write(&secret_file, format!("{secret}\n")).expect("written");
    let secret_path = secret_file.to_string_lossy().into_owned();
    let from_file = [
        &play[..7],
        &["--kiosk-secret-file", &secret_path],
        &play[7..11],
        &["--count", "1"],
    ]
    .concat();
    std::fs::set_permissions(&secret_file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    expect(&from_file, 2, "others may read it (mode 644): chmod 600 it");
    std::fs::set_permissions(&secret_file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    expect(&from_file, 0, "played 1 of 1 unit(s)");
    // A wrong PIN signs nobody in.
    let wrong_pin = guichet_command()
        .args(play)
        .env("GUICHET_KIOSK_SECRET", secret)
        .env("GUICHET_PLAYER_PIN", "0000")
        .output()
        .expect("guichet runs");
    assert_eq!(wrong_pin.status.code(), Some(1), "{}", said(&wrong_pin));
    assert!(
        said(&wrong_pin).contains("wrong PIN: 4 tries left"),
        "{}",
        said(&wrong_pin)
    );
}

/// The operator's reports after the 13 units kiosk borne-7 sold: the
/// meters (its line and the network's), the two blocks opened, no closing.
fn reports(db: &[&str]) {
    let meters = expect(&[&["network", "meters"][..], db].concat(), 0, "règlement");
    assert!(
        meters
            .lines()
            .any(|line| line.starts_with("star-fortune@50")
                && line.contains("borne-7")
                && line.contains(" 13 ")),
        "{meters}"
    );
    let json = expect(
        &[&["network", "meters", "--json"][..], db].concat(),
        0,
        "units",
    );
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(
        lines.len(),
        3,
        "borne-7's line, the network's, the desk's: {json}"
    );
    assert_eq!(lines[2]["desk"], "desk");
    assert_eq!(lines[2]["deposited_cents"], 1_000);
    for line in &lines[..2] {
        assert_eq!(line["emission"], "star-fortune@50");
        assert_eq!(line["units"], 13);
        assert_eq!(line["staked_cents"], 650);
        assert!(line["reglement_return_to_player"].as_f64().is_some());
    }
    assert_eq!(lines[0]["kiosk"], "borne-7");
    assert!(lines[1]["kiosk"].is_null(), "the network's total");
    let blocks = expect(
        &[&["network", "blocks", "--json"][..], db].concat(),
        0,
        "commitment",
    );
    let blocks: Vec<serde_json::Value> = blocks
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0]["state"], "open");
    assert_eq!(blocks[0]["sold"], 13);
    assert!(
        blocks[0]["seed"].is_null(),
        "an open block's seed is secret"
    );
    assert_eq!(blocks[0]["commitment"].as_str().map(str::len), Some(64));
    let closings = expect(&[&["network", "closings"][..], db].concat(), 0, "");
    assert!(closings.is_empty(), "no closing sent: {closings}");
    let packs = expect(
        &[&["network", "packs", "--json"][..], db].concat(),
        0,
        "\"pack\":0",
    );
    let pack: serde_json::Value = serde_json::from_str(packs.trim()).expect("one JSON line");
    assert_eq!(pack["emission"], "star-fortune@50");
    assert_eq!(pack["block"], 0);
    assert_eq!(
        (pack["first_unit"].as_u64(), pack["sold"].as_u64()),
        (Some(0), Some(13))
    );
    assert_eq!(pack["kiosk"], "borne-7");
    assert!(pack["last_sale_at"].is_string());
    expect(
        &[&["network", "packs"][..], db].concat(),
        0,
        " 13/100 sold  held by borne-7 since ",
    );
    let handed_back = [&["network", "return-packs"][..], db, &["--name", "borne-7"]].concat();
    expect(
        &handed_back,
        0,
        "1 pack(s) of kiosk borne-7 handed back to the reserve",
    );
    expect(
        &handed_back,
        0,
        "0 pack(s) of kiosk borne-7 handed back to the reserve",
    );
    expect(
        &[&["network", "packs"][..], db].concat(),
        0,
        " 13/100 sold  in the reserve  last sale ",
    );
}

#[test]
fn a_networks_url_is_refused_where_a_file_is_meant_and_play_names_its_kiosk() {
    let url = "postgres://kiosk@127.0.0.1:1/guichet";
    for arguments in [
        vec!["history", "--player", "1", "--db", url],
        vec!["deposit", "--player", "1", "--db", url, "--amount", "5"],
    ] {
        let run = guichet(&arguments);
        assert_eq!(run.status.code(), Some(2), "{arguments:?}: {}", said(&run));
        assert!(
            said(&run).contains("a kiosk's own database file"),
            "{}",
            said(&run)
        );
        assert_eq!(said(&run).lines().count(), 1, "{}", said(&run));
    }
    expect(
        &[
            "network",
            "install",
            "--db",
            "postgres://op:secret@127.0.0.1:1/guichet",
        ],
        2,
        "no password in the URL",
    );
    let unnamed = guichet(&[
        "play", "--player", "p", "--db", url, "--game", "x10", "--count", "1",
    ]);
    assert_eq!(unnamed.status.code(), Some(2), "{}", said(&unnamed));
    assert!(
        said(&unnamed).contains("--kiosk NAME"),
        "{}",
        said(&unnamed)
    );
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("g.sqlite3");
    let misplaced = guichet(&[
        "play",
        "--db",
        file.to_str().expect("a path"),
        "--kiosk",
        "k",
        "--player",
        "p",
        "--game",
        "x10",
        "--count",
        "1",
    ]);
    assert_eq!(misplaced.status.code(), Some(2), "{}", said(&misplaced));
    assert!(!file.exists(), "nothing created");
    let without_password = guichet_command()
        .args(["network", "install", "--db", url])
        .env_remove("GUICHET_KIOSK_PASSWORD")
        .output()
        .expect("guichet runs");
    assert_eq!(without_password.status.code(), Some(2));
    assert!(
        said(&without_password).contains("GUICHET_KIOSK_PASSWORD"),
        "{}",
        said(&without_password)
    );
}

/// The kiosk window on a network names its kiosk, has the kiosk's secret,
/// no password in its URL, a TLS mode that checks the server and no
/// demonstration credit: refused in one line, exit 2, before any window
/// opens.
#[test]
fn the_window_on_a_network_is_refused_in_one_line_without_its_kiosk_or_secret() {
    let url = "postgres://kiosk@127.0.0.1:1/guichet";
    for (arguments, secret, words) in [
        (vec!["--db", url], "s", "name this kiosk: --kiosk-name NAME"),
        (
            vec!["--db", url, "--kiosk-name", "b"],
            "",
            "or GUICHET_KIOSK_SECRET",
        ),
        (
            vec!["--db", url, "--kiosk-name", "b", "--demo"],
            "s",
            "--demo is for a kiosk's own file",
        ),
        (
            vec!["--kiosk-name", "b"],
            "s",
            "is for a network's database",
        ),
        (
            vec![
                "--db",
                "postgres://kiosk:pw@127.0.0.1:1/guichet",
                "--kiosk-name",
                "b",
            ],
            "s",
            "no password in the URL",
        ),
        (
            vec![
                "--db",
                "postgres://kiosk@db.example/guichet?sslmode=require",
                "--kiosk-name",
                "b",
            ],
            "s",
            "checks no certificate",
        ),
    ] {
        let run = guichet_as_kiosk(&arguments, secret);
        assert_eq!(run.status.code(), Some(2), "{arguments:?}: {}", said(&run));
        assert!(said(&run).contains(words), "{arguments:?}: {}", said(&run));
        assert_eq!(said(&run).lines().count(), 1, "{}", said(&run));
    }
}

#[test]
fn the_operator_lists_the_closings_a_kiosk_sent_and_checks_its_file_against_one() {
    let server = Server::start();
    let superuser = server.database("cli_closings");
    let url = without_password(&superuser, &password_file());
    let role = "kiosk_cli_closings";
    let db = ["--db", url.as_str()];
    expect(
        &[&["network", "install"][..], &db, &["--kiosk-role", role]].concat(),
        0,
        "installed",
    );
    let secret = secret_in(&expect(
        &[&["network", "kiosk"][..], &db, &["--name", "borne-8"]].concat(),
        0,
        "kiosk borne-8 added",
    ));
    // The kiosk's own file closes on demand and sends its closing, as the
    // window does.
    let folder = tempfile::tempdir().expect("the kiosk's folder");
    let file = folder.path().join("guichet.sqlite3");
    let file_text = file.to_string_lossy().into_owned();
    expect(
        &["player", "add", "--db", &file_text, "--card", "1"],
        0,
        "player 1 added",
    );
    expect(
        &["closing", "--db", &file_text, "--make"],
        0,
        "\"counter\": 1",
    );
    let exported: serde_json::Value =
        serde_json::from_slice(&guichet(&["closing", "--db", &file_text]).stdout)
            .expect("the closing");
    let body = serde_json::to_string(&exported["closing"]).expect("its body");
    let signature = hex::decode(exported["signature"].as_str().expect("hex")).expect("bytes");
    let mut kiosk =
        Client::connect(&as_user(&superuser, role, "kiosk-pw"), NoTls).expect("the kiosk role");
    kiosk
        .execute(
            "SELECT guichet.record_closing($1, $2, $3, $4, $5)",
            &[&"borne-8", &secret, &1_i64, &body, &signature],
        )
        .expect("sent");

    let listed = expect(
        &[&["network", "closings"][..], &db, &["--name", "borne-8"]].concat(),
        0,
        "\"signature\"",
    );
    assert_eq!(listed.lines().count(), 1, "{listed}");
    let kept = folder.path().join("kept.json");
    std::fs::write(&kept, &listed).expect("kept apart");
    expect(
        &[
            "verify",
            "--db",
            &file_text,
            "--closing",
            &kept.to_string_lossy(),
        ],
        0,
        "ok: ",
    );
}
