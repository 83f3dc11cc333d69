//! `guichet audit` as an auditor runs it: the real binary, real files.

mod support;

use support::guichet_command;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use guichet_core::emission::Emission;
use guichet_core::games::Scenario;

const SEED: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

fn guichet(arguments: &[&str]) -> Output {
    guichet_command()
        .args(arguments)
        .output()
        .expect("the guichet binary runs")
}

fn stake_arguments(emission: &Emission) -> Vec<String> {
    let mut arguments = vec!["--game".to_owned(), emission.game.slug().to_owned()];
    if emission.game.emissions().count() > 1 {
        let stake = emission.stake.get();
        arguments.extend([
            "--stake".to_owned(),
            format!("{}.{:02}", stake / 100, stake % 100),
        ]);
    }
    arguments
}

/// Reads a `--prizes` CSV back: the number of units per prize in cents.
fn prize_counts(path: &Path, block_size: u32) -> BTreeMap<i64, u32> {
    let text = std::fs::read_to_string(path).expect("the prizes file");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("index,prize_cents"));
    let mut counts = BTreeMap::new();
    let mut expected_index = 0;
    for line in lines {
        let (index, prize) = line.split_once(',').expect("two columns");
        assert_eq!(index.parse::<u32>().expect("an index"), expected_index);
        *counts
            .entry(prize.parse::<i64>().expect("cents"))
            .or_default() += 1;
        expected_index += 1;
    }
    assert_eq!(expected_index, block_size);
    counts
}

