//! The store on PostgreSQL: a real server (`scripts/pg-scratch.sh` starts one
//! for each test, or `GUICHET_TEST_POSTGRES` names a superuser's URL to share),
//! a kiosk role that can read no secret, and kiosks buying at once.

mod support;

use guichet_core::block::{Block, Seed};
use guichet_core::emission::{Emission, STAR_FORTUNE_50};
use guichet_core::money::Cents;
use guichet_store::network::{Kiosk, NetworkError, Operator, Session};
use guichet_store::{PointOfSale, StoreError, Unit};
use postgres::error::SqlState;
use postgres::{Client, NoTls};
use support::postgres::{Server, as_user};

/// A seed of the test's choosing.
fn seed(byte: u8) -> Seed {
    Seed::from_bytes([byte; 32])
}

/// Database `name` on `server`, set up with the kiosk role `kiosk_<name>`
/// (password `pw`) and block 0 of Star Fortune 50 opened under `seed(byte)`:
/// the operator, the superuser's URL and the kiosk role's.
fn set_up(server: &Server, name: &str, byte: u8) -> (Operator, String, String) {
    let url = server.database(name);
    let mut operator = Operator::connect(&url).expect("the operator connects");
    let role = format!("kiosk_{name}");
    operator.install(&role, "pw").expect("installed");
    operator
        .open_block(EMISSION, 0, &seed(byte))
        .expect("block 0 opens");
    let kiosk_url = as_user(&url, &role, "pw");
    (operator, url, kiosk_url)
}

/// The emission the tests sell: 850 000 units to a block.
const EMISSION: &Emission = &STAR_FORTUNE_50;

/// The SQLSTATE of a failed statement.
fn state(error: &postgres::Error) -> Option<&SqlState> {
    error.code()
}

#[test]
fn the_kiosk_role_can_read_no_seed_and_no_unsold_unit() {
    let server = Server::start();
    let (_operator, _, kiosk_url) = set_up(&server, "secrets", 7);
    let mut raw = Client::connect(&kiosk_url, NoTls).expect("the kiosk role logs in");
    for forbidden in [
        "SELECT seed FROM guichet.block_seeds",
        "SELECT tiers FROM guichet.block_tiers",
        "SELECT * FROM guichet.blocks",
        "SELECT * FROM guichet.sales",
        "UPDATE guichet.blocks SET sold = 0",
        "INSERT INTO guichet.sales (block_id, unit_index, kiosk) VALUES (1, 5, 'me')",
        "SELECT * FROM guichet.players",
        "SELECT * FROM guichet.ledger",
        "SELECT * FROM guichet.reveal_steps",
        "SELECT * FROM guichet.prizes",
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
    let granted: Vec<String> = raw
        .query(
            "SELECT routine_name::text FROM information_schema.role_routine_grants
             WHERE grantee = current_user AND routine_schema = 'guichet' ORDER BY 1",
            &[],
        )
        .expect("grants are readable")
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(
        granted,
        ["balance", "buy", "kiosk_units", "reveal", "sell", "settle"],
        "only the kiosks' functions"
    );

    let mut kiosk = Kiosk::connect(&kiosk_url, "borne-1").expect("the kiosk connects");
    let public = kiosk.public_blocks(EMISSION).expect("public blocks");
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].seed, None, "an open block's seed stays secret");
    let block = Block::open(EMISSION, 0, &seed(7));
    assert_eq!(public[0].commitment, block.commitment().0);
    assert_eq!(public[0].size, EMISSION.block_size);

    let sale = kiosk.sell(EMISSION).expect("a unit");
    assert_eq!((sale.block, sale.index), (0, 0));
    assert_eq!(sale.tier, block.tier_of_unit(0));
    assert_eq!(kiosk.public_blocks(EMISSION).expect("public")[0].sold, 1);
}

#[test]
fn kiosks_buying_at_once_get_each_unit_once_in_the_block_order() {
    const KIOSKS: u32 = 8;
    const EACH: u32 = 40;
    let server = Server::start();
    let (_operator, _, kiosk_url) = set_up(&server, "at_once", 3);

    let sales: Vec<_> = std::thread::scope(|scope| {
        let buyers: Vec<_> = (0..KIOSKS)
            .map(|number| {
                let kiosk_url = &kiosk_url;
                scope.spawn(move || {
                    let mut kiosk =
                        Kiosk::connect(kiosk_url, &format!("borne-{number}")).expect("connects");
                    (0..EACH)
                        .map(|_| kiosk.sell(EMISSION).expect("a unit"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        buyers
            .into_iter()
            .flat_map(|buyer| buyer.join().expect("a buyer"))
            .collect()
    });

    let block = Block::open(EMISSION, 0, &seed(3));
    let mut indices: Vec<u32> = sales.iter().map(|sale| sale.index).collect();
    indices.sort_unstable();
    assert_eq!(
        indices,
        (0..KIOSKS * EACH).collect::<Vec<_>>(),
        "no gap, no repeat"
    );
    for sale in &sales {
        assert_eq!(sale.block, 0);
        assert_eq!(
            sale.tier,
            block.tier_of_unit(sale.index),
            "unit {}",
            sale.index
        );
    }
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
    // Block 0 as if sold but for its last three units.
    let size = EMISSION.block_size;
    let mut admin = Client::connect(&url, NoTls).expect("the superuser connects");
    admin
        .execute(
            "UPDATE guichet.blocks SET sold = $1 WHERE number = 0",
            &[&i32::try_from(size - 3).expect("a block size")],
        )
        .expect("fast-forwarded");

    let mut kiosk = Kiosk::connect(&kiosk_url, "borne").expect("connects");
    let sold: Vec<(u32, u32)> = (0..5)
        .map(|_| {
            kiosk
                .sell(EMISSION)
                .map(|sale| (sale.block, sale.index))
                .expect("a unit")
        })
        .collect();
    assert_eq!(
        sold,
        [(0, size - 3), (0, size - 2), (0, size - 1), (1, 0), (1, 1)]
    );
    let public = kiosk.public_blocks(EMISSION).expect("public");
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
        .execute(
            "UPDATE guichet.blocks SET sold = size, closed_at = now() WHERE number = 1",
            &[],
        )
        .expect("sold out");
    let refused = kiosk.sell(EMISSION).expect_err("no open block");
    assert!(refused.to_string().contains("no open block"), "{refused}");
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

    let outcomes: Vec<Result<Unit, StoreError>> = std::thread::scope(|scope| {
        let kiosks: Vec<_> = (0..KIOSKS)
            .map(|number| {
                let kiosk_url = &kiosk_url;
                scope.spawn(move || {
                    let mut client = Client::connect(kiosk_url, NoTls).expect("connects");
                    // Each try at a kiosk of its own: a kiosk plays one unit
                    // at a time, and these are left unsettled.
                    let mut outcomes = Vec::with_capacity(TRIES);
                    for attempt in 0..TRIES {
                        let kiosk =
                            Kiosk::with_client(client, &format!("borne-{number}-{attempt}"));
                        let mut session = Session::new(kiosk, "alice");
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
