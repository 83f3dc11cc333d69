//! The monkey test: every page and every game's table under seeded random input
//! — taps (most on a control, some anywhere), drags, double taps, key presses,
//! and random waits — through the real kiosk on a real temporary store. After
//! every event: no panic; the balance is the sum of the ledger; at most one unit
//! is unfinished; every settled unit's prize is its block's prize for it. The
//! player signs out when a tap says so, and back in now and then; a trial
//! ("Essayer") writes no unit.
//!
//! 2 000 events per screen here; `cargo test --test monkey -- --ignored` runs
//! 10 000. A failure names the seed; `MONKEY_SEED=N` replays that one.

mod common;

use common::monkey::{Dice, act};
use common::{kiosk, new_database, seed_of, seeded, tile_label};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::Block;
use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_integrity::{Refusal, Verdict};
use guichet_kiosk::app::{Guichet, Page};
use guichet_kiosk::ui::games::GAMES;
use guichet_kiosk::ui::view::Seat;
use guichet_sale::UnitState;

/// The byte the seeds of the monkey's stores start from.
const SEED_BYTE: u8 = 11;

/// Where the monkey starts.
#[derive(Clone, Copy, Debug)]
enum Start {
    Lobby,
    History,
    Rules,
    Resume,
    Age,
    Limits,
    Exclusion,
    Operator,
    /// The kiosk out of service: its program refused.
    OutOfService,
    Table(Game),
}

/// Every page the monkey starts from: the pages, then every game's table of
/// the registry.
fn starts() -> Vec<Start> {
    [
        Start::Lobby,
        Start::History,
        Start::Rules,
        Start::Resume,
        Start::Age,
        Start::Limits,
        Start::Exclusion,
        Start::Operator,
        Start::OutOfService,
    ]
    .into_iter()
    .chain(GAMES.iter().map(|entry| Start::Table(entry.game)))
    .collect()
}

fn kiosk_at(start: Start) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let mut store = seeded(SEED_BYTE).open(&path).expect("a store");
    if matches!(start, Start::Age) {
        // A first use: the kiosk asks the player's age before anything.
        let mut harness = common::kiosk_as_it_is(
            Ok(store),
            egui::Vec2::from(guichet_kiosk::window::WINDOW_SIZE),
        );
        harness.run();
        return (folder, harness);
    }
    common::of_age(&mut store);
    store.deposit(Cents::euros(60)).expect("a deposit");
    // A unit of every game in the history.
    for entry in GAMES {
        let unit = store.buy(entry.game.rules().first_offered).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    if matches!(start, Start::Resume) {
        // A unit of the first game half revealed, to take up.
        let unit = store
            .buy(GAMES[0].game.rules().first_offered)
            .expect("a unit");
        let step = unit.progress.possible_steps()[0];
        store.reveal(unit.id, &[step]).expect("a step");
    }
    let mut harness = if matches!(start, Start::OutOfService) {
        common::signed_in(&mut store);
        let refused = Verdict::Refused(Refusal::ProgramUnreadable("a test".to_owned()));
        common::kiosk_configured(
            Ok(store),
            egui::Vec2::from(guichet_kiosk::window::WINDOW_SIZE),
            move |kiosk| kiosk.with_software(refused),
        )
    } else {
        kiosk(Ok(store))
    };
    harness.run();
    let press = |harness: &mut Harness<'_, Guichet>, label: &str| {
        harness.get_by_label(label).click();
        harness.run();
    };
    match start {
        Start::Lobby | Start::Resume | Start::Age | Start::OutOfService => {}
        Start::History => common::press_in_bar(&mut harness, "Historique"),
        Start::Rules => common::press_in_bar(&mut harness, "Règles"),
        Start::Limits => common::press_in_bar(&mut harness, "Limites"),
        Start::Exclusion => {
            common::press_in_bar(&mut harness, "Limites");
            press(&mut harness, "Faire une pause");
        }
        Start::Operator => common::open_operator(&mut harness, "2468"),
        Start::Table(game) => press(&mut harness, &tile_label(game)),
    }
    (folder, harness)
}

