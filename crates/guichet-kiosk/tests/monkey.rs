//! The monkey test: every page of the registry (`PageKind::ALL`; the
//! network's own on a throwaway PostgreSQL server) and every game's table
//! under seeded random input — taps (most on a control, some anywhere), drags, double taps, key presses,
//! and random waits — through the real kiosk on a real temporary store. After
//! every event: no panic; the balance is the sum of the ledger; at most one unit
//! is unfinished; every settled unit's prize is its block's prize for it. The
//! player signs out when a tap says so, and back in now and then; a trial
//! ("Essayer") writes no unit. Each start is first checked to be its page,
//! and to answer for itself the law's warning and the idle timeout.
//!
//! 2 000 events per screen here; `cargo test --test monkey -- --ignored` runs
//! 10 000. A failure names the seed; `MONKEY_SEED=N` replays that one.

mod common;
#[path = "../../guichet-network/tests/support/postgres.rs"]
mod postgres_server;

use common::monkey::{Dice, act};
use common::{kiosk, new_database, seed_of, seeded, tile_label};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::Block;
use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_integrity::{Refusal, Verdict};
use guichet_kiosk::app::{Guichet, Page, PageKind};
use guichet_kiosk::command::{Command, PlayerCommand};
use guichet_kiosk::ui::games::GAMES;
use guichet_kiosk::ui::view::{LegalWarning, Seat};
use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;
use guichet_sqlite::Store;
use postgres_server::{Server, as_user};

/// The byte the seeds of the monkey's stores start from.
const SEED_BYTE: u8 = 11;

/// Where the monkey starts: a page of the registry, or a game's table.
#[derive(Clone, Copy, Debug)]
enum Start {
    Page(PageKind),
    Table(Game),
}

/// Every page the monkey starts from: each page of the registry, a table
/// once for every game of the registry.
fn starts() -> Vec<Start> {
    PageKind::ALL
        .into_iter()
        .flat_map(|kind| match kind {
            PageKind::Game => GAMES.iter().map(|entry| Start::Table(entry.game)).collect(),
            kind => vec![Start::Page(kind)],
        })
        .collect()
}

/// A kiosk showing `start`, over a store with a unit of every game settled
/// (an unfinished one for the resume page): the page reached as a player or
/// the operator reaches it, where a tap can. Holds the network's server
/// where the page is a network's.
fn kiosk_at(start: Start) -> (Kept, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let kind = match start {
        Start::Page(kind) => kind,
        Start::Table(_) => PageKind::Game,
    };
    let store = seeded(SEED_BYTE).open(&path).expect("a store");
    let size = egui::Vec2::from(guichet_kiosk::window::WINDOW_SIZE);
    let (server, mut harness) = match kind {
        // A first use: the kiosk asks the player's age before anything.
        PageKind::Age => (None, common::kiosk_as_it_is(Ok(store), size)),
        PageKind::StoreProblem => {
            // A file that is not a database.
            drop(store);
            std::fs::write(&path, b"not a database").expect("written");
            (None, kiosk(common::open(&path)))
        }
        PageKind::Reconnecting => {
            drop(store);
            let (server, harness) = network_out_of_reach(&path);
            (Some(server), harness)
        }
        _ => (None, played_kiosk(store, kind, size)),
    };
    harness.run();
    reach(&mut harness, start, kind);
    assert_eq!(
        harness.state().page().kind(),
        kind,
        "the monkey starts at {}",
        kind.name()
    );
    let kept = Kept {
        _folder: folder,
        _server: server,
    };
    (kept, harness)
}

/// The kiosk over `store` made an account that played a unit of every game
/// (and left one unfinished for the resume page), on the way to `kind`.
fn played_kiosk(mut store: Store, kind: PageKind, size: egui::Vec2) -> Harness<'static, Guichet> {
    common::of_age(&mut store);
    store.deposit(Cents::euros(60)).expect("a deposit");
    // A unit of every game in the history.
    for entry in GAMES {
        let unit = store.buy(entry.game.rules().first_offered).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    if kind == PageKind::Resume {
        // A unit of the first game half revealed, to take up.
        let unit = store
            .buy(GAMES[0].game.rules().first_offered)
            .expect("a unit");
        let step = unit.progress.possible_steps()[0];
        store.reveal(unit.id, &[step]).expect("a step");
    }
    if kind == PageKind::OutOfService {
        common::signed_in(&mut store);
        let refused = Verdict::Refused(Refusal::ProgramUnreadable("a test".to_owned()));
        common::kiosk_configured(Ok(store), size, move |kiosk| kiosk.with_software(refused))
    } else {
        kiosk(Ok(store))
    }
}

