//! Play for free: "Essayer" from the lobby signed out, and the stakeholders'
//! `--demo`, end to end on a real file — play money on every screen of it
//! under "Partie d'essai — sans argent", the same tables and animations, and
//! nothing of it ever written: no unit, no ledger entry, no meter, no block
//! sold. And what a passer-by could try with it: a trial's unit passed for a
//! player's, play money passed for money, a trial left running for the next.

mod common;

use common::{CARD, PIN, kiosk_configured, new_database, seeded, store_of};
use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::emission::Emission;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_kiosk::app::{Guichet, Mode, Page};
use guichet_kiosk::command::{Command, PlayCommand, PlayerCommand};
use guichet_sale::PointOfSale as _;
use guichet_sale::{TRIAL_CEILING, TRIAL_CREDIT, UnitState};
use guichet_sqlite::Store;
use tempfile::TempDir;

/// The band on every screen of a trial.
const BAND: &str = "Partie d'essai — sans argent · les gains sont fictifs";

/// A kiosk whose file has player [`CARD`] (of age, limits set, 50 € on
/// their account) signed out, at `size`, in `mode`.
fn kiosk_with_a_player(size: (f32, f32), mode: Mode) -> (TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let mut store = seeded(9).open(&path).expect("a store");
    common::of_age(&mut store);
    store.deposit(Cents::euros(50)).expect("a deposit");
    store.sign_out().expect("signed out");
    let mut harness = kiosk_configured(Ok(store), Vec2::new(size.0, size.1), move |kiosk| {
        kiosk.with_mode(mode)
    });
    harness.run();
    (folder, harness)
}

