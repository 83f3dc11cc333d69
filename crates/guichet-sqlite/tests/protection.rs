//! Player protection against a clock the tests move: the 7-day limits (set,
//! lowered, raised after 48 hours, the rolling window's edges), self-exclusion
//! (its start and end), the records, and a property: no sequence of deposits,
//! stakes, limit changes and waits ever passes a limit.

mod support;
use support::OpensAsThePlayer as _;

use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_sale::PointOfSale as _;
use guichet_sale::{
    LIMIT_WINDOW, LimitKind, MAX_EXCLUSION_DAYS, MAX_LIMIT, PendingRaise, RAISE_DELAY,
    RealityChoice, StoreError,
};
use guichet_sqlite::{LedgerKind, ProtectionEvent, Store};
use jiff::{SignedDuration, Timestamp};
use proptest::prelude::*;
use support::FakeClock;
use tempfile::TempDir;

/// A new store read against `clock`.
fn store_at(clock: &FakeClock) -> (TempDir, Store) {
    let (folder, path) = support::new_path();
    let reading = clock.clone();
    let store = support::seeded(1)
        .clock(move || reading.now())
        .open_as_player(&path)
        .expect("a store");
    (folder, store)
}

fn euros(amount: i64) -> Cents {
    Cents::euros(amount)
}

fn hours(count: i64) -> SignedDuration {
    SignedDuration::from_hours(count)
}

/// A new store against a fake clock, its player's limits `deposit` and
/// `stake` over 7 days.
fn player_with_limits(deposit: Cents, stake: Cents) -> (FakeClock, TempDir, Store) {
    let clock = FakeClock::new();
    let (folder, mut store) = store_at(&clock);
    set_both(&mut store, deposit, stake);
    (clock, folder, store)
}

fn set_both(store: &mut Store, deposit: Cents, stake: Cents) {
    store
        .set_limit(LimitKind::Deposit, deposit)
        .expect("a deposit limit");
    store
        .set_limit(LimitKind::Stake, stake)
        .expect("a stake limit");
}

/// Buys a Black Jack unit and reveals it whole.
fn play_one(store: &mut Store) -> Result<(), StoreError> {
    let unit = store.buy(&BLACK_JACK)?;
    store.finish(unit.id).map(drop)
}

#[test]
fn nothing_is_deposited_or_staked_before_both_limits_are_set() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    assert!(matches!(
        store.deposit(euros(20)),
        Err(StoreError::NoLimits)
    ));
    store
        .set_limit(LimitKind::Deposit, euros(100))
        .expect("a deposit limit");
    assert!(matches!(
        store.deposit(euros(20)),
        Err(StoreError::NoLimits)
    ));
    assert!(store.ledger().expect("a ledger").is_empty());
    store
        .set_limit(LimitKind::Stake, euros(50))
        .expect("a stake limit");
    store.deposit(euros(20)).expect("a deposit");
    play_one(&mut store).expect("a unit");
    let protection = store.protection().expect("the protection");
    assert!(protection.limits_set());
    assert_eq!(protection.deposit.used, euros(20));
    assert_eq!(protection.stake.used, euros(2));
    assert_eq!(protection.stake.left(), Some(euros(48)));
}