#[test]
fn every_emission_audits_clean_and_its_csv_holds_the_table() {
    let directory = tempfile::tempdir().expect("a temporary directory");
    for emission in guichet_core::games::emissions() {
        let csv = directory.path().join(format!("{}.csv", emission.code()));
        let mut arguments = stake_arguments(emission);
        arguments.extend(["--seed", SEED, "--block", "7", "--prizes"].map(str::to_owned));
        arguments.push(csv.display().to_string());
        let mut full = vec!["audit".to_owned()];
        full.extend(arguments);
        let output = guichet(&full.iter().map(String::as_str).collect::<Vec<_>>());
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{emission}: {stdout}");
        assert!(
            stdout.contains("every tier matches the règlement"),
            "{stdout}"
        );
        assert!(stdout.contains(SEED), "{stdout}");

        let counts = prize_counts(&csv, emission.block_size);
        for tier in emission.tiers {
            assert_eq!(
                counts.get(&tier.prize.get()),
                Some(&tier.lots),
                "{emission} {}",
                tier.prize
            );
        }
        assert_eq!(counts.get(&0), Some(&emission.losing_lots()), "{emission}");
        assert_eq!(
            counts.len(),
            emission.tiers.len() + 1,
            "{emission}: no other prize"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_block_byte_for_byte() {
    let directory = tempfile::tempdir().expect("a temporary directory");
    let run = |name: &str| {
        let path = directory.path().join(name);
        let output = guichet(&[
            "audit",
            "--game",
            "star-fortune",
            "--stake",
            "0,50",
            "--seed",
            SEED,
            "--prizes",
            path.to_str().expect("a UTF-8 path"),
        ]);
        assert!(output.status.success());
        (output.stdout, std::fs::read(path).expect("the prizes file"))
    };
    assert_eq!(run("first.csv"), run("second.csv"));

    let other = directory.path().join("other.csv");
    let output = guichet(&[
        "audit",
        "--game",
        "star-fortune",
        "--stake",
        "0.5",
        "--seed",
        SEED,
        "--block",
        "1",
        "--prizes",
        other.to_str().expect("a UTF-8 path"),
    ]);
    assert!(output.status.success());
    assert_ne!(
        run("third.csv").1,
        std::fs::read(other).expect("the other file")
    );
}

#[test]
fn without_a_seed_a_fresh_one_is_drawn() {
    let seed_line = |output: &Output| {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .find(|line| line.starts_with("seed"))
            .expect("a seed line")
            .to_owned()
    };
    let first = guichet(&["audit", "--game", "star-fortune", "--stake", "1"]);
    let second = guichet(&["audit", "--game", "star-fortune", "--stake", "1"]);
    assert!(first.status.success() && second.status.success());
    assert_ne!(seed_line(&first), seed_line(&second));
}

#[test]
fn bad_arguments_get_one_line_and_exit_2() {
    let unwritable = "/nonexistent-directory/prizes.csv";
    let cases: &[(&[&str], &str)] = &[
        (&["audit", "--game", "poker"], "unknown game"),
        (
            &["audit", "--game", "blackjack", "--stake", "2"],
            "do not give --stake",
        ),
        (
            &["audit", "--game", "x10", "--stake", "0.5"],
            "do not give --stake",
        ),
        (&["audit", "--game", "star-fortune"], "needs --stake"),
        (
            &["audit", "--game", "star-fortune", "--stake", "3"],
            "no 3,00",
        ),
        (
            &["audit", "--game", "star-fortune", "--stake", "deux"],
            "not an amount",
        ),
        (
            &["audit", "--game", "bingo", "--seed", "abc"],
            "64 hexadecimal digits",
        ),
        (
            &["audit", "--game", "bingo", "--seed", &"g".repeat(64)],
            "64 hexadecimal digits",
        ),
        (
            &["audit", "--game", "bingo", "--block", "4294967296"],
            "out of range",
        ),
        (
            &["audit", "--game", "bingo", "--block", "-1"],
            "out of range",
        ),
        (&["audit"], "--game"),
        (
            &["audit", "--game", "x10", "--prizes", unwritable],
            "cannot write",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
        (
            &["audit", "--game", "x10", "--per-tier", "3"],
            "--scenarios",
        ),
        (
            &["audit", "--game", "x10", "--scenarios", "x.jsonl"],
            "--per-tier",
        ),
        (
            &[
                "audit",
                "--game",
                "x10",
                "--trajectories",
                "t.jsonl",
                "--per-tier",
                "1",
            ],
            "star-fortune only",
        ),
        (
            &[
                "audit",
                "--game",
                "star-fortune",
                "--stake",
                "1",
                "--trajectories",
                "t.jsonl",
            ],
            "--per-tier",
        ),
        (
            &[
                "audit",
                "--game",
                "x10",
                "--scenarios",
                "x.jsonl",
                "--per-tier",
                "many",
            ],
            "many",
        ),
    ];
    for (arguments, reason) in cases {
        let output = guichet(arguments);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.contains(reason), "{arguments:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{arguments:?}");
    }
}

#[test]
fn scenarios_of_every_tier_evaluate_to_their_prize() {
    let directory = tempfile::tempdir().expect("a temporary directory");
    for emission in guichet_core::games::emissions() {
        let path = directory.path().join(format!("{}.jsonl", emission.code()));
        let mut arguments = vec!["audit".to_owned()];
        arguments.extend(stake_arguments(emission));
        arguments.extend(
            [
                "--seed",
                SEED,
                "--block",
                "3",
                "--per-tier",
                "4",
                "--scenarios",
            ]
            .map(str::to_owned),
        );
        arguments.push(path.display().to_string());
        let output = guichet(&arguments.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(output.status.success(), "{emission}");

        let mut per_prize: BTreeMap<i64, u32> = BTreeMap::new();
        for line in std::fs::read_to_string(&path)
            .expect("the scenarios file")
            .lines()
        {
            let unit: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(unit["game"], emission.game.export_name());
            assert_eq!(unit["stake_cents"], emission.stake.get());
            assert_eq!(unit["block"], 3);
            let prize = unit["prize_cents"].as_i64().expect("a prize");
            let scenario = Scenario::from_json(emission.game, &unit["scenario"].to_string())
                .expect("a scenario");
            assert_eq!(scenario.validate(emission), Ok(()), "{line}");
            assert_eq!(scenario.prize().get(), prize, "{line}");
            if emission.game == guichet_core::games::star_fortune::game::GAME {
                for drop in unit["scenario"]["drops"].as_array().expect("drops") {
                    assert!(drop["puck"].as_u64().is_some_and(|puck| puck < 3), "{line}");
                }
            }
            *per_prize.entry(prize).or_default() += 1;
        }
        for tier in emission.tiers {
            assert_eq!(
                per_prize.get(&tier.prize.get()),
                Some(&tier.lots.min(4)),
                "{emission} {}",
                tier.prize
            );
        }
        assert_eq!(
            per_prize.get(&0),
            Some(&4),
            "{emission}: the losing tier too"
        );
    }
}

/// Runs the audit of Star Fortune at 0,50 € with both exports, K = 2.
fn star_fortune_exports(directory: &Path) -> (String, String) {
    let scenarios = directory.join("scenarios.jsonl");
    let trajectories = directory.join("trajectories.jsonl");
    let output = guichet(&[
        "audit",
        "--game",
        "star-fortune",
        "--stake",
        "0.5",
        "--seed",
        SEED,
        "--per-tier",
        "2",
        "--scenarios",
        &scenarios.display().to_string(),
        "--trajectories",
        &trajectories.display().to_string(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        std::fs::read_to_string(scenarios).expect("the scenarios file"),
        std::fs::read_to_string(trajectories).expect("the trajectories file"),
    )
}

/// How deep a puck at `x`, `y` is in the nearest peg or side wall of `board`.
fn overlap(board: &serde_json::Value, x: f64, y: f64) -> f64 {
    let number = |value: &serde_json::Value| value.as_f64().expect("a number");
    let (puck, peg) = (number(&board["puck_radius"]), number(&board["peg_radius"]));
    let walls = [
        number(&board["walls"][0]) + puck - x,
        x + puck - number(&board["walls"][1]),
    ];
    board["pegs"]
        .as_array()
        .expect("pegs")
        .iter()
        .map(|at| puck + peg - (number(&at[0]) - x).hypot(number(&at[1]) - y))
        .chain(walls)
        .fold(0.0, f64::max)
}

#[test]
fn trajectories_fall_where_the_units_say_as_the_screen_draws_them() {
    let directory = tempfile::tempdir().expect("a temporary directory");
    let (scenarios, trajectories) = star_fortune_exports(directory.path());
    let mut lines = trajectories.lines();
    let first: serde_json::Value =
        serde_json::from_str(lines.next().expect("the board line")).expect("JSON");
    assert_eq!(first["stake_cents"], 50);
    let board = &first["board"];
    assert_eq!(board["pegs"].as_array().expect("pegs").len(), 134);
    assert_eq!(board["starts"].as_array().expect("starts").len(), 3);
    assert_eq!(board["bonus"].as_array().expect("cases").len(), 2);
    let amounts: Vec<i64> = board["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|slot| slot["amount_cents"].as_i64().expect("an amount"))
        .collect();
    assert_eq!(amounts, [0, 50, 100, 250, 0, 250, 100, 50, 0]);

    // What each unit's drops land on, as `--scenarios` says.
    let mut landings: BTreeMap<(u64, u64), serde_json::Value> = BTreeMap::new();
    for line in scenarios.lines() {
        let unit: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for (drop, fallen) in unit["scenario"]["drops"]
            .as_array()
            .expect("drops")
            .iter()
            .enumerate()
        {
            let landing = match fallen.get("slot") {
                Some(slot) => serde_json::json!({ "slot": slot }),
                None => serde_json::json!({ "bonus": fallen["bonus"] }),
            };
            landings.insert(
                (unit["index"].as_u64().expect("an index"), drop as u64),
                landing,
            );
        }
    }
    let mut pucks: BTreeMap<(u64, u64), Vec<u64>> = BTreeMap::new();
    for line in lines {
        let fall: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let key = (
            fall["index"].as_u64().expect("an index"),
            fall["drop"].as_u64().expect("a drop"),
        );
        assert_eq!(Some(&fall["landing"]), landings.get(&key), "{key:?}");
        pucks
            .entry(key)
            .or_default()
            .push(fall["puck"].as_u64().expect("a puck"));
        let samples = fall["samples"].as_array().expect("samples");
        let point = |sample: &serde_json::Value, at: usize| sample[at].as_f64().expect("a number");
        for (tick, sample) in samples.iter().enumerate() {
            assert!(
                (point(sample, 0) - tick as f64 / 60.0).abs() < 1e-9,
                "60 Hz"
            );
            assert!(
                overlap(board, point(sample, 1), point(sample, 2)) <= 0.5,
                "{key:?} at {tick}"
            );
        }
        let rest = samples.last().expect("a sample at rest");
        let (x, radius) = (
            point(rest, 1),
            board["puck_radius"].as_f64().expect("a radius"),
        );
        let (x0, x1) = match (fall["landing"].get("slot"), fall["landing"].get("bonus")) {
            (Some(slot), _) => {
                let place = &board["slots"][slot.as_u64().expect("a place") as usize];
                (place["x0"].as_f64(), place["x1"].as_f64())
            }
            (_, Some(case)) => {
                let case = &board["bonus"][case.as_u64().expect("a case") as usize];
                (case["x0"].as_f64(), case["x1"].as_f64())
            }
            _ => panic!("a landing: {}", fall["landing"]),
        };
        assert!(
            x - radius >= x0.expect("x0") && x + radius <= x1.expect("x1"),
            "{key:?} rests at {x}"
        );
    }
    assert_eq!(pucks.len(), landings.len(), "every drop of every unit");
    assert!(
        pucks.values().all(|picked| picked == &[0, 1, 2]),
        "three pucks per drop"
    );

    let again = tempfile::tempdir().expect("a temporary directory");
    assert_eq!(
        star_fortune_exports(again.path()).1,
        trajectories,
        "the same samples"
    );
}

#[test]
fn help_is_not_an_error() {
    let output = guichet(&["audit", "--help"]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--prizes"));
}
