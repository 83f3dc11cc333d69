//! One test suite, two engines: every test here runs against the kiosk's own
//! SQLite file and against a network's PostgreSQL database (a real server:
//! `scripts/pg-scratch.sh` starts one, or `GUICHET_TEST_POSTGRES` names a
//! superuser's URL to share), through the one API a unit is played through,
//! [`PointOfSale`]. Both sell block 0 of the same emission under the same seed,
//! so both must sell the same units, show the same scenarios and credit the
//! same prizes.

#[path = "../../guichet-network/tests/support/postgres.rs"]
mod postgres_server;
#[path = "../../guichet-sqlite/tests/support/mod.rs"]
mod support;

use guichet_core::block::Block;
use guichet_core::emission::Emission;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_50;
use guichet_core::generator::scenario_of_unit;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::{LimitKind, MAX_LIMIT, PointOfSale, StoreError, UnitState};
use guichet_sqlite::Store;
use postgres_server::{Server, as_user};
use support::{seed, seeded, set_highest_limits};
use tempfile::TempDir;

/// The emission both engines sell: Star Fortune at 0,50 €, whose reveal has
/// pucks to pick and drops to start.
const EMISSION: &Emission = &STAR_FORTUNE_50;

/// The seed of block 0 of [`EMISSION`] on both engines (the SQLite store's
/// `seeded(1)` gives it this one).
fn block_seed() -> guichet_core::block::Seed {
    let position = guichet_core::games::emissions()
        .position(|emission| std::ptr::eq(emission, EMISSION))
        .expect("a known emission") as u64;
    seed(1 + position * 1_000)
}

/// An engine under test, holding one player's account.
trait Engine {
    /// A point of sale over the engine's data: opened again, it sees what the
    /// last one left (as after a restart).
    fn open(&self) -> Box<dyn PointOfSale>;

    /// Excludes the player for `days` days, as they asked.
    fn exclude(&self, days: u32);

    /// Lowers the player's 7-day stake limit to `amount` (at once).
    fn limit_stakes(&self, amount: Cents);

    /// Raises the player's 7-day stake limit to `amount` (48 hours later).
    fn raise_stakes(&self, amount: Cents);

    /// Another player's account, with a deposit limit but no stake limit (and
    /// so no money: a deposit needs both).
    fn player_without_a_stake_limit(&self) -> Box<dyn PointOfSale>;
}

/// The kiosk's own SQLite file.
struct Sqlite {
    folder: TempDir,
    /// Other players' files, kept while the test runs.
    others: std::cell::RefCell<Vec<TempDir>>,
}

impl Sqlite {
    /// A new database crediting the player with `credit`.
    fn new(credit: Cents) -> Self {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let mut store = seeded(1)
            .open(&folder.path().join("guichet.sqlite3"))
            .expect("a new store");
        support::add_the_player(&mut store);
        set_highest_limits(&mut store);
        store.deposit(credit).expect("a deposit");
        Self {
            folder,
            others: std::cell::RefCell::default(),
        }
    }
}

impl Engine for Sqlite {
    fn open(&self) -> Box<dyn PointOfSale> {
        Box::new(self.store())
    }

    fn exclude(&self, days: u32) {
        self.store().exclude(days).expect("excluded");
    }

    fn limit_stakes(&self, amount: Cents) {
        let change = self
            .store()
            .set_limit(LimitKind::Stake, amount)
            .expect("a limit");
        assert!(change.immediate, "a lowering takes effect at once");
    }

    fn raise_stakes(&self, amount: Cents) {
        let change = self
            .store()
            .set_limit(LimitKind::Stake, amount)
            .expect("a limit");
        assert!(!change.immediate, "a raise waits");
    }

    fn player_without_a_stake_limit(&self) -> Box<dyn PointOfSale> {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let mut store = seeded(1)
            .open(&folder.path().join("guichet.sqlite3"))
            .expect("a new store");
        support::add_the_player(&mut store);
        store
            .set_limit(LimitKind::Deposit, MAX_LIMIT)
            .expect("a deposit limit");
        self.others.borrow_mut().push(folder);
        Box::new(store)
    }
}

impl Sqlite {
    /// The store itself, for what only the player's own screens do.
    fn store(&self) -> Store {
        seeded(1)
            .open(&self.folder.path().join("guichet.sqlite3"))
            .map(support::as_the_player)
            .expect("the store opens")
    }
}