#[test]
fn a_first_limit_and_a_lower_one_apply_at_once_a_higher_one_after_48_hours() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    let first = store
        .set_limit(LimitKind::Deposit, euros(100))
        .expect("a limit");
    assert!(first.immediate);
    assert_eq!(first.effective_at, clock.now());

    let lower = store
        .set_limit(LimitKind::Deposit, euros(50))
        .expect("a limit");
    assert!(lower.immediate);
    assert_eq!(
        store.protection().expect("p").deposit.current,
        Some(euros(50))
    );

    let raise = store
        .set_limit(LimitKind::Deposit, euros(300))
        .expect("a limit");
    assert!(!raise.immediate);
    assert_eq!(raise.effective_at, clock.now() + RAISE_DELAY);
    let deposit = store.protection().expect("p").deposit;
    assert_eq!(deposit.current, Some(euros(50)), "the raise waits");
    assert_eq!(
        deposit.pending,
        Some(PendingRaise {
            amount: euros(300),
            from: clock.now() + RAISE_DELAY
        })
    );

    // Asking again for the raise waiting does not start its delay over.
    clock.advance(hours(24));
    let again = store
        .set_limit(LimitKind::Deposit, euros(300))
        .expect("a limit");
    assert_eq!(again.effective_at, raise.effective_at);

    clock.advance(hours(24) - SignedDuration::from_secs(1));
    assert_eq!(
        store.protection().expect("p").deposit.current,
        Some(euros(50))
    );
    clock.advance(SignedDuration::from_secs(1));
    let deposit = store.protection().expect("p").deposit;
    assert_eq!(deposit.current, Some(euros(300)), "48 hours later");
    assert_eq!(deposit.pending, None);
}

#[test]
fn lowering_a_limit_drops_the_raise_waiting() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    store
        .set_limit(LimitKind::Stake, euros(500))
        .expect("a raise");
    clock.advance(hours(1));
    store
        .set_limit(LimitKind::Stake, euros(80))
        .expect("a lower limit");
    clock.advance(hours(100));
    let stake = store.protection().expect("p").stake;
    assert_eq!(stake.current, Some(euros(80)));
    assert_eq!(stake.pending, None);
}

#[test]
fn a_deposit_past_the_limit_is_refused_until_the_window_frees_it() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    let first_at = clock.now();
    store.deposit(euros(60)).expect("60 €");
    clock.advance(hours(24));
    store.deposit(euros(40)).expect("up to the limit exactly");
    let before = store.ledger().expect("a ledger");

    let refused = store.deposit(Cents(1)).expect_err("past the limit");
    let StoreError::LimitReached {
        kind,
        limit,
        left,
        fits_from,
        ..
    } = refused
    else {
        panic!("not a limit: {refused}");
    };
    assert_eq!(
        (kind, limit, left, fits_from),
        (
            LimitKind::Deposit,
            euros(100),
            Cents::ZERO,
            Some(first_at + LIMIT_WINDOW)
        )
    );
    assert_eq!(
        store.ledger().expect("a ledger"),
        before,
        "nothing credited"
    );
    assert_eq!(store.balance().expect("a balance"), euros(100));

    // One second before the first deposit is 7 days old, still refused; then
    // its 60 € are free again, and no more.
    clock.advance(hours(6 * 24) - SignedDuration::from_secs(1));
    assert!(matches!(
        store.deposit(Cents(1)),
        Err(StoreError::LimitReached { .. })
    ));
    clock.advance(SignedDuration::from_secs(1));
    assert_eq!(
        store.protection().expect("p").deposit.left(),
        Some(euros(60))
    );
    let too_much = store.deposit(euros(61)).expect_err("only 60 € free");
    assert_eq!(
        too_much.to_string().replace('\u{a0}', " "),
        "this deposit of 61,00 € would pass your 7-day deposit limit of 100,00 €: \
         60,00 € left; a deposit of 61,00 € fits from 2026-12-08 08:00 UTC"
    );

    store.deposit(euros(60)).expect("60 € free again");
}

#[test]
fn a_stake_past_the_limit_is_refused_and_nothing_is_debited() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(4));
    store.deposit(euros(20)).expect("a deposit");
    play_one(&mut store).expect("2 €");
    play_one(&mut store).expect("4 €");
    let balance = store.balance().expect("a balance");
    let units = store.all_units().expect("units").len();
    let refused = store.buy(&BLACK_JACK).expect_err("past the stake limit");
    assert!(
        matches!(
            refused,
            StoreError::LimitReached {
                kind: LimitKind::Stake,
                ..
            }
        ),
        "{refused}"
    );
    assert_eq!(store.balance().expect("a balance"), balance);
    assert_eq!(store.all_units().expect("units").len(), units);
    // A lower limit applies at once, even below what the window already used.
    store
        .set_limit(LimitKind::Stake, euros(2))
        .expect("a lower limit");
    assert_eq!(
        store.protection().expect("p").stake.left(),
        Some(Cents::ZERO)
    );
    clock.advance(LIMIT_WINDOW);
    play_one(&mut store).expect("a week later");
}

