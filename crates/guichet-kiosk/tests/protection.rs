//! Player protection in the kiosk: the 18+ question at first use (a "no"
//! closes play), the limits page (first setting, a raise pending), a deposit
//! or a stake past a limit refused with nothing debited, a break from play,
//! and the reality check with its session clock — each screen snapshotted.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use common::{kiosk, kiosk_as_it_is, kiosk_configured, new_database, seeded, store_of, tile_label};
use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_kiosk::app::{Guichet, Page};
use guichet_kiosk::window::WINDOW_SIZE;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LimitKind, RealityChoice};
use guichet_sqlite::{ProtectionEvent, Store};
use jiff::Timestamp;

/// 2026-11-30T08:00:00Z, the time of the stores these tests open.
const MORNING: i64 = 1_796_025_600;

/// A new store in a temporary folder (its path beside it), whose clock reads
/// the returned seconds since the epoch, starting at `MORNING`.
fn morning_store() -> (tempfile::TempDir, std::path::PathBuf, Arc<AtomicI64>, Store) {
    let (folder, path) = new_database();
    let clock = Arc::new(AtomicI64::new(MORNING));
    let reading = Arc::clone(&clock);
    let store = seeded(21)
        .clock(move || Timestamp::from_second(reading.load(Ordering::SeqCst)).expect("a time"))
        .open(&path)
        .expect("a store");
    (folder, path, clock, store)
}

/// A player of age whose 7-day limits are `deposit` and `stake` euros.
fn of_age_with_limits(store: &mut Store, deposit: i64, stake: i64) {
    common::signed_in(store);
    store.answer_age(true).expect("an answer");
    for (kind, euros) in [(LimitKind::Deposit, deposit), (LimitKind::Stake, stake)] {
        store.set_limit(kind, Cents::euros(euros)).expect("a limit");
    }
}