/// Fails, naming `seed`, unless the store behind the kiosk keeps its rules.
/// `verified` holds the settled units already checked: each once;
/// `units_before`, how many units the file held at the last event.
fn check(
    harness: &Harness<'_, Guichet>,
    seed: u64,
    event: usize,
    verified: &mut Vec<i64>,
    units_before: &mut usize,
) {
    let Some(store) = harness.state().store() else {
        return; // A page about the file: nothing more is written.
    };
    let context = || format!("monkey seed {seed}, event {event}");
    // A trial writes nothing: its units are its own.
    let units = store.all_units().expect("units").len();
    if matches!(harness.state().seat(), Seat::Trial { .. }) {
        assert_eq!(units, *units_before, "{}: a trial wrote a unit", context());
    }
    *units_before = units;
    if store.card().is_none() {
        return; // Signed out: nobody's account is on the screen.
    }
    let ledger = store.ledger().expect("a ledger");
    let sum = Cents::checked_sum(ledger.iter().map(|entry| entry.amount)).expect("cents");
    assert_eq!(
        store.balance().expect("a balance"),
        sum,
        "{}: balance ≠ ledger",
        context()
    );
    let unfinished = store.unfinished_units().expect("units").len();
    assert!(
        unfinished <= 1,
        "{}: {unfinished} units unfinished",
        context()
    );
    // A random event settles a unit or two at most: the newest ones are new.
    let recent = store.recent_units(4).expect("units");
    let new: Vec<_> = recent
        .into_iter()
        .filter(|unit| unit.state == UnitState::Settled && !verified.contains(&unit.id))
        .collect();
    for unit in new {
        verified.push(unit.id);
        let block = Block::open(
            unit.emission,
            unit.block,
            &seed_of(SEED_BYTE, unit.emission, unit.block),
        );
        assert_eq!(
            unit.prize,
            block.prize_of_unit(unit.index),
            "{}: unit {} is not its block's",
            context(),
            unit.id
        );
    }
}

fn monkey(events: usize) {
    let seeds: Vec<u64> = match std::env::var("MONKEY_SEED") {
        Ok(seed) => vec![seed.parse().expect("MONKEY_SEED is a number")],
        Err(_) => (1..=starts().len() as u64).collect(),
    };
    for seed in seeds {
        let start = starts()[(seed as usize - 1) % starts().len()];
        eprintln!("monkey seed {seed}: {events} events from {start:?}");
        let (_folder, mut harness) = kiosk_at(start);
        let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut verified = Vec::new();
        let mut units_before = 0;
        for event in 0..events {
            act(&mut harness, &mut dice);
            // Signed out (a tap on "Se déconnecter", the idle timeout), the
            // player comes back now and then.
            if event % 200 == 199
                && harness
                    .state()
                    .store()
                    .is_some_and(|store| store.card().is_none())
                && harness.query_by_label("Se connecter").is_some()
            {
                common::sign_in_on_screen(&mut harness, common::CARD, common::PIN);
            }
            check(&harness, seed, event, &mut verified, &mut units_before);
            // Out of service, whatever is tapped or typed.
            assert!(
                !matches!(start, Start::OutOfService)
                    || matches!(harness.state().page(), Page::OutOfService(_)),
                "monkey seed {seed}, event {event}: the kiosk left its out-of-service page"
            );
        }
        eprintln!(
            "monkey seed {seed}: {} units settled and checked, page at the end: {}",
            verified.len(),
            page_name(harness.state().page())
        );
    }
}

fn page_name(page: &Page) -> &'static str {
    match page {
        Page::Lobby(_) => "lobby",
        Page::Game(_) => "a table",
        Page::History(_) => "history",
        Page::CheckUnit(_) => "check unit",
        Page::Rules(_) => "rules",
        Page::Resume(_) => "resume",
        Page::Reconnecting(_) => "reconnecting",
        Page::StoreProblem(_) => "store problem",
        Page::OutOfService(_) => "out of service",
        Page::Age(_) => "age",
        Page::Limits(_) => "limits",
        Page::Exclusion(_) => "exclusion",
        Page::Pin(_) => "operator PIN",
        Page::Operator(_) => "operator menu",
        Page::SignIn(_) => "sign-in",
        Page::NewPlayer(_) => "new player",
    }
}

#[test]
fn every_screen_survives_random_input() {
    monkey(2_000);
}

#[test]
#[ignore = "10 000 events per screen: minutes; run it before a release"]
fn every_screen_survives_a_long_random_session() {
    monkey(10_000);
}

/// The check itself sees a unit that is not its block's.
#[test]
fn the_check_sees_a_wrong_prize() {
    let (_folder, harness) = kiosk_at(Start::Lobby);
    let path = harness
        .state()
        .store()
        .expect("a store")
        .path()
        .to_path_buf();
    common::forge::forge(
        &path,
        "UPDATE units SET prize_cents = prize_cents + 100 WHERE id = 1",
    );
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check(&harness, 0, 0, &mut Vec::new(), &mut 0);
    }));
    assert!(caught.is_err());
}