#[test]
fn a_stake_above_the_limit_itself_never_fits() {
    let (_clock, _folder, mut store) = player_with_limits(euros(100), Cents(150));
    store.deposit(euros(20)).expect("a deposit");
    let refused = store.buy(&BLACK_JACK).expect_err("2 € above 1,50 €");
    assert!(
        matches!(
            refused,
            StoreError::LimitReached {
                fits_from: None,
                ..
            }
        ),
        "{refused}"
    );
}

#[test]
fn an_exclusion_stops_stakes_and_deposits_until_its_end_but_not_withdrawals() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    store.deposit(euros(30)).expect("a deposit");
    let until = store.exclude(1).expect("an exclusion");
    assert_eq!(until, clock.now() + hours(24));
    let refused = store.deposit(euros(10)).expect_err("during the break");
    assert_eq!(
        refused.to_string(),
        "you are excluded from play until 2026-12-01 08:00 UTC: no stake and no deposit until then"
    );
    assert_eq!(store.protection().expect("p").excluded_until, Some(until));

    let ledger = store.ledger().expect("a ledger");
    for refused in [store.deposit(euros(10)).map(drop), play_one(&mut store)] {
        assert!(
            matches!(refused, Err(StoreError::Excluded { until: end }) if end == until),
            "{refused:?}"
        );
    }
    assert_eq!(store.ledger().expect("a ledger"), ledger, "nothing moved");
    store
        .withdraw(euros(5))
        .expect("a withdrawal stays possible");

    // A shorter exclusion does not shorten the one running.
    assert_eq!(store.exclude(1).expect("again"), until);
    clock.advance(hours(24) - SignedDuration::from_secs(1));
    assert!(matches!(
        store.deposit(euros(10)),
        Err(StoreError::Excluded { .. })
    ));
    clock.advance(SignedDuration::from_secs(1));
    assert_eq!(store.protection().expect("p").excluded_until, None);
    store.deposit(euros(10)).expect("the exclusion is over");
    play_one(&mut store).expect("and play");
    // A deposit at the very end of a break, and those before it, were allowed.
    assert_eq!(violations(&store), Vec::<String>::new());

    let longer = store.exclude(30).expect("30 days");
    assert_eq!(longer, clock.now() + hours(30 * 24));
}

#[test]
fn limits_and_exclusions_out_of_range_are_refused() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    for amount in [Cents::ZERO, Cents(-100), Cents(MAX_LIMIT.get() + 1)] {
        assert!(matches!(
            store.set_limit(LimitKind::Deposit, amount),
            Err(StoreError::LimitOutOfRange { .. })
        ));
    }
    store
        .set_limit(LimitKind::Deposit, MAX_LIMIT)
        .expect("the highest limit");
    for days in [0, MAX_EXCLUSION_DAYS + 1] {
        assert!(matches!(
            store.exclude(days),
            Err(StoreError::ExclusionOutOfRange { .. })
        ));
    }
    store.exclude(MAX_EXCLUSION_DAYS).expect("the longest");
}

