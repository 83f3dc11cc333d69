//! The independent verifier's games (`verifier/games/`, one file each) are
//! the registry's: every game of `guichet_core::games` has its file, no file
//! names a game the registry does not know, and each file's names, stakes,
//! block sizes and prize tables are its emissions' — read from the Python
//! itself, so that a fifth game cannot be sold without its verifier.

use std::path::{Path, PathBuf};
use std::process::Command;

use guichet_core::games;
use serde_json::{Value, json};

/// The verifier's folder.
fn verifier() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("verifier")
}

/// The games the verifier's files are of: their names, `_` files (what the
/// games share) apart.
fn game_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(verifier().join("games"))
        .expect("verifier/games/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ending| ending == "py"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
        .filter(|name| !name.starts_with('_'))
        .collect();
    names.sort();
    names
}

#[test]
fn every_registered_game_has_its_verifier_file_and_no_file_is_of_another() {
    let mut registered: Vec<String> = games::ALL
        .iter()
        .map(|game| game.export_name().to_owned())
        .collect();
    registered.sort();
    assert_eq!(game_files(), registered, "verifier/games/ and the registry");
}

/// The verifier's registry, as its Python reads it: each game's names and
/// emissions, in its order.
fn verifier_registry() -> Value {
    let script = "import json\n\
        from games import GAMES\n\
        print(json.dumps([{'game': name, 'slug': rules.SLUG, 'title': rules.TITLE,\n\
            'stakes': sorted(set(rules.STAKES.values())),\n\
            'emissions': [[stake, size, [list(tier) for tier in tiers]]\n\
                for stake, (size, tiers) in sorted(rules.EMISSIONS.items())]}\n\
            for name, rules in GAMES.items()]))";
    let output = Command::new("python3")
        .current_dir(verifier())
        .args(["-c", script])
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the verifier's registry as JSON")
}

#[test]
fn the_verifiers_games_sell_the_registrys_emissions() {
    let expected: Vec<Value> = games::ALL
        .iter()
        .map(|game| {
            let emissions: Vec<Value> = game
                .emissions()
                .map(|emission| {
                    let tiers: Vec<Value> = emission
                        .tiers
                        .iter()
                        .map(|tier| json!([tier.lots, tier.prize.get()]))
                        .collect();
                    json!([emission.stake.get(), emission.block_size, tiers])
                })
                .collect();
            let stakes: Vec<i64> = game
                .emissions()
                .map(|emission| emission.stake.get())
                .collect();
            json!({
                "game": game.export_name(),
                "slug": game.slug(),
                "title": game.title(),
                "stakes": stakes,
                "emissions": emissions,
            })
        })
        .collect();
    assert_eq!(verifier_registry(), Value::Array(expected));
}