fn press(harness: &mut Harness<'_, Guichet>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// The tile's "Essayer" of `emission`'s game.
fn try_label(emission: &Emission) -> String {
    format!("Essayer {} sans argent", emission.game.title())
}

/// What the kiosk's file holds of money and play: units, ledger entries of
/// every player, units sold from its blocks, the meters' units.
fn written(store: &mut Store) -> (usize, i64, u64, u64) {
    let sold = guichet_core::games::emissions()
        .map(|emission| {
            store
                .block_status(emission)
                .expect("a block status")
                .map_or(0, |status| u64::from(status.sold))
        })
        .sum();
    let metered = store
        .meters(0)
        .expect("the meters")
        .emissions
        .iter()
        .map(|meter| meter.units)
        .sum();
    (
        store.all_units().expect("the units").len(),
        store.ledger_length().expect("the ledger"),
        sold,
        metered,
    )
}

#[test]
fn a_trial_plays_play_money_under_its_band_and_writes_nothing() {
    let (_folder, mut harness) = kiosk_with_a_player((1280.0, 800.0), Mode::default());
    let before = written(store_of(&mut harness));
    assert!(harness.query_by_label(BAND).is_none(), "no band signed out");
    press(&mut harness, &try_label(&BLACK_JACK));
    assert!(matches!(harness.state().page(), Page::Game(_)));
    harness.get_by_label(BAND);
    harness.get_by_label("Solde d'essai");
    assert_eq!(harness.state().balance(), Some(TRIAL_CREDIT));
    assert_eq!(store_of(&mut harness).card(), None, "nobody signed in");
    // (Before a unit: what a trial's units show is drawn afresh each time.)
    harness.snapshot("trial/black_jack_table");

    // Units played to the end, as paid ones are: the same table, "Auto".
    let mut prizes = 0;
    for _ in 0..3 {
        common::play_at_table(&mut harness, &BLACK_JACK);
        let unit = common::unit_on_table(&harness).expect("a unit");
        assert_eq!(unit.state, UnitState::Settled);
        assert!(unit.id < 0, "a trial's unit is numbered apart");
        assert_eq!(unit.shown_scenario().prize(), unit.prize);
        prizes += unit.prize.get();
        harness.get_by_label(BAND);
    }
    assert_eq!(
        harness.state().balance(),
        Some(Cents(
            TRIAL_CREDIT.get() - 3 * BLACK_JACK.stake.get() + prizes
        ))
    );

    // Every screen of it says so: the history (the trial's units alone),
    // the rules.
    common::press_in_bar(&mut harness, "Historique");
    let Page::History(_) = harness.state().page() else {
        panic!("the history");
    };
    harness.get_by_label(BAND);
    harness.get_by_label("Revoir");
    common::press_in_bar(&mut harness, "Règles");
    harness.get_by_label(BAND);
    // A trial has no limits or break to change: the bar offers play money.
    assert!(harness.query_by_label("Limites").is_none());

    // Nothing was written: not a unit, an entry, a block's unit, a meter.
    assert_eq!(written(store_of(&mut harness)), before);

    press(&mut harness, "Terminer l'essai");
    assert!(harness.state().page().is_lobby());
    assert!(harness.query_by_label(BAND).is_none());
    harness.get_by_label("Se connecter");
    assert_eq!(written(store_of(&mut harness)), before);
}

#[test]
fn play_money_tops_up_to_its_ceiling_and_is_never_a_deposit() {
    let (_folder, mut harness) = kiosk_with_a_player((1280.0, 800.0), Mode::default());
    let before = written(store_of(&mut harness));
    press(&mut harness, &try_label(&X10));
    let more = format!("+ {} d'essai", TRIAL_CREDIT.short());
    common::press_in_bar(&mut harness, &more);
    assert_eq!(
        harness.state().balance(),
        Some(Cents(2 * TRIAL_CREDIT.get()))
    );
    for _ in 0..20 {
        harness
            .state_mut()
            .handle(Command::Play(PlayCommand::TrialCredit));
    }
    assert_eq!(harness.state().balance(), Some(TRIAL_CEILING));
    assert_eq!(written(store_of(&mut harness)), before);

    // Signed in, "more play money" asked by hand credits nobody.
    press(&mut harness, "Terminer l'essai");
    common::sign_in_on_screen(&mut harness, CARD, PIN);
    assert_eq!(harness.state().balance(), Some(Cents::euros(50)));
    harness
        .state_mut()
        .handle(Command::Play(PlayCommand::TrialCredit));
    assert_eq!(harness.state().balance(), Some(Cents::euros(50)));
    assert_eq!(written(store_of(&mut harness)), before);
}

#[test]
fn signing_in_ends_the_trial_and_its_units_are_nobodys() {
    let (_folder, mut harness) = kiosk_with_a_player((1280.0, 800.0), Mode::default());
    press(&mut harness, &try_label(&STAR_FORTUNE_100));
    // A unit bought and left half played.
    harness.state_mut().handle(Command::Play(PlayCommand::Buy {
        emission: &STAR_FORTUNE_100,
        auto: false,
    }));
    harness.run();
    let trial_unit = common::unit_on_table(&harness).expect("a unit");
    assert!(trial_unit.id < 0);

    // "Se connecter" from the trial: the player's own account, afresh.
    press(&mut harness, "Terminer l'essai");
    common::sign_in_on_screen(&mut harness, CARD, PIN);
    assert_eq!(store_of(&mut harness).card(), Some(CARD));
    assert!(harness.query_by_label(BAND).is_none());
    assert_eq!(harness.state().balance(), Some(Cents::euros(50)));
    assert!(
        !matches!(harness.state().page(), Page::Resume(_)),
        "a trial's unit is never offered to a player"
    );
    // The trial's unit passed for one of the player's: not theirs, not
    // anyone's; nothing is revealed, settled or credited.
    let step = trial_unit.progress.possible_steps()[0];
    for command in [
        PlayCommand::Reveal {
            unit: trial_unit.id,
            step,
        },
        PlayCommand::OpenUnit(trial_unit.id),
        PlayCommand::ResumeUnit(trial_unit.id),
    ] {
        harness.state_mut().handle(Command::Play(command));
        harness.run();
    }
    assert_eq!(harness.state().balance(), Some(Cents::euros(50)));
    assert!(
        store_of(&mut harness)
            .all_units()
            .expect("units")
            .is_empty()
    );

    // Signed in, "Essayer" is not offered, and asked by hand plays nothing.
    assert!(harness.query_by_label(&try_label(&X10)).is_none());
    harness
        .state_mut()
        .handle(Command::Player(PlayerCommand::Try(&X10)));
    harness.run();
    assert_eq!(store_of(&mut harness).card(), Some(CARD), "still signed in");
    assert!(harness.query_by_label(BAND).is_none());
}

#[test]
fn a_trial_left_alone_ends_for_the_next_passer_by() {
    let (_folder, mut harness) = kiosk_with_a_player((1280.0, 800.0), Mode::default());
    press(&mut harness, &try_label(&BLACK_JACK));
    common::play_at_table(&mut harness, &BLACK_JACK);
    let idle = f64::from(harness.state().settings().idle_seconds);
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + idle - 10.0);
    harness.step();
    harness.input_mut().time = None;
    harness.step();
    harness.get_by_label("Êtes-vous toujours là ?");
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + 11.0);
    harness.step();
    harness.input_mut().time = None;
    harness.run();
    assert!(harness.state().page().is_lobby());
    // The kiosk is free and long idle: the attract loop plays, and the next
    // passer-by's touch takes it away.
    assert!(harness.state().attracting());
    common::touch(&mut harness);
    assert!(harness.query_by_label(BAND).is_none());
    harness.get_by_label("Se connecter");
    // The next trial starts afresh: its own play money, no history.
    press(&mut harness, &try_label(&X10));
    assert_eq!(harness.state().balance(), Some(TRIAL_CREDIT));
    common::press_in_bar(&mut harness, "Historique");
    harness.get_by_label("Aucune partie pour l’instant.");
}