#[test]
fn every_answer_limit_exclusion_and_reality_check_is_recorded_append_only() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    // A player the desk added without checking their age.
    store
        .add_player("2", support::PIN, false)
        .expect("a player");
    store.act_for("2").expect("player 2");
    assert_eq!(store.protection().expect("p").adult, None);
    store.answer_age(false).expect("a refusal");
    assert_eq!(store.protection().expect("p").adult, Some(false));
    store.answer_age(true).expect("a confirmation");
    assert_eq!(store.protection().expect("p").adult, Some(true));
    set_both(&mut store, euros(100), euros(50));
    store
        .set_limit(LimitKind::Stake, euros(60))
        .expect("a raise");
    store
        .record_reality_check(3_600, Cents(-450), RealityChoice::Continue)
        .expect("a reality check");
    store.exclude(7).expect("an exclusion");

    let records = store.protection_records().expect("the records");
    let kinds: Vec<_> = records.iter().map(|record| record.event.name()).collect();
    assert_eq!(
        kinds,
        [
            "age_refused",
            "age_confirmed",
            "deposit_limit",
            "stake_limit",
            "stake_limit",
            "reality_check",
            "exclusion"
        ]
    );
    assert_eq!(
        records[4].event,
        ProtectionEvent::Limit {
            kind: LimitKind::Stake,
            amount: euros(60),
            effective_at: "2026-12-02T08:00:00Z".to_owned()
        }
    );
    assert_eq!(
        records[5].event,
        ProtectionEvent::RealityCheck {
            played_seconds: 3_600,
            net: Cents(-450),
            choice: RealityChoice::Continue
        }
    );
    assert_eq!(records[0].at, "2026-11-30T08:00:00Z");

    let raw = support::raw(store.path());
    for change in [
        "UPDATE protection SET until = '2020-01-01T00:00:00Z' WHERE kind = 'exclusion'",
        "DELETE FROM protection",
    ] {
        let refused = raw.execute(change, []).expect_err("append-only");
        assert!(refused.to_string().contains("append-only"), "{refused}");
    }
}

#[test]
fn the_ledger_is_stamped_by_the_same_clock() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    clock.advance(hours(5));
    let entry = store.deposit(euros(10)).expect("a deposit");
    assert_eq!(entry.at, "2026-11-30T13:00:00Z");
    assert_eq!(entry.kind, LedgerKind::Deposit);
}

#[test]
fn the_net_of_a_session_counts_stakes_and_prizes_only() {
    let clock = FakeClock::new();
    let (folder, path) = support::new_path();
    let reading = clock.clone();
    let mut store = support::first_unit_worth(&BLACK_JACK, BLACK_JACK.tiers[0].prize)
        .clock(move || reading.now())
        .open_as_player(&path)
        .expect("a store");
    set_both(&mut store, euros(100), euros(100));
    store.deposit(euros(20)).expect("a deposit");
    let start = store.mark().expect("a mark").ledger;
    play_one(&mut store).expect("a winning unit");
    store.withdraw(euros(1)).expect("a withdrawal");
    assert_eq!(
        store.net_since(start).expect("a net"),
        Cents(BLACK_JACK.tiers[0].prize.get() - 200)
    );
    drop(folder);
}

/// Appends a deposit to the ledger behind the store's back, stamped `at`.
fn forge_deposit(store: &mut Store, cents: i64, at: &str) {
    let balance = store.balance().expect("a balance").get();
    support::forge::forge(
        store.path(),
        &format!(
            "INSERT INTO ledger (at, kind, amount_cents, balance_after_cents, player_id) VALUES ('{at}', 'deposit', {cents}, {}, 1)",
            balance + cents
        ),
    );
}

/// What `verify` finds, its amounts with plain spaces.
fn violations(store: &Store) -> Vec<String> {
    store
        .verify()
        .expect("a verdict")
        .into_iter()
        .map(|violation| violation.replace('\u{a0}', " "))
        .collect()
}

/// What `verify` finds against the protection rules, leaving out what the
/// chain finds of a forgery (asserted on its own).
fn against_the_rules(store: &Store) -> Vec<String> {
    violations(store)
        .into_iter()
        .filter(|violation| !violation.contains("chain"))
        .collect()
}

/// Whether `verify` finds ledger entry `id` written without the key.
fn unchained(store: &Store, id: i64) -> bool {
    violations(store).contains(&format!(
        "ledger {id}: in no link of the chain — written without the key"
    ))
}

