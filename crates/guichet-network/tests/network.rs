//! The store on PostgreSQL: a real server (`scripts/pg-scratch.sh` starts one
//! for each test, or `GUICHET_TEST_POSTGRES` names a superuser's URL to share),
//! a kiosk role that can read no secret, and kiosks buying at once.

#[path = "support/network.rs"]
mod network;
#[path = "support/postgres.rs"]
mod postgres_server;

use guichet_core::block::Block;
use guichet_core::money::Cents;
use guichet_network::{Kiosk, NetworkError, Operator, PlayerAccount, PublicBlock};
use guichet_sale::{LimitKind, MAX_LIMIT, PointOfSale, StoreError, Unit};
use network::{EMISSION, PIN, kiosk, open_account, player_at, seed, set_up, signed_in};
use postgres::error::SqlState;
use postgres::{Client, NoTls};
use postgres_server::{Server, as_user};

/// The SQLSTATE of a failed statement.
fn state(error: &postgres::Error) -> Option<&SqlState> {
    error.code()
}

#[test]
fn the_kiosk_role_can_read_no_seed_and_no_unsold_unit() {
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "secrets", 7);
    let mut raw = Client::connect(&kiosk_url, NoTls).expect("the kiosk role logs in");
    for forbidden in [
        "SELECT seed FROM guichet.block_seeds",
        "SELECT tiers FROM guichet.block_tiers",
        "SELECT * FROM guichet.blocks",
        "SELECT * FROM guichet.sales",
        "UPDATE guichet.blocks SET sold_in_full_packs = 0",
        "SELECT * FROM guichet.packs",
        "UPDATE guichet.packs SET kiosk = NULL",
        "INSERT INTO guichet.sales (block_id, unit_index, kiosk) VALUES (1, 5, 'me')",
        "SELECT * FROM guichet.players",
        "SELECT * FROM guichet.ledger",
        "SELECT * FROM guichet.reveal_steps",
        "SELECT * FROM guichet.prizes",
        "SELECT * FROM guichet.kiosks",
        "UPDATE guichet.players SET balance_cents = 1000000",
    ] {
        let error = raw.batch_execute(forbidden).expect_err(forbidden);
        assert_eq!(
            state(&error),
            Some(&SqlState::INSUFFICIENT_PRIVILEGE),
            "{forbidden}: {error}"
        );
    }
    // No way round: no other role to become, no function to call but the
    // kiosks' own.
    assert!(raw.batch_execute("SET ROLE postgres").is_err());
    assert_eq!(
        callable(&mut raw),
        KIOSK_MAY_CALL,
        "only the kiosks' functions"
    );

    let mut player = player_at(&mut operator, &kiosk_url, "borne-1", "ada", EMISSION.stake);
    let public = player_public_blocks(&kiosk_url, &mut operator);
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].seed, None, "an open block's seed stays secret");
    let block = Block::open(EMISSION, 0, &seed(7));
    assert_eq!(public[0].commitment, block.commitment().0);
    assert_eq!(public[0].size, EMISSION.block_size);

    let unit = player.buy(EMISSION).expect("a unit");
    assert_eq!((unit.block, unit.index), (0, 0));
    assert_eq!(unit.prize, block.prize_of_unit(0));
    assert_eq!(player_public_blocks(&kiosk_url, &mut operator)[0].sold, 1);
}

/// The public blocks, as a kiosk added for the purpose reads them.
fn player_public_blocks(kiosk_url: &str, operator: &mut Operator) -> Vec<PublicBlock> {
    kiosk(operator, kiosk_url, "borne-reader")
        .public_blocks(EMISSION)
        .expect("public blocks")
}

/// What the kiosk role may call: every function of the kiosks, and no other,
/// by signature (pgcrypto's functions in the schema are not among them).
const KIOSK_MAY_CALL: [&str; 14] = [
    "guichet.buy(text,text,text,text,integer)",
    "guichet.last_closing(text,text)",
    "guichet.play_out(text,text,text,bigint,integer,text[])",
    "guichet.player_balance(text,text,text)",
    "guichet.player_net(text,text,text,bigint)",
    "guichet.player_protection(text,text,text)",
    "guichet.player_units(text,text,text,integer)",
    "guichet.record_closing(text,text,bigint,text,bytea)",
    "guichet.reveal(text,text,text,bigint,integer,text[])",
    "guichet.settle(text,text,text,bigint)",
    "guichet.sign_in(text,text,bigint)",
    "guichet.sign_out(text,text,text)",
    "guichet.try_pin(text,text,text,text)",
    "guichet.units(text,text,text,bigint)",
];

/// Every function outside PostgreSQL's own schemas the role of `raw` may
/// execute, by signature, sorted.
fn callable(raw: &mut Client) -> Vec<String> {
    raw.query(
        "SELECT n.nspname || '.' || p.proname || '(' ||
                replace(oidvectortypes(p.proargtypes), ', ', ',') || ')'
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
           AND has_function_privilege(p.oid, 'EXECUTE')
         ORDER BY 1",
        &[],
    )
    .expect("the functions are listed")
    .iter()
    .map(|row| row.get::<_, String>(0))
    .collect::<std::collections::BTreeSet<_>>()
    .into_iter()
    .collect()
}

