//! The players of a kiosk's file: one account each — balance, ledger, units,
//! limits, breaks, age answer, reality checks — kept apart; PINs checked,
//! counted and locked; what a player at the screen can try against another.

mod support;

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{LimitKind, MAX_LIMIT, RealityChoice, SignInRefusal, StoreError};
use guichet_sqlite::{PLAYER_LOCKOUT, PLAYER_PIN_TRIES, Store};
use jiff::SignedDuration;
use support::FakeClock;

/// A file on `clock` with players "1" and "2" (PINs 1111 and 2222), both
/// 18 or over, with the highest limits and 50 € each; acting for nobody.
fn two_players(clock: &FakeClock) -> (tempfile::TempDir, Store) {
    let (folder, path) = support::new_path();
    let reading = clock.clone();
    let mut store = support::seeded(1)
        .clock(move || reading.now())
        .open(&path)
        .expect("a store");
    for (card, pin) in [("1", "1111"), ("2", "2222")] {
        store.add_player(card, pin, true).expect("a player");
        store.sign_in(card, pin).expect("signed in");
        support::set_highest_limits(&mut store);
        store.deposit(Cents::euros(50)).expect("a deposit");
    }
    store.sign_out().expect("signed out");
    (folder, store)
}

#[test]
fn one_players_break_or_lowered_limit_never_stops_another() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    store.exclude(365).expect("a year's break");
    store
        .set_limit(LimitKind::Stake, Cents::euros(1))
        .expect("a lower limit");
    assert!(matches!(
        store.buy(&BLACK_JACK),
        Err(StoreError::Excluded { .. })
    ));
    store.sign_out().expect("signed out");

    store.sign_in("2", "2222").expect("2 signs in");
    let protection = store.protection().expect("2's protection");
    assert_eq!(protection.excluded_until, None);
    assert_eq!(protection.limit(LimitKind::Stake).current, Some(MAX_LIMIT));
    let unit = store.buy(&BLACK_JACK).expect("2 plays");
    store.finish(unit.id).expect("settled");
    store.deposit(Cents::euros(5)).expect("2 deposits");
    // The operator pays player 1 out of their balance, break or not.
    store
        .cash_out("1", Cents::euros(10), "paiement au guichet")
        .expect("paid out");
    assert_eq!(store.card(), Some("2"), "the desk acted, 2 is still served");
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn two_players_balances_units_and_histories_stay_apart() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1 signs in");
    let first = store.buy(&BLACK_JACK).expect("a unit");
    // 1 leaves it unfinished; 2 sees nothing of it, and cannot play it.
    store.sign_out().expect("signed out");
    store.sign_in("2", "2222").expect("2 signs in");
    assert!(store.unfinished_units().expect("units").is_empty());
    assert!(matches!(
        store.reveal(first.id, &first.progress.possible_steps()[..1]),
        Err(StoreError::NoSuchUnit(_))
    ));
    assert!(matches!(
        store.settle(first.id),
        Err(StoreError::NoSuchUnit(_))
    ));
    let second = store.buy(&BLACK_JACK).expect("2's own unit");
    store.finish(second.id).expect("settled");
    let two = store.balance().expect("2's balance");
    assert_eq!(
        two,
        Cents::euros(48).checked_add(second.prize).expect("cents")
    );
    assert!(
        store
            .ledger()
            .expect("2's ledger")
            .iter()
            .all(|entry| entry.unit != Some(first.id))
    );
    assert_eq!(store.recent_units(10).expect("2's units").len(), 1);
    store.sign_out().expect("signed out");

    // Killed and reopened: 1's unit waits for 1, offered at their sign-in.
    let path = store.path().to_path_buf();
    drop(store);
    let reading = clock.clone();
    let mut store = support::seeded(1)
        .clock(move || reading.now())
        .open(&path)
        .expect("reopened");
    assert!(store.unfinished_units().expect("nobody's").is_empty());
    store.sign_in("1", "1111").expect("1 again");
    let waiting = store.unfinished_units().expect("1's");
    assert_eq!(
        waiting.iter().map(|unit| unit.id).collect::<Vec<_>>(),
        [first.id]
    );
    store.finish(first.id).expect("1 finishes it");
    assert_eq!(
        store.balance().expect("1's balance"),
        Cents::euros(48).checked_add(first.prize).expect("cents")
    );
    store.sign_out().expect("signed out");
    store.act_for("2").expect("the desk");
    assert_eq!(store.balance().expect("2's, unchanged"), two);
    assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_reality_check_is_the_players_own() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    store.sign_in("1", "1111").expect("1");
    store
        .record_reality_check(3_600, Cents::euros(-4), RealityChoice::Continue)
        .expect("recorded");
    store.sign_out().expect("out");
    store.sign_in("2", "2222").expect("2");
    assert!(
        store
            .protection_records()
            .expect("2's records")
            .iter()
            .all(|record| record.event.name() != "reality_check")
    );
}