#[test]
fn verify_finds_a_deposit_past_the_limit_or_during_a_break() {
    let (clock, _folder, mut store) = player_with_limits(euros(50), euros(50));
    store.deposit(euros(40)).expect("a deposit");
    assert_eq!(violations(&store), Vec::<String>::new());

    clock.advance(hours(1));
    forge_deposit(&mut store, 2_000, "2026-11-30T09:00:00Z");
    let past =
        "ledger entry 2: the deposits of 7 days reach 60,00 €, past the limit of 50,00 € in force";
    assert_eq!(against_the_rules(&store), [past]);
    assert!(unchained(&store, 2));

    // A week later the window is free again, but a break is running.
    clock.advance(LIMIT_WINDOW);
    store.exclude(1).expect("a break");
    forge_deposit(&mut store, 1_000, "2026-12-07T10:00:00Z");
    assert!(unchained(&store, 3));
    assert_eq!(
        against_the_rules(&store),
        [
            past,
            "ledger entry 3: a deposit during a break from play (until 2026-12-08 09:00 UTC)"
        ]
    );
}

#[test]
fn verify_judges_a_deposit_by_the_limit_lowered_before_it() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    store.deposit(euros(20)).expect("a deposit");
    clock.advance(hours(24));
    store
        .set_limit(LimitKind::Deposit, euros(30))
        .expect("a lower limit");
    clock.advance(hours(1));
    forge_deposit(&mut store, 2_000, "2026-12-01T09:00:00Z");
    assert!(unchained(&store, 2));
    assert_eq!(
        against_the_rules(&store),
        [
            "ledger entry 2: the deposits of 7 days reach 40,00 €, past the limit of 30,00 € in force"
        ]
    );
}

#[test]
fn verify_finds_stakes_past_a_stake_limit_forged_lower() {
    let (_clock, _folder, mut store) = player_with_limits(euros(100), euros(4));
    store.deposit(euros(20)).expect("a deposit");
    play_one(&mut store).expect("2 €");
    play_one(&mut store).expect("4 €");
    assert_eq!(violations(&store), Vec::<String>::new());
    support::forge::forge(
        store.path(),
        "DROP TRIGGER protection_is_append_only_update;
         UPDATE protection SET amount_cents = 300 WHERE kind = 'stake_limit';",
    );
    let found = violations(&store);
    let of_the_ledger: Vec<&String> = found
        .iter()
        .filter(|violation| violation.starts_with("ledger entry"))
        .collect();
    assert_eq!(of_the_ledger.len(), 1, "{found:?}");
    assert!(
        of_the_ledger[0]
            .ends_with("the stakes of 7 days reach 4,00 €, past the limit of 3,00 € in force"),
        "{found:?}"
    );
    // The edit itself, and the trigger dropped to make it, are found too.
    assert!(
        found
            .iter()
            .any(|violation| violation.starts_with("protection ")
                && violation.contains("changed since chain link")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|violation| violation
            .contains("protection_is_append_only_update of version 8 is missing")),
        "{found:?}"
    );
}

#[test]
fn verify_finds_a_stake_with_no_limit_set() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store
        .set_limit(LimitKind::Deposit, euros(50))
        .expect("a deposit limit only");
    // Buy behind the store's back: a stake with no stake limit.
    store
        .set_limit(LimitKind::Stake, euros(50))
        .expect("a stake limit");
    store.deposit(euros(10)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    store.finish(unit.id).expect("settled");
    let raw = support::raw(store.path());
    raw.execute_batch(
        "DROP TRIGGER protection_is_append_only_delete;
         DELETE FROM protection WHERE kind = 'stake_limit';",
    )
    .expect("the stake limit forged away");
    let found = store.verify().expect("a verdict");
    assert!(
        found
            .iter()
            .any(|violation| violation.contains("a stake made with no 7-day stake limit set")),
        "{found:?}"
    );
}

/// One thing a player may do.
#[derive(Clone, Debug)]
enum Action {
    Deposit(i64),
    Stake,
    SetLimit(LimitKind, i64),
    Wait(i64),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (1_i64..=60).prop_map(|euros| Action::Deposit(euros * 100)),
        Just(Action::Stake),
        Just(Action::Stake),
        (
            prop_oneof![Just(LimitKind::Deposit), Just(LimitKind::Stake)],
            1_i64..=120
        )
            .prop_map(|(kind, euros)| Action::SetLimit(kind, euros * 100)),
        (1_i64..=80).prop_map(|hours| Action::Wait(hours * 3_600)),
    ]
}