fn press(harness: &mut Harness<'_, Guichet>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

#[test]
fn a_first_use_asks_the_age_and_a_no_closes_play() {
    let (_folder, _path, _clock, store) = morning_store();
    let mut harness = kiosk_as_it_is(Ok(store), Vec2::from(WINDOW_SIZE));
    harness.run();
    assert!(matches!(harness.state().page(), Page::Age(_)));
    harness.snapshot("protection/age");

    press(&mut harness, "Non");
    assert!(harness.state().page().is_lobby());
    harness.get_by_label(
        "Le jeu est réservé aux personnes majeures : il est désactivé sur cette borne.",
    );
    harness.snapshot("protection/lobby_under_age");
    // The tiles open nothing; nothing can be credited.
    harness
        .get_by_label(&tile_label(guichet_core::games::bingo::game::GAME))
        .click();
    harness.run();
    assert!(harness.state().page().is_lobby());
    assert_eq!(
        store_of(&mut harness).protection().expect("p").adult,
        Some(false)
    );

    // Answered again, "yes": the limits come before any play.
    press(&mut harness, "J’ai 18 ans ou plus");
    assert!(matches!(harness.state().page(), Page::Age(_)));
    press(&mut harness, "Oui, j’ai 18 ans ou plus");
    assert!(matches!(harness.state().page(), Page::Limits(_)));
    harness.snapshot("protection/limits_first");

    // "Enregistrer" waits for both limits.
    assert!(
        harness
            .get_by_label("Enregistrer mes limites")
            .accesskit_node()
            .is_disabled()
    );
    harness
        .get_all_by_label(&Cents::euros(50).short())
        .next()
        .expect("a preset")
        .click();
    harness.run();
    harness
        .get_all_by_label("Plus")
        .nth(1)
        .expect("the stake's")
        .click();
    harness.run();
    harness
        .get_all_by_label("Plus")
        .nth(1)
        .expect("the stake's")
        .click();
    harness.run();
    press(&mut harness, "Enregistrer mes limites");
    assert!(harness.state().page().is_lobby());
    assert_eq!(
        harness.state().notice().map(|notice| notice.text.as_str()),
        Some("Vos limites sont enregistrées.")
    );
    let protection = store_of(&mut harness).protection().expect("p");
    assert_eq!(protection.deposit.current, Some(Cents::euros(50)));
    assert_eq!(protection.stake.current, Some(Cents::euros(120)));
    let kinds: Vec<_> = store_of(&mut harness)
        .protection_records()
        .expect("records")
        .into_iter()
        .map(|record| record.event.name())
        .collect();
    assert_eq!(
        kinds,
        [
            "age_refused",
            "age_confirmed",
            "deposit_limit",
            "stake_limit"
        ]
    );
}

#[test]
fn a_raise_is_shown_pending_with_its_date_and_a_deposit_past_the_limit_is_refused() {
    let (_folder, _path, clock, mut store) = morning_store();
    of_age_with_limits(&mut store, 30, 20);
    store
        .set_limit(LimitKind::Stake, Cents::euros(200))
        .expect("a raise");
    // The desk took 20 €; 20 € more would pass the 30 € limit.
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    common::open_operator(&mut harness, "1357");
    press(&mut harness, "n° 1");
    press(&mut harness, &Cents::euros(20).short());
    press(&mut harness, "Espèces reçues");
    press(&mut harness, &format!("Encaisser {}", Cents::euros(20)));
    assert_eq!(
        store_of(&mut harness).balance().expect("the balance"),
        Cents::euros(20),
        "nothing credited"
    );
    let notice = harness.state().notice().expect("a notice").text.clone();
    assert!(
        notice.contains("dépasserait votre limite de dépôts")
            && notice.contains("10,00")
            && notice.contains("07/12/2026 08:00"),
        "{notice}"
    );
    harness.snapshot("protection/deposit_refused");

    press(&mut harness, "Quitter le menu");
    common::press_in_bar(&mut harness, "Limites");
    assert!(matches!(harness.state().page(), Page::Limits(_)));
    harness.get_by_label(&format!(
        "Hausse à {} le 02/12/2026 08:00",
        Cents::euros(200)
    ));
    harness.snapshot("protection/limits_pending");

    // 48 hours later the raise is the limit.
    clock.fetch_add(48 * 3_600, Ordering::SeqCst);
    press(&mut harness, "‹ Accueil");
    common::press_in_bar(&mut harness, "Limites");
    let two_hundred = Cents::euros(200);
    harness.get_by_label(&format!(
        "Limite : {two_hundred} · reste {two_hundred} cette semaine"
    ));
}

#[test]
fn a_stake_past_the_limit_is_refused_at_the_table() {
    let (_folder, _path, _clock, mut store) = morning_store();
    of_age_with_limits(&mut store, 100, 1);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    press(&mut harness, &tile_label(BLACK_JACK.game));
    press(&mut harness, &common::play_label(&BLACK_JACK));
    assert_eq!(
        harness.state().balance(),
        Some(Cents::euros(20)),
        "nothing debited"
    );
    assert!(
        store_of(&mut harness)
            .all_units()
            .expect("units")
            .is_empty()
    );
    let notice = harness.state().notice().expect("a notice").text.clone();
    assert!(
        notice.contains("limite de mises") && notice.contains("dépasse la limite elle-même"),
        "{notice}"
    );
}

#[test]
fn a_break_closes_stakes_and_credits_until_its_end() {
    let (_folder, path, clock, mut store) = morning_store();
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    common::press_in_bar(&mut harness, "Limites");
    press(&mut harness, "Faire une pause");
    assert!(matches!(harness.state().page(), Page::Exclusion(_)));
    press(&mut harness, "7 jours");
    harness.snapshot("protection/exclusion");
    press(&mut harness, "Confirmer la pause de 7 jours");
    assert!(harness.state().page().is_lobby());
    harness.get_by_label("Pause de jeu jusqu’au 07/12/2026 08:00 : ni mise ni crédit d’ici là.");
    harness.snapshot("protection/lobby_on_a_break");

    // The tiles are closed; the store refuses a stake all the same.
    press(&mut harness, &tile_label(BLACK_JACK.game));
    assert!(harness.state().page().is_lobby());
    // Another process, on the kiosk's clock: the break is judged at the
    // test's time, never at the day the suite happens to run.
    let reading = Arc::clone(&clock);
    let mut store = seeded(21)
        .clock(move || Timestamp::from_second(reading.load(Ordering::SeqCst)).expect("a time"))
        .open(&path)
        .expect("another process");
    store.act_for(common::CARD).expect("the player");
    assert!(matches!(
        store.buy(&BLACK_JACK),
        Err(guichet_sale::StoreError::Excluded { .. })
    ));
    drop(store);

    // At its end, the lobby opens again by itself.
    clock.fetch_add(7 * 24 * 3_600, Ordering::SeqCst);
    harness.run();
    assert!(
        harness
            .query_by_label_contains("ni mise ni crédit")
            .is_none()
    );
    press(&mut harness, &tile_label(BLACK_JACK.game));
    press(&mut harness, &common::play_label(&BLACK_JACK));
    assert_eq!(
        harness.state().balance(),
        Some(Cents::euros(18)),
        "the break is over"
    );
}

#[test]
fn the_session_clock_runs_from_the_first_stake_and_a_reality_check_comes_every_period() {
    let (_folder, _path, _clock, mut store) = morning_store();
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk_configured(Ok(store), Vec2::from(WINDOW_SIZE), |kiosk| {
        kiosk.with_reality_check(1)
    });
    harness.run();
    press(&mut harness, &tile_label(BLACK_JACK.game));
    assert!(
        harness.query_by_label_contains("Session").is_none(),
        "no session before a stake"
    );
    press(&mut harness, "Auto");
    common::run_until(&mut harness, 30.0, common::settled);
    harness.get_by_label_contains("Session 0 min");

    // A minute into the session, the check comes over the table.
    common::run_until(&mut harness, 65.0, |harness| {
        harness.state().reality_check().is_some()
    });
    harness.run();
    harness.get_by_label("Point sur votre session");
    harness.snapshot("protection/reality_check");
    press(&mut harness, "Continuer");
    assert!(harness.state().reality_check().is_none());

    common::run_until(&mut harness, 65.0, |harness| {
        harness.state().reality_check().is_some()
    });
    harness.run();
    press(&mut harness, "Arrêter");
    assert!(harness.state().page().is_lobby());
    assert!(
        harness.query_by_label_contains("Session").is_none(),
        "a new session waits"
    );

    let checks: Vec<_> = store_of(&mut harness)
        .protection_records()
        .expect("records")
        .into_iter()
        .filter_map(|record| match record.event {
            ProtectionEvent::RealityCheck {
                played_seconds,
                net,
                choice,
            } => Some((played_seconds, net, choice)),
            _ => None,
        })
        .collect();
    assert_eq!(checks.len(), 2, "{checks:?}");
    assert!((60..62).contains(&checks[0].0), "{checks:?}");
    assert!((120..124).contains(&checks[1].0), "{checks:?}");
    assert_eq!(checks[0].2, RealityChoice::Continue);
    assert_eq!(checks[1].2, RealityChoice::Stop);
    let net = Cents(store_of(&mut harness).balance().expect("a balance").get() - 2_000);
    assert_eq!(checks[1].1, net, "the session's net is the ledger's");
}
