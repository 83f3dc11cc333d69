//! The kiosk and its operator, end to end on a real store against a clock the
//! test moves: the PIN (chosen, wrong tries, the lockout, the right one), each
//! page of the operator menu (snapshots), the meters against the ledger after
//! a scripted day of play, the recall of the last 10 units, the attract loop
//! and the idle timeout, and the exit keys
//! swallowed in kiosk mode.

mod common;

use guichet_sale::PointOfSale as _;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use common::{
    kiosk_configured, new_database, of_age, open_operator, seeded, store_of, type_pin, wait,
};
use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::emission::Emission;
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_kiosk::app::{ATTRACT_AFTER, Guichet, Mode, Page, RECALL_LENGTH};
use guichet_kiosk::command::{Command, OperatorTab, PlayerCommand};
use guichet_kiosk::window::WINDOW_SIZE;
use guichet_sqlite::{EventKind, LOCKOUT, LedgerKind, Store};
use jiff::Timestamp;

/// 2026-11-30T08:00:00Z.
const MORNING: i64 = 1_796_025_600;
const PIN: &str = "2468";

/// A store read against a clock the test moves, its player of age.
fn store_at_morning() -> (tempfile::TempDir, Arc<AtomicI64>, Store) {
    let (folder, path) = new_database();
    let clock = Arc::new(AtomicI64::new(MORNING));
    let reading = Arc::clone(&clock);
    let mut store = seeded(31)
        .clock(move || Timestamp::from_second(reading.load(Ordering::SeqCst)).expect("a time"))
        .open(&path)
        .expect("a store");
    of_age(&mut store);
    (folder, clock, store)
}

fn kiosk_in(store: Store, mode: Mode) -> Harness<'static, Guichet> {
    let mut harness = kiosk_configured(Ok(store), Vec2::from(WINDOW_SIZE), move |kiosk| {
        kiosk.with_mode(mode)
    });
    harness.run();
    harness
}

/// Signs the player out: the kiosk is free.
fn sign_out(harness: &mut Harness<'_, Guichet>) {
    harness
        .state_mut()
        .handle(Command::Player(PlayerCommand::SignOut));
    harness.run();
    assert_eq!(store_of(harness).card(), None);
}