/// What the ledger moved of this kind over the 7 days up to `now`, read from
/// the ledger itself (stakes less refunds).
fn used_over_the_window(store: &Store, kind: LimitKind, now: Timestamp) -> i64 {
    let from = now - LIMIT_WINDOW;
    store
        .ledger()
        .expect("a ledger")
        .into_iter()
        .filter(|entry| entry.at.parse::<Timestamp>().expect("a time") > from)
        .map(|entry| match (kind, entry.kind) {
            (LimitKind::Deposit, LedgerKind::Deposit) | (LimitKind::Stake, LedgerKind::Refund) => {
                entry.amount.get()
            }
            (LimitKind::Stake, LedgerKind::Stake) => -entry.amount.get(),
            _ => 0,
        })
        .sum()
}

/// The limits as the issue states them, kept beside the store: a first
/// setting and a lower one at once, a higher one 48 hours later (asking again
/// for the raise waiting keeps its date; a lower one drops it).
#[derive(Default)]
struct Model {
    current: Option<i64>,
    pending: Option<(i64, Timestamp)>,
}

impl Model {
    fn at(&mut self, now: Timestamp) -> Option<i64> {
        if let Some((amount, from)) = self.pending
            && from <= now
        {
            self.current = Some(amount);
            self.pending = None;
        }
        self.current
    }

