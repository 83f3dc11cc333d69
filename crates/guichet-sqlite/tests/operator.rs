//! The operator's side of the store, against a clock the tests move: the PIN
//! (argon2, five wrong tries lock for five minutes), the append-only event log,
//! cash in and out with a reason, the meters (sums over the ledger) and their
//! resets, and the kiosk's settings.

mod support;
use support::OpensAsThePlayer as _;

use std::collections::HashMap;

use guichet_core::emission::Emission;
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_50;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LimitKind, StoreError};
use guichet_sqlite::{
    CashMeter, EventKind, LOCKOUT, LedgerKind, MAX_PIN_TRIES, Meters, PinCheck, Store,
};
use jiff::SignedDuration;
use support::{CARD, FakeClock};
use tempfile::TempDir;

fn store_at(clock: &FakeClock) -> (TempDir, Store) {
    let (folder, path) = support::new_path();
    let reading = clock.clone();
    let mut store = support::seeded(7)
        .clock(move || reading.now())
        .open_as_player(&path)
        .expect("a store");
    support::set_highest_limits(&mut store);
    (folder, store)
}

fn kinds(store: &Store) -> Vec<EventKind> {
    let mut kinds: Vec<_> = store
        .events(1_000)
        .expect("the log")
        .into_iter()
        .map(|event| event.kind)
        .collect();
    kinds.reverse();
    kinds
}

#[test]
fn the_pin_is_set_once_as_an_argon2_hash_and_checked() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    assert!(!store.operator_pin_is_set().expect("read"));
    assert_eq!(
        store.check_operator_pin("1234").expect("a check"),
        PinCheck::NotSet
    );
    for bad in ["", "123", "123456789", "12a4", " 1234"] {
        assert!(
            matches!(
                store.set_operator_pin(bad),
                Err(StoreError::PinFormat { min: 4, max: 8 })
            ),
            "{bad:?}"
        );
    }
    store.set_operator_pin("482913").expect("a PIN");
    assert!(store.operator_pin_is_set().expect("read"));
    let hash: String = support::raw(store.path())
        .query_row("SELECT hash FROM operator_pin", [], |row| row.get(0))
        .expect("the hash");
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(!hash.contains("482913"));
    assert_eq!(
        store.check_operator_pin("482913").expect("a check"),
        PinCheck::Right
    );
    assert_eq!(
        store.check_operator_pin("482914").expect("a check"),
        PinCheck::Wrong {
            tries_left: MAX_PIN_TRIES - 1
        }
    );
    // A change replaces the hash: the old PIN no longer opens.
    store.set_operator_pin("7777").expect("a new PIN");
    assert!(matches!(
        store.check_operator_pin("482913").expect("a check"),
        PinCheck::Wrong { .. }
    ));
    assert_eq!(
        store.check_operator_pin("7777").expect("a check"),
        PinCheck::Right
    );
    assert_eq!(
        kinds(&store),
        [
            EventKind::PlayerAdded,
            EventKind::PinSet,
            EventKind::PinRight,
            EventKind::PinWrong,
            EventKind::PinSet,
            EventKind::PinWrong,
            EventKind::PinRight
        ]
    );
}

#[test]
fn five_wrong_pins_lock_the_menu_for_five_minutes() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store.set_operator_pin("2468").expect("a PIN");
    for left in (1..MAX_PIN_TRIES).rev() {
        assert_eq!(
            store.check_operator_pin("0000").expect("a check"),
            PinCheck::Wrong { tries_left: left }
        );
        clock.advance(SignedDuration::from_secs(10));
    }
    let locked = store.check_operator_pin("0000").expect("a check");
    let until = clock.now() + LOCKOUT;
    assert_eq!(locked, PinCheck::Locked { until });
    assert_eq!(store.operator_locked_until().expect("read"), Some(until));
    // While locked, even the right PIN is not read, and nothing is counted.
    clock.advance(LOCKOUT - SignedDuration::from_secs(1));
    assert_eq!(
        store.check_operator_pin("2468").expect("a check"),
        PinCheck::Locked { until }
    );
    clock.advance(SignedDuration::from_secs(1));
    assert_eq!(store.operator_locked_until().expect("read"), None);
    // After the lock, the count starts again: four wrong tries do not lock.
    for _ in 1..MAX_PIN_TRIES {
        assert!(matches!(
            store.check_operator_pin("1111").expect("a check"),
            PinCheck::Wrong { .. }
        ));
    }
    assert_eq!(
        store.check_operator_pin("2468").expect("a check"),
        PinCheck::Right
    );
    // And a right PIN starts it again too.
    assert_eq!(
        store.check_operator_pin("1111").expect("a check"),
        PinCheck::Wrong {
            tries_left: MAX_PIN_TRIES - 1
        }
    );
    let log = kinds(&store);
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
        10
    );
    let lockout = store
        .events(100)
        .expect("the log")
        .into_iter()
        .find(|event| event.kind == EventKind::Lockout)
        .expect("the lockout");
    assert!(
        lockout.detail.contains("locked until"),
        "{}",
        lockout.detail
    );
}