#[test]
fn a_demonstration_plays_play_money_alone_and_never_ends() {
    let demo = Mode {
        kiosk: false,
        demo: true,
    };
    let (_folder, mut harness) = kiosk_with_a_player((1280.0, 800.0), demo);
    let before = written(store_of(&mut harness));
    assert!(harness.state().page().is_lobby());
    harness.get_by_label(BAND);
    harness.get_by_label("Solde d'essai");
    assert_eq!(harness.state().balance(), Some(TRIAL_CREDIT));
    // Nobody signs in or out: a demonstration player is, for good.
    for label in [
        "Se connecter",
        "Nouveau joueur",
        "Terminer l'essai",
        "Se déconnecter",
    ] {
        assert!(harness.query_by_label(label).is_none(), "{label}");
    }
    harness.snapshot("trial/demonstration_lobby");
    press(&mut harness, &common::tile_label(BLACK_JACK.game));
    common::play_at_table(&mut harness, &BLACK_JACK);
    harness.get_by_label(BAND);
    // A sign-in, a sign-out or a sign-up asked by hand changes nothing.
    for command in [
        PlayerCommand::SignIn {
            card: CARD.to_owned(),
            pin: PIN.to_owned(),
        },
        PlayerCommand::SignOut,
        PlayerCommand::SignUp {
            pin: "1111".to_owned(),
        },
    ] {
        harness.state_mut().handle(Command::Player(command));
        harness.run();
        assert_eq!(store_of(&mut harness).card(), None);
        harness.get_by_label(BAND);
    }
    // Left alone, it goes back to the lobby, still a demonstration.
    let idle = f64::from(harness.state().settings().idle_seconds);
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + idle + 1.0);
    harness.step();
    harness.input_mut().time = None;
    harness.run();
    assert!(harness.state().page().is_lobby());
    harness.get_by_label(BAND);
    assert_eq!(written(store_of(&mut harness)), before);
    assert_eq!(store_of(&mut harness).players().expect("players").len(), 1);
}

#[test]
fn trying_fits_every_kiosk() {
    let mut snapshots = egui_kittest::SnapshotResults::new();
    for (width, height) in common::KIOSK_SIZES {
        let size = format!("{width}x{height}");
        let (_folder, mut harness) = kiosk_with_a_player((width, height), Mode::default());
        harness.get_by_label(&try_label(&BLACK_JACK));
        let problems = common::layout_problems(&harness);
        assert!(problems.is_empty(), "lobby at {size}: {problems:?}");
        if [(1024.0, 768.0), (1280.0, 800.0), (1080.0, 1920.0)].contains(&(width, height)) {
            harness.snapshot(format!("trial/lobby_signed_out_{size}"));
        }
        press(&mut harness, &try_label(&STAR_FORTUNE_100));
        harness.get_by_label(BAND);
        harness.get_by_label("Terminer l'essai");
        let problems = common::layout_problems(&harness);
        assert!(problems.is_empty(), "table at {size}: {problems:?}");
        if [(1024.0, 768.0), (1280.0, 800.0), (1080.0, 1920.0)].contains(&(width, height)) {
            harness.snapshot(format!("trial/star_fortune_{size}"));
        }
        snapshots.extend_harness(&mut harness);
    }
}