    fn set(&mut self, amount: i64, now: Timestamp) {
        match self.at(now) {
            Some(current) if amount > current => {
                if self.pending.is_none_or(|(waiting, _)| waiting != amount) {
                    self.pending = Some((amount, now + RAISE_DELAY));
                }
            }
            _ => {
                self.current = Some(amount);
                self.pending = None;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the player does, and whenever: a deposit or a stake the store
    /// accepts never takes the last 7 days (counted from the ledger) past the
    /// limit in force, and one it refuses for the limit would have.
    #[test]
    fn no_sequence_ever_passes_a_limit(
        deposit in 1_i64..=100,
        stake in 1_i64..=40,
        actions in proptest::collection::vec(action(), 1..40),
    ) {
        let clock = FakeClock::new();
        let (_folder, mut store) = store_at(&clock);
        let mut models = [Model::default(), Model::default()];
        let index = |kind| usize::from(kind == LimitKind::Stake);
        for (kind, euros) in [(LimitKind::Deposit, deposit), (LimitKind::Stake, stake)] {
            store.set_limit(kind, Cents::euros(euros)).expect("a limit");
            models[index(kind)].set(euros * 100, clock.now());
        }
        for action in actions {
            let now = clock.now();
            let (kind, amount, done) = match action {
                Action::Deposit(cents) => {
                    (LimitKind::Deposit, cents, store.deposit(Cents(cents)).map(drop))
                }
                Action::Stake => (LimitKind::Stake, BLACK_JACK.stake.get(), play_one(&mut store)),
                Action::SetLimit(kind, cents) => {
                    store.set_limit(kind, Cents(cents)).expect("a limit");
                    models[index(kind)].set(cents, now);
                    continue;
                }
                Action::Wait(seconds) => {
                    clock.advance(SignedDuration::from_secs(seconds));
                    continue;
                }
            };
            let limit = models[index(kind)].at(now).expect("set");
            let used = used_over_the_window(&store, kind, now);
            match done {
                Ok(()) => prop_assert!(used <= limit, "{kind:?}: {used} used, limit {limit}"),
                Err(StoreError::LimitReached { kind: refused, .. }) => {
                    prop_assert_eq!(refused, kind);
                    prop_assert!(used + amount > limit, "{kind:?}: refused {amount} with {used} used, limit {limit}");
                }
                Err(StoreError::InsufficientFunds { .. }) => prop_assert_eq!(kind, LimitKind::Stake),
                Err(other) => prop_assert!(false, "{other}"),
            }
        }
        // `verify`, reading the records and the ledger afresh, agrees.
        prop_assert_eq!(store.verify().expect("a verdict"), Vec::<String>::new());
    }
}

#[test]
fn a_refused_amount_fits_once_enough_of_the_window_has_left_it() {
    let (clock, _folder, mut store) = player_with_limits(euros(60), euros(2));
    store.deposit(euros(30)).expect("30 €");
    clock.advance(hours(10));
    let second_at = clock.now();
    store.deposit(euros(30)).expect("30 € more");
    // 40 € fit only once both deposits have left the window: the first
    // leaving frees 30 €, not enough.
    let refused = store.deposit(euros(40)).expect_err("past the limit");
    assert!(
        matches!(refused, StoreError::LimitReached { fits_from: Some(from), .. } if from == second_at + LIMIT_WINDOW),
        "{refused:?}"
    );
    // An amount equal to the limit fits once the window is empty.
    clock.advance(hours(1));
    let refused = store.deposit(euros(60)).expect_err("the whole limit");
    assert!(
        matches!(refused, StoreError::LimitReached { fits_from: Some(from), .. } if from == second_at + LIMIT_WINDOW),
        "{refused:?}"
    );
}

#[test]
fn a_reality_check_stopped_reads_back() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store
        .record_reality_check(7_200, Cents(1_250), RealityChoice::Stop)
        .expect("recorded");
    let records = store.protection_records().expect("the records");
    assert_eq!(
        records[0].event,
        ProtectionEvent::AgeConfirmed,
        "at the desk"
    );
    assert_eq!(
        records[1].event,
        ProtectionEvent::RealityCheck {
            played_seconds: 7_200,
            net: Cents(1_250),
            choice: RealityChoice::Stop
        }
    );
}

#[test]
fn the_longest_break_running_is_the_one_in_force() {
    let clock = FakeClock::new();
    let (_folder, mut store) = store_at(&clock);
    store.exclude(1).expect("24 hours");
    let month = store.exclude(30).expect("lengthened to 30 days");
    assert_eq!(month, clock.now() + hours(30 * 24));
    assert_eq!(store.protection().expect("p").excluded_until, Some(month));
    // A shorter break recorded after it (by an older kiosk, say) shortens
    // nothing.
    support::forge::forge(
        store.path(),
        "INSERT INTO protection (at, kind, until, player_id) VALUES ('2026-11-30T08:00:00Z', 'exclusion', '2026-12-01T08:00:00Z', 1)",
    );
    assert_eq!(store.protection().expect("p").excluded_until, Some(month));
}

#[test]
fn a_stake_refused_fits_when_the_first_stake_leaves_the_window() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(4));
    store.deposit(euros(20)).expect("a deposit");
    let first_at = clock.now();
    play_one(&mut store).expect("2 €");
    clock.advance(hours(2));
    play_one(&mut store).expect("4 €");
    let refused = store.buy(&BLACK_JACK).expect_err("past the stake limit");
    assert!(
        matches!(refused, StoreError::LimitReached { fits_from: Some(from), left, .. } if from == first_at + LIMIT_WINDOW && left == Cents::ZERO),
        "{refused:?}"
    );
}

#[test]
fn another_raise_while_one_waits_starts_its_own_48_hours() {
    let (clock, _folder, mut store) = player_with_limits(euros(100), euros(100));
    store
        .set_limit(LimitKind::Deposit, euros(300))
        .expect("a raise");
    clock.advance(hours(24));
    let other = store
        .set_limit(LimitKind::Deposit, euros(400))
        .expect("another raise");
    assert_eq!(other.effective_at, clock.now() + RAISE_DELAY);
    clock.advance(hours(24));
    let deposit = store.protection().expect("p").deposit;
    assert_eq!(
        deposit.current,
        Some(euros(100)),
        "the first raise was replaced"
    );
    assert_eq!(
        deposit.pending,
        Some(PendingRaise {
            amount: euros(400),
            from: other.effective_at
        })
    );
}