/// A kiosk gives its name and its secret with each call: a wrong secret, a
/// kiosk never added, or another kiosk's name with one's own secret is refused
/// (GU014), and nothing is sold; a player's session is its kiosk's alone; a
/// unit is played out at its own kiosk only; a kiosk given a new secret is
/// refused with the old one.
#[test]
fn a_kiosk_acts_as_itself_only() {
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "itself", 9);
    open_account(&mut operator, "erin");
    operator
        .deposit("erin", Cents(EMISSION.stake.0 * 5), "desk")
        .expect("a deposit");
    let first = operator.add_kiosk("borne-a").expect("added");
    let second = operator.add_kiosk("borne-b").expect("added");
    assert_ne!(first, second, "each kiosk its own secret");
    assert_eq!(first.len(), 64, "256 bits, in hex");
    assert!(matches!(
        operator.add_kiosk(""),
        Err(NetworkError::KioskName(_))
    ));
    // A name is 1 to 64 characters.
    operator.add_kiosk(&"é".repeat(64)).expect("64 characters");
    assert!(matches!(
        operator.add_kiosk(&"é".repeat(65)),
        Err(NetworkError::KioskName(_))
    ));

    let refused_as = |name: &str, secret: &str| {
        let mut seat =
            PlayerAccount::new(Kiosk::connect(&kiosk_url, name, secret).expect("connects"));
        let refused = seat.sign_in("erin", PIN).expect_err("refused");
        assert!(
            matches!(&refused, StoreError::KioskRefused(_)),
            "{name}: {refused}"
        );
        // Nobody signed in: nothing is asked of the server.
        for refused in [
            seat.balance().map(drop),
            seat.buy(EMISSION).map(drop),
            seat.unfinished_units().map(drop),
            seat.recent_units(5).map(drop),
            seat.protection().map(drop),
            seat.ledger_mark().map(drop),
        ] {
            assert!(matches!(refused, Err(StoreError::SignedOut)), "{name}");
        }
    };
    refused_as("borne-a", &second);
    refused_as("borne-a", "");
    refused_as("borne-z", &first);
    assert_eq!(
        player_public_blocks(&kiosk_url, &mut operator)[0].sold,
        0,
        "nothing was sold"
    );
    assert_eq!(
        operator.account("erin").expect("the account").0,
        Cents(EMISSION.stake.0 * 5)
    );

    // Kiosk A's unit is not kiosk B's to reveal or settle, though it is the
    // same player's.
    let mut at_a = signed_in(
        Kiosk::connect(&kiosk_url, "borne-a", &first).expect("connects"),
        "erin",
    );
    let unit = at_a.buy(EMISSION).expect("a unit");
    let mut at_b = signed_in(
        Kiosk::connect(&kiosk_url, "borne-b", &second).expect("connects"),
        "erin",
    );
    assert!(matches!(at_b.unit(unit.id), Err(StoreError::NoSuchUnit(id)) if id == unit.id));
    assert!(at_b.unfinished_units().expect("none").is_empty());
    assert!(matches!(
        at_b.finish(unit.id),
        Err(StoreError::NoSuchUnit(_))
    ));
    at_a.finish(unit.id).expect("played out at its own kiosk");
    assert_eq!(
        at_b.recent_units(5).expect("the history").len(),
        1,
        "the player's history, wherever they played"
    );

    // A new secret voids the old one.
    let renewed = operator.add_kiosk("borne-a").expect("renewed");
    let mut renewed = signed_in(
        Kiosk::connect(&kiosk_url, "borne-a", &renewed).expect("connects"),
        "erin",
    );
    refused_as("borne-a", &first);
    renewed.buy(EMISSION).expect("sold with the new secret");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn kiosks_buying_at_once_sell_each_from_a_pack_of_its_own() {
    const KIOSKS: u32 = 8;
    const EACH: u32 = 40;
    const PACK: u32 = 100;
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "at_once", 3);
    let players: Vec<PlayerAccount> = (0..KIOSKS)
        .map(|number| {
            player_at(
                &mut operator,
                &kiosk_url,
                &format!("borne-{number}"),
                &format!("card-{number}"),
                Cents(EMISSION.stake.0 * i64::from(EACH)),
            )
        })
        .collect();

    let sold_by_kiosk: Vec<Vec<_>> = std::thread::scope(|scope| {
        let buyers: Vec<_> = players
            .into_iter()
            .map(|mut player| {
                scope.spawn(move || {
                    (0..EACH)
                        .map(|_| {
                            let unit = player.buy(EMISSION).expect("a unit");
                            player.finish(unit.id).expect("played out");
                            unit
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        buyers
            .into_iter()
            .map(|buyer| buyer.join().expect("a buyer"))
            .collect()
    });

    // Each kiosk sold from a pack of its own, in the pack's order; together
    // the first packs of the block, each unit once.
    let block = Block::open(EMISSION, 0, &seed(3));
    let mut firsts: Vec<u32> = sold_by_kiosk
        .iter()
        .map(|sales| {
            let first = sales[0].index;
            assert_eq!(first % PACK, 0, "a pack's first unit");
            let indices: Vec<u32> = sales.iter().map(|sale| sale.index).collect();
            assert_eq!(indices, (first..first + EACH).collect::<Vec<_>>());
            first
        })
        .collect();
    firsts.sort_unstable();
    assert_eq!(
        firsts,
        (0..KIOSKS).map(|pack| pack * PACK).collect::<Vec<_>>(),
        "the first packs, one to a kiosk"
    );
    for sale in sold_by_kiosk.iter().flatten() {
        assert_eq!(sale.block, 0);
        assert_eq!(
            sale.prize,
            block.prize_of_unit(sale.index),
            "unit {}",
            sale.index
        );
    }
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_block_closes_at_its_size_and_the_next_one_takes_over() {
    let server = Server::start();
    let (mut operator, url, kiosk_url) = set_up(&server, "closing", 1);
    operator
        .open_block(EMISSION, 1, &seed(2))
        .expect("block 1 opens");
    let duplicate = operator.open_block(EMISSION, 1, &seed(9));
    assert!(
        matches!(&duplicate, Err(NetworkError::Postgres(error)) if error.code() == Some(&SqlState::UNIQUE_VIOLATION)),
        "a block opens once: {duplicate:?}"
    );
    // Block 0 as if sold but for its last three units: every pack sold out
    // but the last, which has three left.
    let size = EMISSION.block_size;
    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    admin
        .batch_execute(
            "UPDATE guichet.packs SET sold = CASE WHEN first_unit + size = 850000
                                                  THEN size - 3 ELSE size END
             WHERE block_number = 0;
             UPDATE guichet.blocks SET sold_in_full_packs = size - 100 WHERE number = 0;",
        )
        .expect("fast-forwarded");

    let mut player = player_at(
        &mut operator,
        &kiosk_url,
        "borne",
        "fred",
        Cents(EMISSION.stake.0 * 5),
    );
    let sold: Vec<(u32, u32)> = (0..5)
        .map(|_| {
            let unit = player.buy(EMISSION).expect("a unit");
            player.finish(unit.id).expect("played out");
            (unit.block, unit.index)
        })
        .collect();
    assert_eq!(
        sold,
        [(0, size - 3), (0, size - 2), (0, size - 1), (1, 0), (1, 1)]
    );
    let public = player_public_blocks(&kiosk_url, &mut operator);
    assert_eq!(public[0].sold, size);
    assert_eq!(
        public[0].seed.as_deref(),
        Some([1_u8; 32].as_slice()),
        "a closed block's seed is published"
    );
    assert_eq!(public[1].seed, None);
    assert_eq!(public[1].sold, 2);

    // With no block left open, the kiosk is told, and nothing is sold.
    admin
        .batch_execute(
            "UPDATE guichet.packs SET sold = size WHERE block_number = 1;
             UPDATE guichet.blocks SET sold_in_full_packs = size, closed_at = now()
             WHERE number = 1",
        )
        .expect("sold out");
    operator
        .deposit("fred", EMISSION.stake, "desk")
        .expect("a deposit");
    let refused = player.buy(EMISSION).expect_err("no open block");
    assert!(refused.to_string().contains("no open block"), "{refused}");
}

/// A purchase or a playing out sent again after its answer was lost (the
/// kiosk cannot tell whether it was done) charges nothing twice and credits
/// nothing twice: a second purchase names the unit the first bought and left
/// unsettled, a second playing out of the same steps is told the unit was
/// settled already, and other steps are refused.
#[test]
fn a_call_sent_again_does_nothing_twice() {
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "sent_again", 12);
    let block = Block::open(EMISSION, 0, &seed(12));
    let winner = (0..100)
        .find(|&index| block.tier_of_unit(index).is_some())
        .expect("a winner among the first 100");
    let mut player = player_at(
        &mut operator,
        &kiosk_url,
        "borne",
        "gus",
        Cents(EMISSION.stake.0 * i64::from(winner + 2)),
    );
    for _ in 0..winner {
        let unit = player.buy(EMISSION).expect("a unit");
        player.finish(unit.id).expect("played out");
    }
    let unit = player.buy(EMISSION).expect("the winner");
    assert_eq!(unit.index, winner);
    let again = player.buy(EMISSION).expect_err("bought again");
    assert!(
        matches!(again, StoreError::UnitUnfinished(id) if id == unit.id),
        "{again}"
    );
    let first = player.play_out(unit.clone()).expect("played out");
    assert!(first.credited);
    let balance = player.balance().expect("a balance");
    let second = player.play_out(unit.clone()).expect("sent again");
    assert!(!second.credited, "credited once");
    assert_eq!(player.balance().expect("a balance"), balance);
    // Sent with other steps than those journaled (none, from step 0).
    let mut other = unit.clone();
    for step in other.progress.remaining_steps(&other.scenario) {
        other.progress.apply(step).expect("a step");
    }
    let refused = player.play_out(other).expect_err("other steps");
    assert!(
        matches!(refused, StoreError::AlreadySettled(id) if id == unit.id),
        "{refused}"
    );
    let (_, explained) = operator.account("gus").expect("the account");
    assert!(explained);
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

/// A kiosk's packs handed back by the operator: the next kiosk short of a
/// pack goes on where it stopped, each unit once, and verify passes.
#[test]
fn a_pack_handed_back_is_sold_on_where_it_stopped() {
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "handed_back", 13);
    let mut first = player_at(
        &mut operator,
        &kiosk_url,
        "borne-a",
        "hal",
        Cents(EMISSION.stake.0 * 5),
    );
    let mut second = player_at(
        &mut operator,
        &kiosk_url,
        "borne-b",
        "ida",
        Cents(EMISSION.stake.0 * 5),
    );
    let play = |player: &mut PlayerAccount| {
        let unit = player.buy(EMISSION).expect("a unit");
        player.finish(unit.id).expect("played out");
        unit.index
    };
    assert_eq!(
        [play(&mut first), play(&mut first), play(&mut first)],
        [0, 1, 2]
    );
    assert_eq!(play(&mut second), 100, "a pack of its own");
    assert_eq!(operator.return_packs("borne-a").expect("handed back"), 1);
    assert_eq!(operator.return_packs("borne-a").expect("again"), 0);
    let mut third = player_at(
        &mut operator,
        &kiosk_url,
        "borne-c",
        "jo",
        Cents(EMISSION.stake.0 * 5),
    );
    assert_eq!(
        [play(&mut third), play(&mut third)],
        [3, 4],
        "where the first stopped"
    );
    assert_eq!(play(&mut first), 200, "the first kiosk takes a new pack");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

#[test]
fn a_role_name_that_is_not_an_identifier_is_refused() {
    let server = Server::start();
    let url = server.database("names");
    let mut operator = Operator::connect(&url).expect("the operator connects");
    let refused = operator.install("kiosk; DROP TABLE x", "pw");
    assert!(
        matches!(refused, Err(NetworkError::RoleName(_))),
        "{refused:?}"
    );
    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    let schemas: i64 = admin
        .query_one(
            "SELECT count(*) FROM pg_namespace WHERE nspname = 'guichet'",
            &[],
        )
        .expect("a count")
        .get(0);
    assert_eq!(schemas, 0, "nothing was created");
}

#[test]
fn a_player_buying_from_kiosks_at_once_never_goes_below_zero() {
    const KIOSKS: usize = 4;
    const TRIES: usize = 6;
    let server = Server::start();
    let (mut operator, url, kiosk_url) = set_up(&server, "one_player", 4);
    // Enough for exactly ten units; the kiosks try twenty-four at once.
    let affordable = 10;
    let deposit = Cents(EMISSION.stake.0 * affordable);
    open_account(&mut operator, "alice");
    assert_eq!(
        operator
            .deposit("alice", deposit, "desk")
            .expect("a deposit"),
        deposit
    );
    assert!(operator.deposit("alice", Cents(0), "desk").is_err());
    assert_eq!(
        operator.account("alice").expect("the account"),
        (deposit, true)
    );

    let secrets: Vec<Vec<String>> = (0..KIOSKS)
        .map(|number| {
            (0..TRIES)
                .map(|attempt| {
                    operator
                        .add_kiosk(&format!("borne-{number}-{attempt}"))
                        .expect("added")
                })
                .collect()
        })
        .collect();
    let outcomes: Vec<Result<Unit, StoreError>> = std::thread::scope(|scope| {
        let kiosks: Vec<_> = (0..KIOSKS)
            .zip(&secrets)
            .map(|(number, secrets)| {
                let kiosk_url = &kiosk_url;
                scope.spawn(move || {
                    let mut client = Client::connect(kiosk_url, NoTls).expect("connects");
                    // Each try at a kiosk of its own: a kiosk plays one unit
                    // at a time, and these are left unsettled.
                    let mut outcomes = Vec::with_capacity(TRIES);
                    for (attempt, secret) in secrets.iter().enumerate() {
                        let kiosk = Kiosk::with_client(
                            client,
                            &format!("borne-{number}-{attempt}"),
                            secret,
                        );
                        let mut session = signed_in(kiosk, "alice");
                        outcomes.push(session.buy(EMISSION));
                        client = session.into_kiosk().into_client();
                    }
                    outcomes
                })
            })
            .collect();
        kiosks
            .into_iter()
            .flat_map(|kiosk| kiosk.join().expect("a kiosk"))
            .collect()
    });

    let bought = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
    assert_eq!(bought, usize::try_from(affordable).expect("a count"));
    for refused in outcomes.iter().filter_map(|outcome| outcome.as_ref().err()) {
        assert!(
            matches!(refused, StoreError::InsufficientFunds { balance, stake } if *stake == EMISSION.stake && *balance < EMISSION.stake),
            "{refused}"
        );
    }
    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    let mut balances: Vec<i64> = admin
        .query(
            "SELECT balance_after_cents FROM guichet.ledger WHERE kind = 'stake'",
            &[],
        )
        .expect("the stakes")
        .iter()
        .map(|row| row.get(0))
        .collect();
    balances.sort_unstable();
    let expected: Vec<i64> = (0..affordable)
        .map(|left| left * EMISSION.stake.0)
        .collect();
    assert_eq!(balances, expected, "each purchase left one stake less");
    let (balance, explained) = operator.account("alice").expect("the account");
    assert_eq!(balance, Cents::ZERO);
    assert!(explained, "the ledger explains the balance");
    // A refused purchase sells nothing: the units sold are the ones paid for.
    let sales = operator.sales(EMISSION).expect("the sales");
    assert_eq!(sales.len(), usize::try_from(affordable).expect("a count"));
    // A ledger whose chain is broken in the middle does not explain the
    // balance, though its last entry still agrees with it.
    admin
        .execute(
            "UPDATE guichet.ledger SET balance_after_cents = balance_after_cents + 1
             WHERE id = (SELECT min(id) FROM guichet.ledger)",
            &[],
        )
        .expect("a ledger entry changed");
    assert_eq!(
        operator.account("alice").expect("the account"),
        (Cents::ZERO, false)
    );
}

/// The operator's `verify` finds nothing wrong in units played out, and names
/// each thing a superuser then tampers with.
/// Each tampering made on a copy of the database `verify…` played, and the
/// violation verify must name for it.
const TAMPERINGS: [(&str, &str); 16] = [
    (
        "UPDATE guichet.sales SET tier = 0 WHERE unit_index = 0",
        "unit 0 of block 0 of Star Fortune 0,50\u{a0}€: sold with tier Some(0)",
    ),
    // A losing unit's tier is NULL: a negative one is a forgery, not a loss.
    (
        "UPDATE guichet.sales SET tier = -1
         WHERE unit_index = (SELECT min(unit_index) FROM guichet.sales WHERE tier IS NULL)",
        "sold with tier -1",
    ),
    (
        "ALTER TABLE guichet.packs DROP CONSTRAINT packs_check;
         UPDATE guichet.packs SET sold = -1 WHERE block_number = 1 AND number = 0",
        "block 1 of star-fortune@50, pack 0: -1 units sold",
    ),
    (
        "UPDATE guichet.ledger SET amount_cents = amount_cents + 100,
             balance_after_cents = balance_after_cents + 100 WHERE kind = 'prize';
         UPDATE guichet.players SET balance_cents = balance_cents + 100",
        "credited [",
    ),
    (
        "UPDATE guichet.sales SET settled_at = now()
         WHERE settled_at IS NULL AND generator IS NOT NULL",
        "settled before it was all revealed",
    ),
    (
        "UPDATE guichet.reveal_steps SET step = '{\"step\":\"puck\",\"drop\":0,\"puck\":7}'
         WHERE seq = 0 AND sale_id = (SELECT min(sale_id) FROM guichet.reveal_steps)",
        "its journal does not replay",
    ),
    (
        "UPDATE guichet.reveal_steps SET step = 'a puck' WHERE seq = 0",
        "a journaled step is not a step",
    ),
    (
        "UPDATE guichet.packs SET sold = sold + 1 WHERE block_number = 0 AND number = 0",
        "units counted sold",
    ),
    (
        "UPDATE guichet.packs SET sold = 1 WHERE block_number = 1 AND number = 0;
         INSERT INTO guichet.sales (block_id, unit_index, kiosk, tier, player_id, generator)
         SELECT id, 7, 'counter', NULL, (SELECT min(id) FROM guichet.players), 2
         FROM guichet.blocks WHERE number = 1",
        "unit 7 of block 1 of Star Fortune 0,50\u{a0}€: sold where unit 0 was next in pack 0",
    ),
    (
        "UPDATE guichet.blocks SET sold_in_full_packs = 100 WHERE number = 1",
        "block 1 of star-fortune@50: 100 units counted in packs sold out, they hold 0",
    ),
    (
        "UPDATE guichet.packs SET first_unit = first_unit + 1 WHERE block_number = 1 AND number = 3",
        "block 1 of star-fortune@50: pack 3 begins at unit 301, not 300",
    ),
    (
        "ALTER TABLE guichet.sales DROP CONSTRAINT sales_paid_by_a_player;
         UPDATE guichet.sales SET player_id = NULL, generator = NULL, settled_at = NULL
         WHERE unit_index = 0 AND block_id = (SELECT id FROM guichet.blocks WHERE number = 0)",
        "unit 0 of block 0 of Star Fortune 0,50\u{a0}€: sold for cash, yet in a player's ledger",
    ),
    (
        "ALTER TABLE guichet.sales DROP CONSTRAINT sales_paid_by_a_player;
         UPDATE guichet.ledger SET block_id = NULL, unit_index = NULL, kind = 'withdrawal'
         WHERE kind = 'stake' AND unit_index = 1;
         UPDATE guichet.sales SET player_id = NULL, generator = NULL, settled_at = NULL
         WHERE unit_index = 1 AND block_id = (SELECT id FROM guichet.blocks WHERE number = 0)",
        "unit 1 of block 0 of Star Fortune 0,50\u{a0}€: sold with no player paying for it",
    ),
    (
        "UPDATE guichet.players SET balance_cents = balance_cents + 1",
        "player bob: the ledger does not explain",
    ),
    (
        "UPDATE guichet.blocks SET commitment = sha256(commitment)",
        "its commitment is not its seed's",
    ),
    (
        "UPDATE guichet.blocks SET stream_key = sha256(stream_key)",
        "its unit-stream key is not its seed's",
    ),
];

#[test]
fn verify_passes_on_units_played_out_and_names_what_was_tampered_with() {
    let server = Server::start();
    let (mut operator, url, kiosk_url) = set_up(&server, "verified", 5);
    open_account(&mut operator, "bob");
    operator
        .deposit("bob", Cents(EMISSION.stake.0 * 20), "desk")
        .expect("a deposit");
    let mut session = signed_in(kiosk(&mut operator, &kiosk_url, "borne"), "bob");
    let block = Block::open(EMISSION, 0, &seed(5));
    let winner = (0..20)
        .find(|&index| block.tier_of_unit(index).is_some())
        .expect("a winning unit among the first 20");
    let mut units = Vec::new();
    for _ in 0..=winner + 1 {
        let unit = session.buy(EMISSION).expect("a unit");
        session.finish(unit.id).expect("played out");
        units.push(unit);
    }
    // One unit left half revealed: sound too.
    let open = session.buy(EMISSION).expect("a unit");
    let first = open.progress.remaining_steps(&open.scenario)[0];
    session.reveal(open.id, &[first]).expect("a step");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
    // The next block opened ahead, nothing sold from it: sound too.
    assert_eq!(operator.next_block(EMISSION).expect("a number"), 1);
    operator
        .open_block(EMISSION, 1, &seed(6))
        .expect("block 1 opens");
    assert_eq!(operator.next_block(EMISSION).expect("a number"), 2);
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());

    drop((operator, session));

    // Each tampering on a copy of the database as played.
    let (base, _) = url.rsplit_once('/').expect("a URL with a database");
    let mut server_admin = Client::connect(&server.url, NoTls).expect("the superuser connects");
    for (number, (tampering, named)) in TAMPERINGS.into_iter().enumerate() {
        let copy = format!("verified_{number}");
        for statement in [
            format!("DROP DATABASE IF EXISTS {copy}"),
            format!("CREATE DATABASE {copy} TEMPLATE verified"),
        ] {
            server_admin.batch_execute(&statement).expect("a copy");
        }
        let copy_url = format!("{base}/{copy}");
        Client::connect(&copy_url, NoTls)
            .expect("the superuser connects")
            .batch_execute(tampering)
            .expect(tampering);
        let found = Operator::connect(&copy_url)
            .expect("the operator connects")
            .verify()
            .expect("a verdict");
        assert!(
            found.iter().any(|violation| violation.contains(named)),
            "{tampering}: {found:?}"
        );
    }
}

/// Sets up version 1's schema through `admin`, with block 0 of the emission
/// opened under `seed(8)` as version 1's operator's tool opened it, and its
/// first unit sold for cash at the counter. Returns the block.
fn version_1_database(admin: &mut Client) -> Block {
    admin
        .batch_execute(include_str!("../src/v1.sql"))
        .expect("version 1");
    let block = Block::open(EMISSION, 0, &seed(8));
    admin
        .execute(
            "INSERT INTO guichet.emissions (code, stake_cents) VALUES ($1, $2)",
            &[&EMISSION.code(), &EMISSION.stake.0],
        )
        .expect("the emission");
    admin
        .execute(
            "INSERT INTO guichet.blocks (emission, number, size, commitment) VALUES ($1, 0, $2, $3)",
            &[
                &EMISSION.code(),
                &i32::try_from(EMISSION.block_size).expect("a size"),
                &block.commitment().0.as_slice(),
            ],
        )
        .expect("the block");
    admin
        .execute(
            "INSERT INTO guichet.block_seeds (block_id, seed) VALUES (1, $1)",
            &[&[8_u8; 32].as_slice()],
        )
        .expect("its seed");
    block
        .walk(4096, |first, tiers| {
            let bytes: Vec<u8> = tiers
                .iter()
                .map(|tier| tier.map_or(255, |tier| u8::try_from(tier).expect("a byte")))
                .collect();
            admin
                .execute(
                    "INSERT INTO guichet.block_tiers (block_id, chunk, tiers) VALUES (1, $1, $2)",
                    &[&i32::try_from(first / 4096).expect("a chunk"), &bytes],
                )
                .map(drop)
        })
        .expect("its tiers");
    admin
        .batch_execute("SELECT * FROM guichet.sell('star-fortune@50', 'counter')")
        .expect("a unit sold for cash");
    block
}

/// A database set up at version 1 (a block opened, a unit sold for cash) is
/// brought to the newest version by the operator's tool: the block's
/// unit-stream key computed from its seed, the emission's prizes recorded, the
/// kiosk role's old functions taken back; then a kiosk, added with its secret,
/// plays for a player, and verify passes. A newer schema is refused, nothing
/// changed.
#[test]
fn a_version_1_database_migrates_and_sells_on() {
    let server = Server::start();
    let url = server.database("migrated");
    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    let block = version_1_database(&mut admin);

    // A role of this run's own, so that a shared server never has it yet.
    let role = format!("kiosk_migrated_{}", std::process::id());
    let mut operator = Operator::connect(&url).expect("the operator connects");
    assert_eq!(
        operator.migrate(&role).map_err(|e| e.to_string()),
        Err(format!("PostgreSQL: role \"{role}\" does not exist")),
        "the kiosk role must exist: nothing migrated"
    );
    let version = |admin: &mut Client| -> i32 {
        admin
            .query_one("SELECT version FROM guichet.schema_version", &[])
            .expect("a version")
            .get(0)
    };
    assert_eq!(
        version(&mut admin),
        1,
        "the refused migration changed nothing"
    );
    admin
        .batch_execute(&format!(
            "CREATE ROLE {role} LOGIN PASSWORD 'pw';
             GRANT USAGE ON SCHEMA guichet TO {role};
             GRANT EXECUTE ON FUNCTION guichet.sell(text, text) TO {role};"
        ))
        .expect("the kiosk role, as version 1 granted it");
    assert_eq!(operator.migrate(&role).expect("migrated"), (1, 6));
    assert_eq!(operator.migrate(&role).expect("again"), (6, 6));
    let key: Vec<u8> = admin
        .query_one("SELECT stream_key FROM guichet.blocks", &[])
        .expect("a key")
        .get(0);
    assert_eq!(key, block.unit_streams().0, "computed from the seed");

    open_account(&mut operator, "carol");
    operator
        .deposit("carol", Cents(EMISSION.stake.0 * 3), "desk")
        .expect("a deposit");
    // Version 1's sell, which the kiosk role was granted, is gone, and the
    // kiosk role may call the kiosks' functions of the newest version only.
    let mut raw = Client::connect(&as_user(&url, &role, "pw"), NoTls).expect("logs in");
    let error = raw
        .batch_execute("SELECT * FROM guichet.sell('star-fortune@50', 'borne')")
        .expect_err("version 1's sell");
    assert_eq!(
        state(&error),
        Some(&SqlState::UNDEFINED_FUNCTION),
        "{error}"
    );
    assert_eq!(callable(&mut raw), KIOSK_MAY_CALL);
    let kiosk = kiosk(&mut operator, &as_user(&url, &role, "pw"), "borne");
    let mut session = signed_in(kiosk, "carol");
    let unit = session.buy(EMISSION).expect("a unit after the cash sale");
    assert_eq!((unit.block, unit.index), (0, 1));
    assert_eq!(unit.prize, block.prize_of_unit(1));
    session.finish(unit.id).expect("played out");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());

    admin
        .batch_execute("UPDATE guichet.schema_version SET version = 7")
        .expect("from the future");
    let refused = operator.migrate(&role).expect_err("a newer schema");
    assert!(
        matches!(refused, NetworkError::NewerSchema { found: 7, known: 6 }),
        "{refused}"
    );
}

/// The desk on a network: a first limit and a lowering at once, a raise 48
/// hours later (asked again, it keeps its date), deposits within the deposit
/// limit only, payouts up to the balance, an exclusion that stops deposits
/// and is only ever lengthened, and protection records no one can change.
#[test]
fn the_desk_sets_limits_pays_out_and_excludes() {
    let server = Server::start();
    let (mut operator, url, _) = set_up(&server, "desk", 6);
    let now = jiff::Timestamp::now();
    let slack = jiff::SignedDuration::from_secs(5);
    assert!(
        operator.deposit("dana", Cents(500), "desk").is_err(),
        "no account yet"
    );
    let first = operator
        .set_limit("dana", LimitKind::Deposit, Cents(3_000), "desk")
        .expect("a first limit");
    assert!(first <= now + slack, "a first limit at once");
    let refused = operator
        .deposit("dana", Cents(500), "desk")
        .expect_err("without a stake limit");
    assert!(refused.to_string().contains("no 7-day limits"), "{refused}");
    operator
        .set_limit("dana", LimitKind::Stake, Cents(1_000), "desk")
        .expect("a stake limit");
    assert_eq!(
        operator
            .deposit("dana", Cents(2_000), "desk")
            .expect("within"),
        Cents(2_000)
    );
    let over = operator
        .deposit("dana", Cents(1_500), "desk")
        .expect_err("past the deposit limit");
    assert!(
        over.to_string().contains("7-day deposit limit reached"),
        "{over}"
    );

    let raise = operator
        .set_limit("dana", LimitKind::Deposit, Cents(10_000), "desk")
        .expect("a raise");
    let delay = jiff::SignedDuration::from_hours(48);
    assert!(
        raise >= now + delay - slack && raise <= now + delay + slack,
        "{raise}"
    );
    assert!(
        operator.deposit("dana", Cents(1_500), "desk").is_err(),
        "the raise waits its 48 hours"
    );
    let again = operator
        .set_limit("dana", LimitKind::Deposit, Cents(10_000), "desk")
        .expect("the same raise");
    assert_eq!(again, raise, "asked again, it keeps its date");
    let lowered = operator
        .set_limit("dana", LimitKind::Deposit, Cents(2_500), "desk")
        .expect("a lowering");
    assert!(lowered <= jiff::Timestamp::now(), "a lowering at once");
    assert_eq!(
        operator
            .deposit("dana", Cents(500), "desk")
            .expect("within the lowered limit"),
        Cents(2_500)
    );

    let refused = operator
        .withdraw("dana", Cents(2_501), "desk")
        .expect_err("not more than the balance");
    assert!(refused.to_string().contains("cannot pay out"), "{refused}");
    assert_eq!(
        operator
            .withdraw("dana", Cents(2_500), "desk")
            .expect("paid out"),
        Cents::ZERO
    );
    assert_eq!(
        operator.account("dana").expect("the account"),
        (Cents::ZERO, true)
    );

    let until = operator.exclude("dana", 30, "desk").expect("excluded");
    let shorter = operator.exclude("dana", 1, "desk").expect("asked again");
    assert_eq!(shorter, until, "an exclusion is never shortened");
    let excluded = operator
        .set_limit("dana", LimitKind::Deposit, Cents(10), "desk")
        .and_then(|_| operator.deposit("dana", Cents(5), "desk"))
        .expect_err("excluded");
    assert!(
        excluded.to_string().contains("excluded from play until"),
        "{excluded}"
    );

    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    for change in [
        "UPDATE guichet.protection SET until = now()",
        "DELETE FROM guichet.protection",
    ] {
        let refused = admin.batch_execute(change).expect_err(change);
        assert_eq!(
            refused.code().map(SqlState::code),
            Some("GU013"),
            "{refused}"
        );
    }
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

/// A limit out of range is refused in the desk's words, and a raise other
/// than the one waiting is a new request: its own 48 hours, from now.
#[test]
fn the_desk_refuses_limits_out_of_range_and_dates_each_raise() {
    let server = Server::start();
    let (mut operator, _, _) = set_up(&server, "desk_raises", 4);
    operator
        .set_limit("dana", LimitKind::Deposit, Cents(3_000), "desk")
        .expect("a first limit");
    let raise = operator
        .set_limit("dana", LimitKind::Deposit, Cents(10_000), "desk")
        .expect("a raise");
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    let other = operator
        .set_limit("dana", LimitKind::Deposit, Cents(12_000), "desk")
        .expect("another raise");
    assert!(other > raise, "{other} after {raise}");
    for out_of_range in [Cents::ZERO, Cents(-100), Cents(MAX_LIMIT.0 + 1)] {
        let refused = operator
            .set_limit("dana", LimitKind::Stake, out_of_range, "desk")
            .expect_err("out of range");
        assert!(
            refused.to_string().contains("a 7-day limit is between"),
            "{out_of_range}: {refused}"
        );
    }
}

#[test]
fn a_kiosk_sends_its_closings_and_the_network_keeps_them_and_refuses_another_under_a_number() {
    let server = Server::start();
    let (mut operator, _, kiosk_url) = set_up(&server, "closings", 11);
    let mut borne = kiosk(&mut operator, &kiosk_url, "borne-c");
    assert_eq!(borne.last_closing().expect("none yet"), 0);
    let signature = [7_u8; 64];
    assert!(
        borne
            .send_closing(1, "{\"counter\":1}", &signature)
            .expect("kept")
    );
    assert!(
        !borne
            .send_closing(1, "{\"counter\":1}", &signature)
            .expect("the same again"),
        "nothing new"
    );
    assert_eq!(borne.last_closing().expect("one"), 1);
    // The kiosk's file put back to an older copy closes its day again,
    // differently: refused.
    let refused = borne
        .send_closing(1, "{\"counter\":1,\"other\":true}", &signature)
        .expect_err("another closing 1");
    assert_eq!(
        refused.code(),
        Some(guichet_network::CLOSING_REFUSED),
        "{refused}"
    );
    let skipped = borne
        .send_closing(3, "{\"counter\":3}", &signature)
        .expect_err("closing 2 missing");
    assert_eq!(
        skipped.code(),
        Some(guichet_network::CLOSING_REFUSED),
        "{skipped}"
    );
    assert_eq!(
        operator.kiosk_closings("borne-c").expect("kept"),
        [(1, "{\"counter\":1}".to_owned(), signature.to_vec())]
    );
    // The kiosk role can neither change nor read the table itself.
    let mut raw = Client::connect(&kiosk_url, NoTls).expect("the kiosk role");
    for sql in [
        "UPDATE guichet.kiosk_closings SET body = '{}'",
        "DELETE FROM guichet.kiosk_closings",
        "SELECT * FROM guichet.kiosk_closings",
    ] {
        let error = raw.batch_execute(sql).expect_err("refused");
        assert_eq!(
            state(&error),
            Some(&SqlState::INSUFFICIENT_PRIVILEGE),
            "{sql}: {error}"
        );
    }
    // Another kiosk's secret sends nothing as this one.
    let mut other = kiosk(&mut operator, &kiosk_url, "borne-d");
    let refused = other.send_closing(1, "{}", &signature);
    assert!(refused.is_ok(), "its own first closing");
    let mut impostor = Kiosk::connect(&kiosk_url, "borne-c", "not its secret").expect("connects");
    let refused = impostor
        .send_closing(2, "{}", &signature)
        .expect_err("refused");
    assert_eq!(refused.code(), Some(guichet_network::KIOSK_REFUSED));
}