/// A network's PostgreSQL database: player "alice" at kiosk "borne-1".
struct Postgres {
    kiosk_url: String,
    /// The secret the operator gave "borne-1".
    kiosk_secret: String,
    /// The operator's (the superuser's) URL: the desk's.
    url: String,
    /// The server, kept running while the test runs.
    _server: Server,
}

/// The PIN the desk gives the players on the network.
const PIN: &str = "1357";

impl Postgres {
    /// A new database (named after the test) crediting the player with
    /// `credit`, block 0 opened by the operator's tool.
    fn new(test: &str, credit: Cents) -> Self {
        let server = Server::start();
        // Role names are at most 63 bytes: the test's name's first 40.
        let name = format!("pos_{}", &test[..test.len().min(40)]);
        let url = server.database(&name);
        let mut operator = Operator::connect(&url).expect("the operator connects");
        let role = format!("kiosk_{name}");
        operator.install(&role, "pw").expect("installed");
        operator
            .open_block(EMISSION, 0, &block_seed())
            .expect("block 0 opens");
        for kind in [LimitKind::Deposit, LimitKind::Stake] {
            operator
                .set_limit("alice", kind, MAX_LIMIT, "desk")
                .expect("a limit");
        }
        operator
            .deposit("alice", credit, "desk")
            .expect("a deposit");
        operator.set_pin("alice", PIN).expect("a PIN");
        let kiosk_secret = operator.add_kiosk("borne-1").expect("the kiosk is added");
        Self {
            kiosk_url: as_user(&url, &role, "pw"),
            kiosk_secret,
            url,
            _server: server,
        }
    }
}

impl Engine for Postgres {
    fn open(&self) -> Box<dyn PointOfSale> {
        let kiosk = Kiosk::connect(&self.kiosk_url, "borne-1", &self.kiosk_secret)
            .expect("the kiosk connects");
        let mut seat = PlayerAccount::new(kiosk);
        seat.sign_in("alice", PIN).expect("alice signs in");
        Box::new(seat)
    }

    fn exclude(&self, days: u32) {
        self.desk()
            .exclude("alice", days, "desk")
            .expect("excluded");
    }

    fn limit_stakes(&self, amount: Cents) {
        let from = self
            .desk()
            .set_limit("alice", LimitKind::Stake, amount, "desk")
            .expect("a limit");
        assert!(
            from <= jiff::Timestamp::now(),
            "a lowering takes effect at once"
        );
    }

    fn raise_stakes(&self, amount: Cents) {
        let from = self
            .desk()
            .set_limit("alice", LimitKind::Stake, amount, "desk")
            .expect("a limit");
        assert!(from > jiff::Timestamp::now(), "a raise waits");
    }

    fn player_without_a_stake_limit(&self) -> Box<dyn PointOfSale> {
        self.desk()
            .set_limit("bruno", LimitKind::Deposit, MAX_LIMIT, "desk")
            .expect("a deposit limit");
        self.desk().set_pin("bruno", PIN).expect("a PIN");
        let secret = self
            .desk()
            .add_kiosk("borne-2")
            .expect("the kiosk is added");
        let kiosk =
            Kiosk::connect(&self.kiosk_url, "borne-2", &secret).expect("the kiosk connects");
        let mut seat = PlayerAccount::new(kiosk);
        seat.sign_in("bruno", PIN).expect("bruno signs in");
        Box::new(seat)
    }
}

impl Postgres {
    /// The operator's desk.
    fn desk(&self) -> Operator {
        Operator::connect(&self.url).expect("the operator connects")
    }
}

/// Generates each test twice, `sqlite::name` and `postgres::name`, each
/// calling `name(engine)` on a new engine crediting `credit`.
macro_rules! on_both_engines {
    ($($name:ident: $credit:expr;)*) => {
        mod sqlite {
            use super::*;
            $(#[test]
            fn $name() {
                super::$name(&super::Sqlite::new($credit));
            })*
        }
        mod postgres {
            use super::*;
            $(#[test]
            fn $name() {
                super::$name(&super::Postgres::new(stringify!($name), $credit));
            })*
        }
    };
}

