//! Golden vectors (`verifier/golden/`): for every emission, the first units
//! of each tier of one block under a fixed seed, exported as a history
//! exports them, and units forged from them, each line with the verdict
//! expected of `guichet check-unit --export` and of the independent
//! `verifier/verify.py`. This build must export exactly these lines (a
//! generator that draws differently must rewrite them on purpose:
//! `UPDATE_GOLDEN=1`), and both verifiers must give every line its
//! verdict, so that neither can drift from the other.

mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use guichet_cli::unit_export::{ExportedUnit, FORMAT};
use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::games;
use guichet_core::generator::{self, scenario_of_unit};
use guichet_core::money::Cents;
use serde_json::{Value, json};

use support::run_guichet;

/// First units of each tier (and of the losing units) exported.
const PER_TIER: usize = 30;
/// The block of each emission the vectors come from.
const BLOCK: u32 = 3;
/// The numbers forged units are given from.
const FORGED_FROM: i64 = 100_001;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("verifier/golden")
}

/// The vectors' file of `emission`: `star-fortune-50.jsonl`.
fn file_of(emission: &Emission) -> PathBuf {
    folder().join(format!("{}.jsonl", emission.code().replace('@', "-")))
}

/// The fixed seed of `emission`'s vectors: one byte repeated, told apart by
/// the emission's place in the registry.
fn seed_of(position: usize) -> Seed {
    Seed::from_bytes([0x11 * u8::try_from(position + 1).expect("few emissions"); 32])
}

/// The exported line of unit `index` of `block`, numbered `unit`.
fn exported(block: &Block, seed: &Seed, unit: i64, index: u32, prize: Cents) -> ExportedUnit {
    let emission = block.emission();
    ExportedUnit {
        format: FORMAT.to_owned(),
        unit,
        game: emission.game.export_name().to_owned(),
        stake_cents: emission.stake.get(),
        block: block.number(),
        index,
        prize_cents: prize.get(),
        generator: generator::VERSION,
        state: "settled".to_owned(),
        sold_at: "2026-12-01T10:00:00Z".to_owned(),
        scenario: serde_json::to_value(scenario_of_unit(block, index, prize)).unwrap(),
        commitment: block.commitment().to_string(),
        committed_at: "2026-11-30T09:00:00Z".to_owned(),
        seed: Some(seed.expose_hex()),
        closed_at: Some("2026-12-02T18:00:00Z".to_owned()),
    }
}

/// A vector: an exported unit, what was forged in it, and the verdicts.
struct Vector {
    unit: ExportedUnit,
    forgery: Option<&'static str>,
    check_unit_holds: bool,
    verifier_holds: bool,
}

impl Vector {
    fn genuine(unit: ExportedUnit) -> Self {
        Self {
            unit,
            forgery: None,
            check_unit_holds: true,
            verifier_holds: true,
        }
    }

    fn line(&self) -> String {
        let mut line = serde_json::to_value(&self.unit).unwrap();
        let verdict = |holds: bool| if holds { "holds" } else { "fails" };
        line["expected"] = json!({
            "check_unit": verdict(self.check_unit_holds),
            "verifier": verdict(self.verifier_holds),
        });
        if let Some(forgery) = self.forgery {
            line["forgery"] = forgery.into();
        }
        line.to_string()
    }
}

/// The first [`PER_TIER`] indexes of each tier of `block`, the losing last.
fn samples(block: &Block) -> Vec<Vec<u32>> {
    let tiers = block.emission().tiers.len();
    let mut samples = vec![Vec::new(); tiers + 1];
    block
        .walk(1 << 16, |start, found| {
            for (index, tier) in (start..).zip(found) {
                let sample = &mut samples[tier.unwrap_or(tiers)];
                if sample.len() < PER_TIER {
                    sample.push(index);
                }
            }
            Ok::<(), ()>(())
        })
        .unwrap();
    samples
}