/// Goes from the first page to `kind` (`start`'s) by taps, as a player or
/// the operator does; the pages shown first are there already.
fn reach(harness: &mut Harness<'static, Guichet>, start: Start, kind: PageKind) {
    let press = |harness: &mut Harness<'_, Guichet>, label: &str| {
        harness.get_by_label(label).click();
        harness.run();
    };
    match kind {
        PageKind::Lobby
        | PageKind::Resume
        | PageKind::Age
        | PageKind::OutOfService
        | PageKind::StoreProblem
        | PageKind::Reconnecting => {}
        PageKind::Game => {
            let Start::Table(game) = start else {
                unreachable!("a table starts at a game")
            };
            press(harness, &tile_label(game));
        }
        PageKind::History => common::press_in_bar(harness, "Historique"),
        PageKind::CheckUnit => {
            common::press_in_bar(harness, "Historique");
            press(harness, "Vérifier cette partie");
        }
        PageKind::Rules => common::press_in_bar(harness, "Règles"),
        PageKind::Limits => common::press_in_bar(harness, "Limites"),
        PageKind::Exclusion => {
            common::press_in_bar(harness, "Limites");
            press(harness, "Faire une pause");
        }
        PageKind::Pin => {
            harness.key_press(egui::Key::F12);
            harness.run();
        }
        PageKind::Operator => common::open_operator(harness, "2468"),
        PageKind::SignIn | PageKind::NewPlayer => {
            common::press_in_bar(harness, "Se déconnecter");
            let label = if kind == PageKind::SignIn {
                "Se connecter"
            } else {
                "Nouveau joueur"
            };
            common::press_in_bar(harness, label);
        }
    }
}

/// What a monkey's kiosk needs kept while it runs: its folder, and the
/// network's server where it plays on one.
struct Kept {
    _folder: tempfile::TempDir,
    _server: Option<Server>,
}

/// A kiosk of its own file at `path` on a network (a throwaway server)
/// that stopped answering while a player signed in: the page « Le réseau
/// ne répond pas, nouvel essai… », trying again by itself.
fn network_out_of_reach(path: &std::path::Path) -> (Server, Harness<'static, Guichet>) {
    let server = Server::own();
    let url = server.database("kiosk_monkey_reconnecting");
    let mut operator = Operator::connect(&url).expect("the operator connects");
    operator.install("kiosk_monkey", "pw").expect("installed");
    let secret = operator.add_kiosk("borne-monkey").expect("the kiosk added");
    let kiosk = Kiosk::connect(
        &as_user(&url, "kiosk_monkey", "pw"),
        "borne-monkey",
        &secret,
    )
    .expect("the kiosk connects");
    let account = PlayerAccount::new(kiosk);
    let mut harness = common::kiosk_configured(
        common::open(path),
        egui::Vec2::from(guichet_kiosk::window::WINDOW_SIZE),
        move |kiosk| kiosk.with_network(account),
    );
    server.kill();
    harness
        .state_mut()
        .handle(Command::Player(PlayerCommand::SignIn {
            card: common::CARD.to_owned(),
            pin: common::PIN.to_owned(),
        }));
    (server, harness)
}

/// Fails, naming `seed`, unless the store behind the kiosk keeps its rules.
/// `verified` holds the settled units already checked: each once;
/// `units_before`, how many units the file held at the last event.
fn check(
    harness: &mut Harness<'_, Guichet>,
    seed: u64,
    event: usize,
    verified: &mut Vec<i64>,
    units_before: &mut usize,
) {
    let trial = matches!(harness.state().seat(), Seat::Trial { .. });
    let Some(store) = harness.state_mut().store_mut() else {
        return; // A page about the file: nothing more is written.
    };
    let context = || format!("monkey seed {seed}, event {event}");
    // A trial writes nothing: its units are its own.
    let units = store.all_units().expect("units").len();
    if trial {
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
        let (_kept, mut harness) = kiosk_at(start);
        answers_for_itself(harness.state().page());
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
            check(&mut harness, seed, event, &mut verified, &mut units_before);
            // Out of service, whatever is tapped or typed.
            assert!(
                !matches!(start, Start::Page(PageKind::OutOfService))
                    || harness.state().page().kind() == PageKind::OutOfService,
                "monkey seed {seed}, event {event}: the kiosk left its out-of-service page"
            );
        }
        eprintln!(
            "monkey seed {seed}: {} units settled and checked, page at the end: {}",
            verified.len(),
            harness.state().page().kind().name()
        );
    }
}

/// Fails unless `page` answers as the law and the kiosk's rules say: the
/// law's warning on every page that promotes play or speaks of its risks
/// (with "Jeu interdit aux mineurs" in the lobby), the idle timeout leaving
/// every page but those that must stay, and no money held back at a start.
/// Each page of the registry is named: a new one fails to compile here until
/// it is given its answers.
fn answers_for_itself(page: &Page) {
    let (warning, times_out) = match page.kind() {
        PageKind::Lobby => (LegalWarning::WithMinors, false),
        PageKind::Age => (LegalWarning::Shown, false),
        PageKind::Game | PageKind::Rules | PageKind::Limits | PageKind::Exclusion => {
            (LegalWarning::Shown, true)
        }
        PageKind::StoreProblem | PageKind::Reconnecting | PageKind::OutOfService => {
            (LegalWarning::Absent, false)
        }
        PageKind::History
        | PageKind::CheckUnit
        | PageKind::Resume
        | PageKind::Pin
        | PageKind::Operator
        | PageKind::SignIn
        | PageKind::NewPlayer => (LegalWarning::Absent, true),
    };
    let name = page.kind().name();
    assert_eq!(page.legal_warning(), warning, "the {name} page's warning");
    assert_eq!(
        page.times_out(),
        times_out,
        "whether the {name} page times out"
    );
    assert!(
        !page.result_pending(0.0),
        "the {name} page holds nothing back"
    );
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
    let (_kept, mut harness) = kiosk_at(Start::Page(PageKind::Lobby));
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
        check(&mut harness, 0, 0, &mut Vec::new(), &mut 0);
    }));
    assert!(caught.is_err());
}