on_both_engines! {
    a_unit_is_paid_for_and_shows_the_prize_its_block_gives: stakes(3);
    one_unit_at_a_time_is_unfinished: stakes(3);
    without_the_stake_nothing_is_bought: Cents(EMISSION.stake.0 - 1);
    steps_are_journaled_all_or_none_and_survive_a_restart: stakes(3);
    units_sell_in_block_order_and_settle_once: stakes(PLAYED);
    a_unit_that_is_not_there_is_named: stakes(1);
    an_excluded_player_buys_nothing: stakes(3);
    past_the_7_day_stake_limit_nothing_is_bought: stakes(3);
    the_history_lists_the_units_played_newest_first: stakes(4);
    a_session_counts_its_stakes_and_prizes: stakes(3);
    the_protection_tells_the_limits_what_they_used_and_the_exclusion: stakes(3);
    a_raised_limit_waits_its_48_hours: stakes(3);
    without_both_limits_nothing_is_staked: stakes(3);
}

/// `count` stakes.
const fn stakes(count: i64) -> Cents {
    Cents(EMISSION.stake.0 * count)
}

/// Units played out in [`units_sell_in_block_order_and_settle_once`].
const PLAYED: i64 = 16;

fn a_unit_is_paid_for_and_shows_the_prize_its_block_gives(engine: &dyn Engine) {
    let mut point = engine.open();
    assert_eq!(point.balance().expect("a balance"), stakes(3));
    let unit = point.buy(EMISSION).expect("a unit");
    assert_eq!(point.balance().expect("a balance"), stakes(2));
    let block = Block::open(EMISSION, 0, &block_seed());
    assert_eq!((unit.block, unit.index), (0, 0), "the block's first unit");
    assert_eq!(unit.prize, block.prize_of_unit(0));
    assert_eq!(unit.scenario, scenario_of_unit(&block, 0, unit.prize));
    assert_eq!(unit.scenario.prize(), unit.prize);
    assert_eq!(unit.state, UnitState::Sold);
    assert!(unit.steps.is_empty() && unit.progress.is_untouched());
    let unfinished: Vec<i64> = point
        .unfinished_units()
        .expect("the unfinished units")
        .iter()
        .map(|unit| unit.id)
        .collect();
    assert_eq!(unfinished, [unit.id]);
    assert_eq!(
        point.unit(unit.id).expect("the unit"),
        unit,
        "read back as sold"
    );
}

fn one_unit_at_a_time_is_unfinished(engine: &dyn Engine) {
    let mut point = engine.open();
    let first = point.buy(EMISSION).expect("a unit");
    let refused = point
        .buy(EMISSION)
        .expect_err("a second unit while one is unfinished");
    assert!(
        matches!(refused, StoreError::UnitUnfinished(unit) if unit == first.id),
        "{refused}"
    );
    assert_eq!(point.balance().expect("a balance"), stakes(2), "one stake");
    point.finish(first.id).expect("finished");
    let second = point.buy(EMISSION).expect("then another");
    assert_eq!(second.index, 1);
}

fn without_the_stake_nothing_is_bought(engine: &dyn Engine) {
    let mut point = engine.open();
    let short = Cents(EMISSION.stake.0 - 1);
    let refused = point.buy(EMISSION).expect_err("a stake not covered");
    assert!(
        matches!(refused, StoreError::InsufficientFunds { balance, stake } if balance == short && stake == EMISSION.stake),
        "{refused}"
    );
    assert!(point.unfinished_units().expect("units").is_empty());
    assert_eq!(point.balance().expect("a balance"), short);
}

fn steps_are_journaled_all_or_none_and_survive_a_restart(engine: &dyn Engine) {
    let unit = {
        let mut point = engine.open();
        let unit = point.buy(EMISSION).expect("a unit");
        let first = unit.progress.remaining_steps(&unit.scenario)[0];
        let revealed = point.reveal(unit.id, &[first]).expect("a step");
        assert_eq!(revealed.state, UnitState::Revealing);
        assert_eq!(revealed.steps, [first]);
        revealed
    };
    // As after a crash: the unit is where it was left.
    let mut point = engine.open();
    let resumed = point.take_up(unit.id).expect("taken up");
    assert_eq!(resumed, unit);
    let next = resumed.progress.remaining_steps(&resumed.scenario)[0];
    let refused = point
        .reveal(unit.id, &[next, RevealStep::Zone { zone: 200 }])
        .expect_err("a step that does not fit");
    assert!(matches!(refused, StoreError::Step { .. }), "{refused}");
    assert_eq!(
        point.unit(unit.id).expect("the unit, read again").steps,
        unit.steps,
        "nothing of the refused steps journaled"
    );
    let early = point.settle(unit.id).expect_err("not all revealed");
    assert!(matches!(early, StoreError::NotFinished(_)), "{early}");
    assert_eq!(
        point.balance().expect("a balance"),
        stakes(2),
        "nothing credited"
    );
}