#[test]
fn the_event_log_is_append_only() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store
        .log_event(EventKind::Error, "the printer is out of paper")
        .expect("logged");
    store
        .log_event(EventKind::Resume, "unit 4 taken up")
        .expect("logged");
    let events = store.events(10).expect("the log");
    assert_eq!(events.len(), 3, "the player's addition, then these two");
    assert_eq!(events[2].kind, EventKind::PlayerAdded);
    assert_eq!(events[0].kind, EventKind::Resume, "newest first");
    assert_eq!(events[1].detail, "the printer is out of paper");
    assert_eq!(events[1].at, "2026-11-30T08:00:00Z");
    assert_eq!(store.events(1).expect("the log").len(), 1);
    store.reset_meters("mise en service").expect("a reset");
    let raw = support::raw(store.path());
    for tamper in ["UPDATE events SET detail = 'nothing'", "DELETE FROM events"] {
        let refused = raw.execute(tamper, []).expect_err("refused");
        assert!(refused.to_string().contains("append-only"), "{refused}");
    }
    for tamper in [
        "UPDATE meter_resets SET reason = 'x'",
        "DELETE FROM meter_resets",
    ] {
        let refused = raw.execute(tamper, []).expect_err("refused");
        assert!(refused.to_string().contains("append-only"), "{refused}");
    }
}

#[test]
fn cash_in_and_out_are_ledger_entries_with_their_reason() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    let paid_in = store
        .cash_in(CARD, Cents::euros(50), "  billet de 50 €  ")
        .expect("cash in");
    assert_eq!(paid_in.kind, LedgerKind::Deposit);
    let paid_out = store
        .cash_out(CARD, Cents::euros(20), "paiement au guichet")
        .expect("cash out");
    assert_eq!(paid_out.kind, LedgerKind::Withdrawal);
    assert_eq!(store.balance().expect("a balance"), Cents::euros(30));
    let events = store.events(10).expect("the log");
    assert_eq!(events[0].kind, EventKind::CashOut);
    assert_eq!(events[0].ledger_id, Some(paid_out.id));
    assert_eq!(events[0].detail, "20,00\u{a0}€ — paiement au guichet");
    assert_eq!(events[1].ledger_id, Some(paid_in.id));
    assert_eq!(events[1].detail, "50,00\u{a0}€ — billet de 50 €");
    // No reason, or a refused movement: nothing written, neither entry nor event.
    assert!(matches!(
        store.cash_in(CARD, Cents::euros(5), "   "),
        Err(StoreError::NoReason)
    ));
    assert!(matches!(
        store.cash_out(CARD, Cents::euros(31), "trop"),
        Err(StoreError::InsufficientBalance { .. })
    ));
    store
        .set_limit(LimitKind::Deposit, Cents::euros(60))
        .expect("a lower limit");
    assert!(matches!(
        store.cash_in(CARD, Cents::euros(20), "au-delà de la limite"),
        Err(StoreError::LimitReached { .. })
    ));
    assert_eq!(store.ledger().expect("the ledger").len(), 2);
    assert_eq!(
        store.events(10).expect("the log").len(),
        3,
        "the player's addition and the two movements only"
    );
}

/// The meters as an independent sum over the ledger and the units.
fn meters_from_the_ledger(store: &Store, after: i64) -> HashMap<String, (u64, Cents, Cents)> {
    let units: HashMap<i64, &'static Emission> = store
        .all_units()
        .expect("the units")
        .into_iter()
        .map(|unit| (unit.id, unit.emission))
        .collect();
    let mut sums = HashMap::new();
    for entry in store.ledger().expect("the ledger") {
        let Some(unit) = entry.unit.filter(|_| entry.id > after) else {
            continue;
        };
        let sum = sums
            .entry(units[&unit].code())
            .or_insert((0, Cents::ZERO, Cents::ZERO));
        match entry.kind {
            LedgerKind::Stake => {
                sum.0 += 1;
                sum.1 = sum.1.checked_sub(entry.amount).expect("cents");
            }
            LedgerKind::Refund => {
                sum.0 -= 1;
                sum.1 = sum.1.checked_sub(entry.amount).expect("cents");
            }
            LedgerKind::Prize => sum.2 = sum.2.checked_add(entry.amount).expect("cents"),
            LedgerKind::Deposit | LedgerKind::Withdrawal => unreachable!("not a unit's"),
        }
    }
    sums
}

fn as_map(meters: &Meters) -> HashMap<String, (u64, Cents, Cents)> {
    meters
        .emissions
        .iter()
        .filter(|meter| meter.units > 0)
        .map(|meter| {
            (
                meter.emission.code(),
                (meter.units, meter.staked, meter.paid),
            )
        })
        .collect()
}