/// A scenario of `game` changed so that it pays more, still by the rules.
fn paying_more(game: &str, scenario: &mut Value, stake_cents: i64) {
    match game {
        "blackjack" => scenario["hands"][0]["cards"] = json!(["A", "V"]),
        "x10" => {
            let amount = scenario["cells"][0]["amount_cents"].clone();
            scenario["cells"][0] = json!({"multiplier": 10, "amount_cents": amount});
        }
        "star_fortune" => {
            scenario["drops"][0] = json!({"bonus": 0, "bonus_cents": 100 * stake_cents});
        }
        "bingo" => {
            // Grille 2's first row drawn, in place of the first balls.
            let row: Vec<Value> = scenario["grids"][1].as_array().unwrap()[..4]
                .iter()
                .filter(|cell| !cell.is_null())
                .cloned()
                .collect();
            let drawn: Vec<Value> = [&scenario["balls"], &scenario["bonus_balls"]]
                .iter()
                .flat_map(|balls| balls.as_array().unwrap().clone())
                .collect();
            for (slot, number) in row.into_iter().filter(|n| !drawn.contains(n)).enumerate() {
                scenario["balls"][slot] = number;
            }
        }
        other => panic!("no forgery for {other}"),
    }
}

/// A scenario of `game` changed to break its règlement.
fn breaking_the_rules(game: &str, scenario: &mut Value, stake_cents: i64) {
    match game {
        "blackjack" => scenario["bank"]["hidden"] = json!("2"),
        "x10" => scenario["winning_numbers"][1] = scenario["winning_numbers"][0].clone(),
        "star_fortune" => scenario["slots_cents"][4] = json!(500 * stake_cents),
        "bingo" => scenario["bonus_balls"][0] = scenario["balls"][0].clone(),
        other => panic!("no forgery for {other}"),
    }
}

/// A scenario of `game` whose decoration was changed, paying the same: only
/// a redraw of the unit's stream can tell.
fn redecorated(game: &str, scenario: &mut Value) {
    let swap = |list: &mut Value, first: usize, second: usize| {
        list.as_array_mut().unwrap().swap(first, second);
    };
    match game {
        "blackjack" => {
            let hand = (0..3)
                .find(|&hand| {
                    scenario["hands"][hand]["cards"][0] != scenario["hands"][hand]["cards"][1]
                })
                .expect("a hand of two ranks");
            swap(&mut scenario["hands"][hand]["cards"], 0, 1);
        }
        "x10" => swap(&mut scenario["cells"], 0, 1),
        "star_fortune" => {
            scenario["path_seed"] = json!(scenario["path_seed"].as_u64().unwrap() ^ 1);
        }
        "bingo" => swap(&mut scenario["balls"], 0, 1),
        other => panic!("no forgery for {other}"),
    }
}

/// The forged vectors of an emission, from its genuine ones.
fn forged(block: &Block, seed: &Seed, genuine: &[Vector], losing: &[u32]) -> Vec<Vector> {
    let emission = block.emission();
    let game = emission.game.export_name();
    let stake = emission.stake.get();
    let base = |position: usize| genuine[genuine.len() - 1 - position].unit.clone();
    let top = genuine[0].unit.clone();
    let mut vectors = Vec::new();
    let mut add = |unit: ExportedUnit, forgery, check_unit_holds, verifier_holds| {
        vectors.push(Vector {
            unit,
            forgery: Some(forgery),
            check_unit_holds,
            verifier_holds,
        });
    };

    let mut unit = base(0);
    unit.prize_cents = emission.top_prize().get();
    add(
        unit,
        "a losing unit's prize raised to the top prize",
        false,
        false,
    );

    let mut unit = top.clone();
    unit.index = losing[0];
    add(
        unit,
        "the top prize's scenario and prize under a losing unit's index",
        false,
        false,
    );

    let mut unit = base(1);
    unit.commitment = Block::commitment_of(emission, BLOCK + 1, seed).to_string();
    add(unit, "the commitment of another block", false, false);

    let mut unit = base(2);
    paying_more(game, &mut unit.scenario, stake);
    add(
        unit,
        "a losing scenario changed to pay, its prize kept",
        false,
        false,
    );

    let mut unit = base(3);
    breaking_the_rules(game, &mut unit.scenario, stake);
    add(
        unit,
        "a scenario breaking the règlement, its prize kept",
        false,
        false,
    );

    let mut unit = base(4);
    redecorated(game, &mut unit.scenario);
    // The independent verifier does not redraw the decoration.
    add(
        unit,
        "a losing scenario's decoration changed, paying the same",
        false,
        true,
    );

    let mut unit = top;
    unit.index = emission.block_size;
    add(unit, "an index outside the block", false, false);

    for (number, vector) in (FORGED_FROM..).zip(&mut vectors) {
        vector.unit.unit = number;
    }
    vectors
}