/// Presses `label`, scrolled into view first (the operator's pages scroll).
fn press(harness: &mut Harness<'_, Guichet>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

fn tab(harness: &mut Harness<'_, Guichet>, tab: OperatorTab) {
    let name = match tab {
        OperatorTab::Credits => "Crédits",
        OperatorTab::Meters => "Compteurs",
        OperatorTab::Blocks => "Blocs",
        OperatorTab::Charts => "Graphiques",
        OperatorTab::Recall => "Rappel",
        OperatorTab::Events => "Journal",
        OperatorTab::Closings => "Clôtures",
        OperatorTab::Settings => "Réglages",
    };
    press(harness, name);
}

fn events(harness: &mut Harness<'_, Guichet>) -> Vec<EventKind> {
    store_of(harness)
        .events(1_000)
        .expect("the log")
        .into_iter()
        .map(|event| event.kind)
        .collect()
}

#[test]
fn the_pin_is_chosen_then_wrong_tries_lock_the_menu() {
    let (_folder, clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    harness.key_press(egui::Key::F12);
    harness.run();
    assert!(
        harness
            .query_by_label("Choisissez le code opérateur")
            .is_some()
    );
    harness.snapshot("operator/pin_choose");
    // Two different PINs: chosen again.
    type_pin(&mut harness, "1357");
    assert!(
        harness
            .query_by_label("Tapez le code une seconde fois")
            .is_some()
    );
    type_pin(&mut harness, "1358");
    assert!(
        harness
            .query_by_label("Les deux codes diffèrent. Recommencez.")
            .is_some()
    );
    assert!(!store_of(&mut harness).operator_pin_is_set().expect("read"));
    type_pin(&mut harness, PIN);
    type_pin(&mut harness, PIN);
    assert!(matches!(harness.state().page(), Page::Operator(_)));
    press(&mut harness, "Quitter le menu");
    assert!(harness.state().page().is_lobby());

    harness.key_press(egui::Key::F12);
    harness.run();
    assert!(harness.query_by_label("Code opérateur").is_some());
    for left in (1..5).rev() {
        type_pin(&mut harness, "0000");
        let words = if left == 1 {
            "Code erroné. Encore 1 essai avant le blocage.".to_owned()
        } else {
            format!("Code erroné. Encore {left} essais avant le blocage.")
        };
        assert!(harness.query_by_label(&words).is_some(), "{words}");
    }
    type_pin(&mut harness, "0000");
    let locked = "Trop d’essais : menu bloqué jusqu’au 30/11/2026 08:05.";
    assert!(harness.query_by_label(locked).is_some());
    harness.snapshot("operator/pin_locked");
    // Locked: the right PIN does not open it.
    type_pin(&mut harness, PIN);
    assert!(matches!(harness.state().page(), Page::Pin(_)));
    clock.fetch_add(LOCKOUT.as_secs(), Ordering::SeqCst);
    type_pin(&mut harness, PIN);
    assert!(matches!(harness.state().page(), Page::Operator(_)));
    let log = events(&mut harness);
    assert_eq!(
        log.iter()
            .filter(|kind| **kind == EventKind::Lockout)
            .count(),
        1
    );
    assert_eq!(
        log.iter()
            .filter(|kind| **kind == EventKind::PinWrong)
            .count(),
        5
    );
    assert_eq!(log[0], EventKind::PinRight, "newest first");
}

/// Plays one unit of `emission` through the lobby and its table.
fn play(harness: &mut Harness<'_, Guichet>, emission: &'static Emission) {
    if !harness.state().page().is_lobby() {
        press(harness, "‹ Accueil");
    }
    press(harness, &common::tile_label(emission.game));
    if !matches!(harness.state().page(), Page::Game(game) if game.emission() == emission) {
        press(harness, &emission.stake.short());
    }
    common::play_at_table(harness, emission);
}

/// Units, staked and paid per emission, summed from the ledger here.
fn ledger_sums(store: &Store) -> HashMap<String, (u64, Cents, Cents)> {
    let emission_of: HashMap<i64, &'static Emission> = store
        .all_units()
        .expect("units")
        .into_iter()
        .map(|unit| (unit.id, unit.emission))
        .collect();
    let mut sums = HashMap::new();
    // The ledger of the day's one player, whoever the kiosk now serves.
    let mut reader = common::options()
        .read_only()
        .open(store.path())
        .expect("the file, read");
    reader.act_for(common::CARD).expect("the player");
    for entry in reader.ledger().expect("the ledger") {
        let Some(unit) = entry.unit else { continue };
        let sum = sums
            .entry(emission_of[&unit].code())
            .or_insert((0, Cents::ZERO, Cents::ZERO));
        match entry.kind {
            LedgerKind::Stake => {
                sum.0 += 1;
                sum.1 = sum.1.checked_sub(entry.amount).expect("cents");
            }
            LedgerKind::Prize => sum.2 = sum.2.checked_add(entry.amount).expect("cents"),
            other => panic!("no {other:?} in this day"),
        }
    }
    sums
}

/// The meters since installation, checked against the ledger summed here.
fn meters_are_the_ledger(harness: &mut Harness<'_, Guichet>) -> guichet_sqlite::Meters {
    let store = store_of(harness);
    let meters = store.meters(0).expect("meters");
    let sums = ledger_sums(store);
    for meter in &meters.emissions {
        let expected =
            sums.get(&meter.emission.code())
                .copied()
                .unwrap_or((0, Cents::ZERO, Cents::ZERO));
        assert_eq!(
            (meter.units, meter.staked, meter.paid),
            expected,
            "{}",
            meter.emission
        );
    }
    assert_eq!(meters.cash.deposits, (1, Cents::euros(50)));
    assert_eq!(meters.cash.withdrawals, (1, Cents::euros(5)));
    assert_eq!(
        meters
            .emissions
            .iter()
            .map(|meter| meter.units)
            .sum::<u64>(),
        7
    );
    meters
}

#[test]
fn a_scripted_day_the_meters_equal_the_ledger_and_every_page_shows() {
    let (_folder, clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    // Morning: the operator takes 50 € in cash.
    open_operator(&mut harness, PIN);
    harness.snapshot("operator/credits_empty");
    press(&mut harness, "n° 1");
    press(&mut harness, &Cents::euros(50).short());
    press(&mut harness, "Espèces reçues");
    press(&mut harness, &format!("Encaisser {}", Cents::euros(50)));
    assert_eq!(common::balance(&harness), Cents::euros(50));
    press(&mut harness, "Quitter le menu");
    // The day's play, through the screens.
    for emission in [
        &BLACK_JACK,
        &BLACK_JACK,
        &X10,
        &BINGO,
        &STAR_FORTUNE_100,
        &BLACK_JACK,
        &X10,
    ] {
        clock.fetch_add(600, Ordering::SeqCst);
        play(&mut harness, emission);
    }
    // Evening: 5 € paid out, then the meters.
    clock.fetch_add(3_600, Ordering::SeqCst);
    press(&mut harness, "‹ Accueil");
    harness.run_steps(60);
    open_operator(&mut harness, PIN);
    press(&mut harness, "n° 1");
    press(&mut harness, &Cents::euros(5).short());
    press(&mut harness, "Gain payé en espèces");
    press(&mut harness, &format!("Payer {}", Cents::euros(5)));
    // Paid out at the desk, the player has left the kiosk: signed out.
    assert_eq!(store_of(&mut harness).card(), None);
    harness.snapshot("operator/credits");

    tab(&mut harness, OperatorTab::Meters);
    let meters = meters_are_the_ledger(&mut harness);
    let black_jack = &meters.emissions[0];
    assert_eq!(black_jack.units, 3);
    assert!(
        harness
            .query_all_by_label(&black_jack.staked.to_string())
            .count()
            >= 2
    );
    harness.snapshot("operator/meters");
    press(&mut harness, "Relève de fin de journée");
    press(&mut harness, "Remettre à zéro");
    let resets = store_of(&mut harness).meter_resets().expect("resets");
    assert_eq!(resets.len(), 1);
    assert_eq!(resets[0].reason, "Relève de fin de journée");
    assert!(
        harness
            .query_by_label(
                "Depuis la remise à zéro du 30/11/2026 10:10 (Relève de fin de journée)"
            )
            .is_some()
    );
    assert_eq!(
        store_of(&mut harness).meters(0).expect("meters"),
        meters,
        "never reset"
    );

    tab(&mut harness, OperatorTab::Blocks);
    press(&mut harness, "Vérifier la base");
    assert!(
        harness
            .query_by_label("Vérification faite : aucune anomalie.")
            .is_some()
    );
    harness.snapshot("operator/blocks");
    tab(&mut harness, OperatorTab::Charts);
    harness.snapshot("operator/charts");
    tab(&mut harness, OperatorTab::Recall);
    harness.snapshot("operator/recall");
    tab(&mut harness, OperatorTab::Events);
    harness.snapshot("operator/events");
    tab(&mut harness, OperatorTab::Settings);
    assert!(
        harness.query_by_label("Fermer la borne").is_none(),
        "exit only in kiosk mode"
    );
    harness.snapshot("operator/settings");
    let log = events(&mut harness);
    for kind in [
        EventKind::CashIn,
        EventKind::CashOut,
        EventKind::MeterReset,
        EventKind::Verify,
    ] {
        assert!(log.contains(&kind), "{kind:?} logged");
    }
}

#[test]
fn the_recall_lists_the_last_10_units_and_replays_each_step_by_step() {
    let (_folder, clock, mut store) = store_at_morning();
    store.deposit(Cents::euros(100)).expect("a deposit");
    let mut sold = Vec::new();
    for round in 0..12 {
        clock.fetch_add(60, Ordering::SeqCst);
        let emission = [&BLACK_JACK, &X10, &BINGO][round % 3];
        let unit = store.buy(emission).expect("a unit");
        store.finish(unit.id).expect("settled");
        sold.push(unit.id);
    }
    let mut harness = kiosk_in(store, Mode::default());
    open_operator(&mut harness, PIN);
    tab(&mut harness, OperatorTab::Recall);
    let listed: Vec<i64> = sold
        .iter()
        .copied()
        .filter(|id| {
            harness
                .query_by_label(&format!("Rejouer la partie {id}"))
                .is_some()
        })
        .collect();
    assert_eq!(listed.len(), RECALL_LENGTH as usize);
    assert_eq!(listed, sold[2..], "the last ten");
    let newest = *sold.last().expect("units");
    harness
        .get_by_label(&format!("Rejouer la partie {newest}"))
        .click();
    harness.step();
    let strip = format!("RAPPEL — partie {newest} du 30/11/2026 08:12, rejouée pas à pas");
    harness.step();
    assert!(
        harness.query_by_label(&strip).is_some(),
        "labelled as a recall: {strip}"
    );
    let Page::Game(game) = harness.state().page() else {
        panic!("the unit's table");
    };
    assert!(game.is_recall());
    assert!(
        harness.query_by_label("Auto").is_none()
            && harness
                .query_by_label(&common::play_label(&BINGO))
                .is_none(),
        "nothing is sold from a recall"
    );
    assert_eq!(game.unit().map(|unit| unit.id), Some(newest));
    let stored = store_of(&mut harness).unit(newest).expect("stored");
    let result = common::result_words(stored.prize, stored.emission.stake);
    // Step by step: the result is not there at once, then shows.
    harness.run_steps(2);
    assert!(
        harness.query_by_label(&result).is_none(),
        "replayed, not shown whole"
    );
    common::run_until(&mut harness, 40.0, |harness| {
        harness.query_by_label(&result).is_some()
    });
    harness.run_steps(120);
    harness.snapshot("operator/recall_replay");
    assert_eq!(
        store_of(&mut harness).ledger().expect("ledger").len(),
        1 + 12
            + store_of(&mut harness)
                .all_units()
                .expect("units")
                .iter()
                .filter(|unit| unit.prize.is_positive())
                .count(),
        "a recall moves no money"
    );
    press(&mut harness, "Retour au rappel");
    assert!(
        matches!(harness.state().page(), Page::Operator(page) if page.tab() == OperatorTab::Recall)
    );
}

#[test]
fn the_attract_loop_plays_on_an_idle_empty_kiosk_and_a_touch_stops_it() {
    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    sign_out(&mut harness);
    assert!(!harness.state().attracting());
    wait(&mut harness, ATTRACT_AFTER - 1.0);
    assert!(!harness.state().attracting(), "not before its time");
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + 1.5);
    harness.step();
    harness.input_mut().time = None;
    assert!(harness.state().attracting());
    assert_eq!(
        harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay,
        std::time::Duration::ZERO,
        "the loop's first frame is asked for at once"
    );
    harness.run_steps(30);
    assert!(harness.query_by_label("Touchez pour jouer").is_some());
    harness.snapshot("attract/black_jack");
    // The games take turns.
    harness.run_steps(60 * 6);
    harness.snapshot("attract/x10");
    // A touch anywhere: the loop goes once the finger lifts, and the tile under
    // the finger is not pressed.
    assert!(
        harness.state().attracting(),
        "still playing after its turns"
    );
    let tile = harness.get_by_label("Touchez pour jouer").rect().center();
    harness.event(egui::Event::PointerMoved(tile));
    harness.event(egui::Event::PointerButton {
        pos: tile,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    assert!(harness.state().attracting(), "still, under the finger");
    harness.event(egui::Event::PointerButton {
        pos: tile,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    harness.run();
    assert!(!harness.state().attracting());
    assert!(
        harness.state().page().is_lobby(),
        "nothing under it was pressed"
    );
    assert!(
        harness
            .query_by_label(&common::tile_label(
                guichet_core::games::blackjack::game::GAME
            ))
            .is_some()
    );
}

/// The case: a player signed in with 0 € left, idle. The loop never
/// covers them (it held their sign-out off for ever): they are asked whether
/// they are still there, signed out at the timeout, and only then, on the
/// kiosk nobody is served at, does the loop start.
#[test]
fn a_signed_in_player_with_nothing_left_is_signed_out_and_then_the_loop_plays() {
    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    assert_eq!(store_of(&mut harness).card(), Some(common::CARD));
    assert_eq!(
        store_of(&mut harness).balance().expect("a balance"),
        Cents::ZERO
    );
    let timeout = f64::from(harness.state().settings().idle_seconds);
    wait(&mut harness, ATTRACT_AFTER + 1.0);
    assert!(
        !harness.state().attracting(),
        "never over a signed-in player"
    );
    wait(&mut harness, timeout - ATTRACT_AFTER - 20.0);
    assert!(!harness.state().attracting());
    harness.get_by_label("Êtes-vous toujours là ?");
    wait(&mut harness, 150.0 - timeout + 19.0);
    assert_eq!(
        store_of(&mut harness).card(),
        None,
        "signed out after 150 s"
    );
    wait(&mut harness, 1.0);
    assert!(
        harness.state().attracting(),
        "the free kiosk shows the loop"
    );
}

/// A kiosk nobody is served at shows the loop; a sign-in (by the keypad
/// under it, or another way) ends it at once.
#[test]
fn the_loop_plays_on_a_signed_out_kiosk_and_stops_for_a_player() {
    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    sign_out(&mut harness);
    wait(&mut harness, ATTRACT_AFTER + 1.0);
    assert!(harness.state().attracting(), "signed out: the loop starts");
    harness
        .state_mut()
        .handle(Command::Player(PlayerCommand::SignIn {
            card: common::CARD.to_owned(),
            pin: common::PIN.to_owned(),
        }));
    harness.step();
    assert!(!harness.state().attracting(), "a player is served");
}

#[test]
fn no_attract_over_a_player_with_money_nor_when_the_operator_turns_it_off() {
    let (_folder, _clock, mut store) = store_at_morning();
    store.deposit(Cents::euros(2)).expect("a deposit");
    let mut harness = kiosk_in(store, Mode::default());
    let timeout = f64::from(harness.state().settings().idle_seconds);
    wait(&mut harness, timeout - 1.0);
    assert!(!harness.state().attracting(), "a player with money");

    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    open_operator(&mut harness, PIN);
    tab(&mut harness, OperatorTab::Settings);
    // "Non" of the attract row: the last of the four "Non"/"Oui" pairs' second.
    let off: Vec<_> = harness.query_all_by_label("Non").collect();
    assert_eq!(off.len(), 2, "sound and attract");
    off[1].click();
    harness.run();
    assert!(!harness.state().settings().attract);
    press(&mut harness, "Quitter le menu");
    sign_out(&mut harness);
    wait(&mut harness, ATTRACT_AFTER * 2.0);
    assert!(!harness.state().attracting(), "turned off");
    assert_eq!(
        store_of(&mut harness)
            .kiosk_setting("attract")
            .expect("read")
            .as_deref(),
        Some("off")
    );
}

#[test]
fn a_page_left_alone_goes_back_to_the_lobby_and_the_unit_stays_resumable() {
    let (_folder, _clock, mut store) = store_at_morning();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let mut harness = kiosk_in(store, Mode::default());
    press(
        &mut harness,
        &common::tile_label(guichet_core::games::blackjack::game::GAME),
    );
    press(&mut harness, &common::play_label(&BLACK_JACK));
    let unit = common::unit_on_table(&harness).expect("a unit bought");
    let timeout = f64::from(harness.state().settings().idle_seconds);
    // Half a minute before the timeout, the player is asked.
    wait(&mut harness, timeout - 29.0);
    assert!(matches!(harness.state().page(), Page::Game(_)));
    harness.get_by_label("Êtes-vous toujours là ?");
    harness.get_by_label("Sans réponse, vous serez déconnecté dans 29 s.");
    wait(&mut harness, 28.0);
    assert!(matches!(harness.state().page(), Page::Game(_)));
    wait(&mut harness, 1.5);
    assert!(harness.state().page().is_lobby(), "back to the lobby");
    assert_eq!(store_of(&mut harness).card(), None, "signed out");
    assert!(harness.query_by_label("Êtes-vous toujours là ?").is_none());
    // The kiosk is free and long idle: the loop plays until a touch.
    assert!(harness.state().attracting());
    common::touch(&mut harness);
    assert!(!harness.state().attracting());
    // The unit stays the player's: offered first at their next sign-in.
    common::sign_in_on_screen(&mut harness, common::CARD, common::PIN);
    assert!(matches!(harness.state().page(), Page::Resume(_)));
    let unfinished = store_of(&mut harness).unfinished_units().expect("units");
    assert_eq!(
        unfinished.iter().map(|unit| unit.id).collect::<Vec<_>>(),
        [unit.id]
    );
    // Its game waits for it on the lobby, and takes it up.
    press(&mut harness, "‹ Accueil");
    press(
        &mut harness,
        &common::tile_label(guichet_core::games::blackjack::game::GAME),
    );
    assert_eq!(
        common::unit_on_table(&harness).map(|shown| shown.id),
        Some(unit.id)
    );
}

#[test]
fn in_kiosk_mode_the_exit_keys_are_swallowed_and_only_the_operator_closes() {
    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(
        store,
        Mode {
            kiosk: true,
            demo: false,
        },
    );
    // The first start asks for the operator's PIN, and nothing else goes.
    assert!(matches!(harness.state().page(), Page::Pin(_)));
    for back in harness.query_all_by_label("‹ Accueil").collect::<Vec<_>>() {
        back.click();
    }
    harness.key_press(egui::Key::F12);
    harness.run();
    assert!(
        matches!(harness.state().page(), Page::Pin(_)),
        "no way around it"
    );
    type_pin(&mut harness, PIN);
    type_pin(&mut harness, PIN);
    press(&mut harness, "Quitter le menu");
    assert!(harness.state().page().is_lobby());
    harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    harness.step();
    let commands = &harness.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(
        commands.contains(&egui::ViewportCommand::CancelClose),
        "a close request is cancelled: {commands:?}"
    );
    // Alt+F4 and Escape are taken by the kiosk in the frame they come in:
    // nothing under it sees them (a kiosk that let them through would let
    // the window manager close it, or a page act on them).
    for (modifiers, key) in [
        (egui::Modifiers::ALT, egui::Key::F4),
        (egui::Modifiers::NONE, egui::Key::Escape),
    ] {
        // The frame the key goes down in (one event, one frame): what is
        // left of its events once the kiosk has run is what the rest sees.
        harness.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        });
        harness.step();
        let seen = harness.ctx.input(|input| {
            input.events.iter().any(|event| {
                matches!(event, egui::Event::Key { key: down, pressed: true, .. } if *down == key)
            })
        });
        assert!(!seen, "{key:?} is consumed by the kiosk");
        harness.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers,
        });
        harness.step();
    }
    harness.run();
    assert!(harness.state().page().is_lobby());
    assert!(!harness.state().is_exiting());
    // The pointer hides once still.
    wait(&mut harness, 3.5);
    assert_eq!(
        harness.output().platform_output.cursor_icon,
        egui::CursorIcon::None
    );
    // The operator's "Fermer la borne" closes it, logged.
    open_operator(&mut harness, PIN);
    tab(&mut harness, OperatorTab::Settings);
    harness.get_by_label("Fermer la borne").scroll_to_me();
    harness.run();
    harness.get_by_label("Fermer la borne").click();
    harness.step();
    assert!(harness.state().is_exiting());
    harness.step();
    let commands = &harness.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(
        commands.contains(&egui::ViewportCommand::Close),
        "{commands:?}"
    );
    assert_eq!(events(&mut harness)[0], EventKind::Exit);
}

#[test]
fn a_long_press_on_the_lobby_title_asks_for_the_pin() {
    let (_folder, _clock, store) = store_at_morning();
    let mut harness = kiosk_in(store, Mode::default());
    let title = harness.get_by_label("Guichet").rect().center();
    harness.event(egui::Event::PointerMoved(title));
    harness.event(egui::Event::PointerButton {
        pos: title,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    wait(&mut harness, 1.0);
    assert!(
        harness.state().page().is_lobby(),
        "a short press does nothing"
    );
    wait(&mut harness, 2.5);
    assert!(matches!(harness.state().page(), Page::Pin(_)));
    harness.event(egui::Event::PointerButton {
        pos: title,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    assert!(
        matches!(harness.state().page(), Page::Pin(_)),
        "the release does nothing"
    );
}

#[test]
fn the_recall_exports_the_unit_on_screen_as_an_animated_png() {
    let (_folder, _clock, mut store) = store_at_morning();
    store.deposit(Cents::euros(10)).expect("a deposit");
    let unit = store.buy(&X10).expect("a unit");
    store.finish(unit.id).expect("settled");
    let stick = tempfile::tempdir().expect("a USB stick");
    let folder = stick.path().to_path_buf();
    let mut harness = kiosk_configured(Ok(store), Vec2::from(WINDOW_SIZE), move |kiosk| {
        kiosk.with_export_folder(folder)
    });
    harness.run();
    open_operator(&mut harness, PIN);
    tab(&mut harness, OperatorTab::Recall);
    harness
        .get_by_label(&format!("Rejouer la partie {}", unit.id))
        .click();
    harness.run_steps(2);
    harness.get_by_label("Exporter l’animation").click();
    harness.run_steps(2);
    harness.get_by_label(&format!(
        "Enregistrement du rappel de la partie {}…",
        unit.id
    ));
    // It records beside the window, which goes on drawing meanwhile.
    let file = stick.path().join(format!("guichet-rappel-{}.png", unit.id));
    let told = format!("Rappel exporté : {}", file.display());
    let started = std::time::Instant::now();
    while harness.query_by_label(&told).is_none() {
        assert!(
            started.elapsed() < std::time::Duration::from_mins(10),
            "never written"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
        harness.step();
    }
    let reader = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&file).expect("the file"),
    ))
    .read_info()
    .expect("a PNG");
    let info = reader.info();
    assert_eq!((info.width, info.height), (1280, 800));
    let frames = info.animation_control.expect("animated").num_frames;
    assert!(frames > 9, "{frames} frames");
}

#[test]
fn the_closings_tab_lists_the_days_closed_makes_one_now_and_exports_the_latest() {
    let (_folder, clock, store) = store_at_morning();
    let mount = tempfile::tempdir().expect("a mount point");
    let stick = mount.path().join("CLE-USB");
    std::fs::create_dir(&stick).expect("a USB stick");
    let folder = stick.clone();
    let mut harness = kiosk_configured(Ok(store), Vec2::from(WINDOW_SIZE), move |kiosk| {
        kiosk.with_export_folder(folder)
    });
    harness.run();
    open_operator(&mut harness, PIN);
    press(&mut harness, "n° 1");
    press(&mut harness, &Cents::euros(50).short());
    press(&mut harness, "Espèces reçues");
    press(&mut harness, &format!("Encaisser {}", Cents::euros(50)));
    // The next morning, the first cash taken closes 30 November and November.
    clock.fetch_add(24 * 3_600, Ordering::SeqCst);
    press(&mut harness, &Cents::euros(20).short());
    press(&mut harness, "Espèces reçues");
    press(&mut harness, &format!("Encaisser {}", Cents::euros(20)));
    tab(&mut harness, OperatorTab::Closings);
    assert!(harness.query_by_label("Journée du 2026-11-30").is_some());
    assert!(harness.query_by_label("Mois 2026-11").is_some());
    harness.snapshot("operator/closings");

    press(&mut harness, "Clôturer maintenant");
    assert!(harness.query_by_label("Clôture n° 3 faite.").is_some());
    assert!(harness.query_by_label("À la demande").is_some());
    press(&mut harness, "Exporter la dernière clôture");
    assert!(
        harness
            .query_by_label("Les exports vont sur « CLE-USB ».")
            .is_some()
    );
    let files: Vec<_> = std::fs::read_dir(&stick)
        .expect("the stick")
        .map(|entry| entry.expect("a file").path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let exported = guichet_sqlite::ExportedClosing::parse(
        &std::fs::read_to_string(&files[0]).expect("the export"),
    )
    .expect("a closing");
    assert_eq!(exported.counter, 3);
    assert_eq!(
        store_of(&mut harness)
            .check_closing(&exported)
            .expect("a check"),
        None
    );
    assert!(
        harness
            .query_by_label(&format!("Clôture n° 3 exportée : {}", files[0].display()))
            .is_some()
    );
}

/// A database and its folder open to other users: the operator menu says so
/// at its top, in the kiosk's words, and the journal keeps it.
#[test]
fn a_database_open_to_other_users_is_told_in_the_operator_menu() {
    use std::os::unix::fs::PermissionsExt as _;
    let (folder, path) = new_database();
    drop(seeded(31).open(&path).expect("a store"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let store = seeded(31).open(&path).expect("it opens all the same");
    let mut harness = kiosk_in(store, Mode::default());
    open_operator(&mut harness, PIN);
    let database = format!(
        "La base de données {} est ouverte aux autres utilisateurs (droits 644) : rendez-la privée (chmod go-rwx).",
        path.display()
    );
    let its_folder = format!(
        "Le dossier de la base de données {} est ouvert aux autres utilisateurs (droits 755) : rendez-le privé (chmod go-rwx).",
        folder.path().display()
    );
    harness.get_by_label(&database);
    harness.get_by_label(&its_folder);
    let logged: Vec<String> = store_of(&mut harness)
        .events(50)
        .expect("the journal")
        .into_iter()
        .filter(|event| event.kind == EventKind::Error)
        .map(|event| event.detail)
        .collect();
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert!(
        logged
            .iter()
            .all(|detail| detail.contains("is open to other users")),
        "{logged:?}"
    );
    // Made private again, the next start says nothing.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700)).expect("chmod");
    drop(harness);
    let store = seeded(31).open(&path).expect("a store");
    let mut harness = kiosk_in(store, Mode::default());
    open_operator(&mut harness, PIN);
    assert!(
        harness
            .query_by_label_contains("autres utilisateurs")
            .is_none()
    );
}

/// A setting whose stored value this build does not know (another
/// version's, or out of the operator's choices) keeps its default, and the
/// kiosk says which: never a silent default.
#[test]
fn a_stored_setting_this_build_does_not_know_is_said_and_keeps_its_default() {
    let (_folder, _clock, mut store) = store_at_morning();
    store
        .set_kiosk_setting("idle_seconds", "7")
        .expect("written");
    store.set_kiosk_setting("language", "de").expect("written");
    store.set_kiosk_setting("volume", "40").expect("written");
    let harness = kiosk_in(store, Mode::default());
    let settings = harness.state().settings();
    assert_eq!(settings.idle_seconds, 120, "the default, not 7 s clamped");
    assert_eq!(settings.volume, 40, "a known value is taken");
    harness.get_by_label_contains("(language, idle_seconds)");
}