fn units_sell_in_block_order_and_settle_once(engine: &dyn Engine) {
    let mut point = engine.open();
    let block = Block::open(EMISSION, 0, &block_seed());
    let mut won = Cents::ZERO;
    let mut last = None;
    for index in 0..u32::try_from(PLAYED).expect("a count") {
        let unit = point.buy(EMISSION).expect("a unit");
        assert_eq!((unit.block, unit.index), (0, index));
        assert_eq!(unit.prize, block.prize_of_unit(index));
        let settlement = point.finish(unit.id).expect("finished");
        assert!(settlement.credited);
        assert_eq!(settlement.unit.state, UnitState::Settled);
        assert!(settlement.unit.progress.is_complete());
        won = won.checked_add(unit.prize).expect("a sum");
        last = Some(settlement.unit);
    }
    assert!(
        won.is_positive(),
        "the seed gives some prizes in these units"
    );
    assert_eq!(
        point.balance().expect("a balance"),
        won,
        "stakes out, prizes in"
    );
    let last = last.expect("a unit played");
    let again = point.settle(last.id).expect("settling twice is harmless");
    assert!(!again.credited);
    assert_eq!(
        point.balance().expect("a balance"),
        won,
        "credited once only"
    );
    let late = point.reveal(last.id, &[]).expect_err("settled");
    assert!(
        matches!(late, StoreError::AlreadySettled(unit) if unit == last.id),
        "{late}"
    );
    assert!(point.unfinished_units().expect("units").is_empty());
}

fn a_unit_that_is_not_there_is_named(engine: &dyn Engine) {
    let mut point = engine.open();
    for refused in [
        point.unit(424_242).map(drop),
        point.take_up(424_242).map(drop),
        point.settle(424_242).map(drop),
        point.reveal(424_242, &[]).map(drop),
    ] {
        assert!(
            matches!(refused, Err(StoreError::NoSuchUnit(424_242))),
            "{refused:?}"
        );
    }
}

fn an_excluded_player_buys_nothing(engine: &dyn Engine) {
    let before = jiff::Timestamp::now();
    engine.exclude(7);
    let mut point = engine.open();
    let refused = point.buy(EMISSION).expect_err("excluded");
    let Some(until) = (match refused {
        StoreError::Excluded { until } => Some(until),
        _ => None,
    }) else {
        panic!("{refused}");
    };
    let week = jiff::SignedDuration::from_hours(7 * 24);
    assert!(
        until >= before + week - jiff::SignedDuration::from_secs(2),
        "{until}"
    );
    assert!(until <= jiff::Timestamp::now() + week, "{until}");
    assert!(point.unfinished_units().expect("units").is_empty());
    assert_eq!(
        point.balance().expect("a balance"),
        stakes(3),
        "nothing staked"
    );
}

fn past_the_7_day_stake_limit_nothing_is_bought(engine: &dyn Engine) {
    engine.limit_stakes(stakes(2));
    let mut point = engine.open();
    let started = jiff::Timestamp::now();
    let mut won = Cents::ZERO;
    for _ in 0..2 {
        let unit = point.buy(EMISSION).expect("within the limit");
        point.finish(unit.id).expect("played out");
        won = won.checked_add(unit.prize).expect("a sum");
    }
    let refused = point.buy(EMISSION).expect_err("past the limit");
    let StoreError::LimitReached {
        kind,
        amount,
        limit,
        left,
        fits_from,
    } = refused
    else {
        panic!("{refused}");
    };
    assert_eq!(
        (kind, amount, limit, left),
        (LimitKind::Stake, EMISSION.stake, stakes(2), Cents::ZERO)
    );
    let week = jiff::SignedDuration::from_hours(7 * 24);
    let fits = fits_from.expect("the first stake leaves the window");
    assert!(
        fits >= started + week - jiff::SignedDuration::from_secs(2),
        "{fits}"
    );
    assert!(fits <= jiff::Timestamp::now() + week, "{fits}");
    assert_eq!(
        point.balance().expect("a balance"),
        stakes(1).checked_add(won).expect("a sum"),
        "two stakes out, their prizes in, nothing more"
    );
}