#[test]
fn five_wrong_pins_lock_the_card_fifteen_minutes_and_each_is_logged() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    for left in (1..PLAYER_PIN_TRIES).rev() {
        assert!(matches!(
            store.sign_in("1", "0000"),
            Err(StoreError::SignIn(SignInRefusal::WrongPin { tries_left })) if tries_left == left
        ));
    }
    assert!(matches!(
        store.sign_in("1", "0000"),
        Err(StoreError::SignIn(SignInRefusal::Locked { .. }))
    ));
    // Locked, even the right PIN is refused; the other card is not locked.
    assert!(matches!(
        store.sign_in("1", "1111"),
        Err(StoreError::SignIn(SignInRefusal::Locked { .. }))
    ));
    assert_eq!(store.card(), None);
    store.sign_in("2", "2222").expect("2 is not locked");
    store.sign_out().expect("out");
    let kinds: Vec<&str> = store
        .events(50)
        .expect("the log")
        .iter()
        .map(|event| event.kind.name())
        .collect();
    assert_eq!(
        kinds
            .iter()
            .filter(|kind| **kind == "player_pin_wrong")
            .count(),
        PLAYER_PIN_TRIES as usize
    );
    assert!(kinds.contains(&"player_lockout"));
    // An unknown card says no more than a card without a PIN.
    assert!(matches!(
        store.sign_in("99", "1111"),
        Err(StoreError::SignIn(SignInRefusal::UnknownCard))
    ));
    clock.advance(PLAYER_LOCKOUT + SignedDuration::from_secs(1));
    store.sign_in("1", "1111").expect("the lock ended");
}

#[test]
fn a_card_is_given_once_and_a_pin_is_four_to_eight_digits() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    assert!(matches!(
        store.add_player("1", "9999", true),
        Err(StoreError::CardTaken(_))
    ));
    assert!(matches!(
        store.add_player("3", "12", true),
        Err(StoreError::PlayerPinFormat { .. })
    ));
    assert!(matches!(
        store.add_player("3 4", "1234", true),
        Err(StoreError::CardFormat(_))
    ));
    let card = store.new_card().expect("a new card");
    assert_eq!(card.len(), 8);
    store.add_player(&card, "4321", false).expect("signed up");
    store.sign_in(&card, "4321").expect("signed in");
    support::set_highest_limits(&mut store);
    store.deposit(Cents::euros(5)).expect("a deposit");
    // No age answer on record: no stake.
    assert!(matches!(
        store.buy(&BLACK_JACK),
        Err(StoreError::NotAnAdult)
    ));
}

#[test]
fn a_players_money_moved_to_another_card_with_sqlite3_is_never_acted_on() {
    let clock = FakeClock::new();
    let (_folder, mut store) = two_players(&clock);
    let path = store.path().to_path_buf();
    store.sign_out().expect("out");
    drop(store);
    // Someone with the file moves 2's money to card 1, behind the store.
    support::forge::forge(
        &path,
        "DROP TRIGGER ledger_is_append_only_update;
         UPDATE ledger SET player_id = 1 WHERE player_id = 2;",
    );
    let reading = clock.clone();
    let refused = support::options()
        .clock(move || reading.now())
        .open(&path)
        .expect_err("a forged ledger is never acted on");
    assert!(matches!(refused, StoreError::Forged { .. }), "{refused:?}");
}