/// Buys and settles `rounds` units of each of `emissions`; returns each one's
/// emission and prize, in the order sold.
fn play(
    store: &mut Store,
    emissions: &[&'static Emission],
    rounds: usize,
) -> Vec<(&'static Emission, Cents)> {
    let mut played = Vec::new();
    for _ in 0..rounds {
        for emission in emissions {
            let unit = store.buy(emission).expect("a unit");
            store.finish(unit.id).expect("settled");
            played.push((unit.emission, unit.prize));
        }
    }
    played
}

#[test]
fn meters_are_sums_over_the_ledger_and_a_reset_clears_nothing() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store
        .cash_in(CARD, Cents::euros(900), "ouverture")
        .expect("cash in");
    let played = play(
        &mut store,
        &[&BLACK_JACK, &X10, &STAR_FORTUNE_50, &BINGO],
        12,
    );
    // What the operator's charts draw: every settled unit's prize, in order.
    assert_eq!(store.settled_prizes().expect("prizes"), played);
    let all = store.meters(0).expect("meters");
    assert_eq!(
        all.emissions.len(),
        guichet_core::games::emissions().count()
    );
    assert_eq!(as_map(&all), meters_from_the_ledger(&store, 0));
    let black_jack = all
        .emissions
        .iter()
        .find(|meter| std::ptr::eq(meter.emission, &raw const BLACK_JACK))
        .expect("BJ");
    assert_eq!(black_jack.units, 12);
    assert_eq!(black_jack.staked, Cents::euros(24));
    assert!(
        all.emissions.iter().any(|meter| meter.paid.is_positive()),
        "some unit won"
    );
    assert_eq!(all.cash.deposits, (1, Cents::euros(900)));
    let rtp = black_jack.return_to_player().expect("staked");
    assert!((rtp - black_jack.paid.get() as f64 / 2_400.0).abs() < 1e-12);
    // The totals the operator's page shows are the ledger's, summed.
    let ledger = meters_from_the_ledger(&store, 0);
    assert_eq!(
        all.units(),
        ledger.values().map(|meter| meter.0).sum::<u64>()
    );
    assert_eq!(all.units(), 48);
    assert_eq!(
        all.staked(),
        Cents::checked_sum(ledger.values().map(|meter| meter.1))
    );
    assert_eq!(
        all.paid(),
        Cents::checked_sum(ledger.values().map(|meter| meter.2))
    );
    let total_rtp = all.return_to_player().expect("staked");
    let (staked, paid) = (all.staked().expect("sum"), all.paid().expect("sum"));
    assert!((total_rtp - paid.get() as f64 / staked.get() as f64).abs() < 1e-12);

    clock.advance(SignedDuration::from_hours(3));
    assert!(matches!(store.reset_meters(" "), Err(StoreError::NoReason)));
    let reset = store
        .reset_meters("relève de fin de journée")
        .expect("a reset");
    assert_eq!(reset.at, "2026-11-30T11:00:00Z");
    let since = store.meters(reset.last_ledger_id).expect("meters");
    assert!(
        since.emissions.iter().all(|meter| meter.units == 0
            && meter.staked == Cents::ZERO
            && meter.paid == Cents::ZERO)
    );
    assert_eq!(since.cash, CashMeter::default());
    assert_eq!((since.units(), since.return_to_player()), (0, None));
    assert_eq!(
        store.meters(0).expect("meters"),
        all,
        "since installation: untouched"
    );

    let _ = play(&mut store, &[&X10], 5);
    store
        .cash_out(CARD, Cents::euros(10), "gain payé")
        .expect("cash out");
    let since = store.meters(reset.last_ledger_id).expect("meters");
    assert_eq!(
        as_map(&since),
        meters_from_the_ledger(&store, reset.last_ledger_id)
    );
    assert_eq!(as_map(&since).len(), 1);
    assert_eq!(since.cash.withdrawals, (1, Cents::euros(10)));
    assert_eq!(
        as_map(&store.meters(0).expect("meters")),
        meters_from_the_ledger(&store, 0)
    );
    assert_eq!(store.meter_resets().expect("resets"), vec![reset]);
    assert!(kinds(&store).contains(&EventKind::MeterReset));
}

#[test]
fn settings_are_kept_and_logged() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    assert_eq!(store.kiosk_setting("volume").expect("read"), None);
    store.set_kiosk_setting("volume", "60").expect("set");
    store.set_kiosk_setting("volume", "40").expect("set");
    assert_eq!(
        store.kiosk_setting("volume").expect("read").as_deref(),
        Some("40")
    );
    let events = store.events(10).expect("the log");
    assert_eq!(events[0].detail, "volume = 40");
    assert_eq!(events[1].detail, "volume = 60");
}