fn the_history_lists_the_units_played_newest_first(engine: &dyn Engine) {
    let mut point = engine.open();
    let mut played = Vec::new();
    for _ in 0..3 {
        let unit = point.buy(EMISSION).expect("a unit");
        point.finish(unit.id).expect("played out");
        played.push(unit.id);
    }
    let open = point.buy(EMISSION).expect("a unit left unfinished");
    let recent = point.recent_units(3).expect("the history");
    assert_eq!(
        recent.iter().map(|unit| unit.id).collect::<Vec<_>>(),
        [open.id, played[2], played[1]],
        "newest first, at most 3"
    );
    assert_eq!(recent[0].state, UnitState::Sold);
    for unit in &recent {
        assert_eq!(
            unit,
            &point.unit(unit.id).expect("the unit"),
            "as it stands"
        );
    }
    assert!(
        recent[1..]
            .iter()
            .all(|unit| unit.state == UnitState::Settled)
    );
    assert_eq!(point.recent_units(10).expect("the history").len(), 4);
}

fn a_session_counts_its_stakes_and_prizes(engine: &dyn Engine) {
    let mut point = engine.open();
    let mark = point.ledger_mark().expect("a mark");
    assert_eq!(point.net_since(mark).expect("a net"), Cents::ZERO);
    let mut won = Cents::ZERO;
    for _ in 0..3 {
        let unit = point.buy(EMISSION).expect("a unit");
        point.finish(unit.id).expect("played out");
        won = won.checked_add(unit.prize).expect("a sum");
    }
    assert_eq!(
        point.net_since(mark).expect("a net"),
        Cents(won.0 - stakes(3).0),
        "three stakes out, their prizes in; the deposit before the mark not counted"
    );
    let later = point.ledger_mark().expect("a mark");
    assert!(later > mark, "{later} after {mark}");
    assert_eq!(point.net_since(later).expect("a net"), Cents::ZERO);
}

fn the_protection_tells_the_limits_what_they_used_and_the_exclusion(engine: &dyn Engine) {
    engine.limit_stakes(stakes(5));
    let mut point = engine.open();
    let protection = point.protection().expect("the protection");
    assert_eq!(protection.deposit.current, Some(MAX_LIMIT));
    assert_eq!(protection.stake.current, Some(stakes(5)));
    assert_eq!(
        (protection.deposit.pending, protection.stake.pending),
        (None, None)
    );
    assert_eq!(protection.deposit.used, stakes(3), "the deposit");
    assert_eq!(protection.stake.used, Cents::ZERO);
    assert_eq!(protection.excluded_until, None);
    for _ in 0..2 {
        let unit = point.buy(EMISSION).expect("a unit");
        point.finish(unit.id).expect("played out");
    }
    assert_eq!(
        point.protection().expect("the protection").stake.used,
        stakes(2)
    );
    let before = jiff::Timestamp::now();
    engine.exclude(2);
    let until = engine
        .open()
        .protection()
        .expect("the protection")
        .excluded_until
        .expect("an exclusion running");
    let two_days = jiff::SignedDuration::from_hours(48);
    assert!(
        until >= before + two_days - jiff::SignedDuration::from_secs(2),
        "{until}"
    );
    assert!(until <= jiff::Timestamp::now() + two_days, "{until}");
}

fn a_raised_limit_waits_its_48_hours(engine: &dyn Engine) {
    engine.limit_stakes(stakes(2));
    let before = jiff::Timestamp::now();
    engine.raise_stakes(stakes(4));
    let stake = engine.open().protection().expect("the protection").stake;
    assert_eq!(
        stake.current,
        Some(stakes(2)),
        "the lower limit holds meanwhile"
    );
    let pending = stake.pending.expect("the raise, waiting");
    assert_eq!(pending.amount, stakes(4));
    let delay = jiff::SignedDuration::from_hours(48);
    let slack = jiff::SignedDuration::from_secs(2);
    assert!(
        pending.from >= before + delay - slack && pending.from <= jiff::Timestamp::now() + delay,
        "{}",
        pending.from
    );
}

fn without_both_limits_nothing_is_staked(engine: &dyn Engine) {
    let mut point = engine.player_without_a_stake_limit();
    let refused = point.buy(EMISSION).expect_err("no stake limit");
    assert!(matches!(refused, StoreError::NoLimits), "{refused}");
    assert_eq!(point.balance().expect("a balance"), Cents::ZERO);
    assert!(point.unfinished_units().expect("units").is_empty());
}