/// Every emission's vectors as this build exports them, a file's text each.
fn vectors() -> Vec<(&'static Emission, Seed, String)> {
    games::emissions()
        .enumerate()
        .map(|(position, emission)| {
            let seed = seed_of(position);
            let block = Block::open(emission, BLOCK, &seed);
            let samples = samples(&block);
            let mut genuine = Vec::new();
            for (tier, indexes) in samples.iter().enumerate() {
                let prize = emission
                    .tiers
                    .get(tier)
                    .map_or(Cents::ZERO, |tier| tier.prize);
                for &index in indexes {
                    let unit = i64::try_from(genuine.len() + 1).unwrap();
                    genuine.push(Vector::genuine(exported(&block, &seed, unit, index, prize)));
                }
            }
            let losing = samples.last().unwrap();
            let forged = forged(&block, &seed, &genuine, losing);
            let mut text = String::new();
            for vector in genuine.iter().chain(&forged) {
                writeln!(text, "{}", vector.line()).unwrap();
            }
            (emission, seed, text)
        })
        .collect()
}

#[test]
fn this_build_exports_exactly_the_golden_vectors() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (emission, _, text) in vectors() {
        let file = file_of(emission);
        if update {
            std::fs::create_dir_all(folder()).unwrap();
            std::fs::write(&file, &text).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(&file).unwrap_or_else(|error| {
            panic!("{}: {error} (UPDATE_GOLDEN=1 writes it)", file.display())
        });
        assert!(
            committed == text,
            "{} is not what this build exports for {emission}: its generators draw \
             differently (bump generator::VERSION, then UPDATE_GOLDEN=1)",
            file.display()
        );
    }
}

#[test]
fn every_emission_has_its_vectors_and_no_file_is_orphaned() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let mut registered: Vec<PathBuf> = games::emissions().map(file_of).collect();
    registered.sort();
    assert_eq!(
        files, registered,
        "verifier/golden/ and the registry's emissions"
    );
}

/// Each committed vector's unit number and expected verdicts.
fn expected(file: &Path) -> BTreeMap<i64, (bool, bool)> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|line| {
            let line: Value = serde_json::from_str(line).unwrap();
            let holds = |who: &str| line["expected"][who] == "holds";
            (
                line["unit"].as_i64().unwrap(),
                (holds("check_unit"), holds("verifier")),
            )
        })
        .collect()
}

#[test]
fn check_unit_gives_every_golden_vector_its_verdict() {
    for (position, emission) in games::emissions().enumerate() {
        let file = file_of(emission);
        let expected = expected(&file);
        let output = run_guichet(&["check-unit", "--export", file.to_str().unwrap(), "--json"]);
        let said: BTreeMap<i64, bool> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| {
                let line: Value = serde_json::from_str(line).unwrap();
                (line["unit"].as_i64().unwrap(), line["holds"] == true)
            })
            .collect();
        let wanted: BTreeMap<i64, bool> = expected
            .iter()
            .map(|(&unit, &(ours, _))| (unit, ours))
            .collect();
        assert_eq!(said, wanted, "{emission} (seed {position})");
        assert_eq!(output.status.code(), Some(1), "forged units fail");
    }
}

#[test]
fn the_independent_verifier_gives_every_golden_vector_its_verdict() {
    for (position, emission) in games::emissions().enumerate() {
        let file = file_of(emission);
        let stake = emission.stake.plain_euros();
        let mut command = Command::new("python3");
        command
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("verifier/verify.py"))
            .args([
                "--seed",
                &seed_of(position).expose_hex(),
                "--game",
                emission.game.slug(),
            ]);
        if emission.game.has_stakes() {
            command.args(["--stake", &stake]);
        }
        let output = command.arg(&file).output().expect("python3 runs");
        let text = String::from_utf8(output.stdout).unwrap();
        let said: BTreeMap<i64, bool> = text
            .lines()
            .filter_map(|line| {
                let rest = line.strip_prefix("unit ")?;
                let (number, _) = rest.split_once(' ')?;
                Some((number.parse().ok()?, line.ends_with(": holds")))
            })
            .collect();
        let wanted: BTreeMap<i64, bool> = expected(&file)
            .iter()
            .map(|(&unit, &(_, theirs))| (unit, theirs))
            .collect();
        assert_eq!(
            said,
            wanted,
            "{emission}:\n{text}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(output.status.code(), Some(1), "forged units fail:\n{text}");
    }
}
