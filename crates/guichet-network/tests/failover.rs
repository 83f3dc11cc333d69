//! A network through its primary's failure: a primary and its synchronous
//! standby (`scripts/pg-pair.sh`), kiosks reaching whichever takes writes
//! through one multi-host URL (`target_session_attrs=read-write`). A sale
//! committed on the primary is on the standby before the kiosk hears of it;
//! once the primary is killed (`pg_ctl -m immediate`) and the standby
//! promoted, the kiosk's seat connects again by itself through the same URL,
//! the player's session goes on, the next unit sells after the last, and
//! `verify` passes.

#[path = "support/network.rs"]
mod network;
#[path = "support/pair.rs"]
mod pair;
#[path = "support/postgres.rs"]
mod postgres_server;

use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::PointOfSale as _;
use network::{EMISSION, open_account, seed};
use pair::Pair;
use postgres::{Client, NoTls};

/// Sales and stakes in the database behind `client`.
fn sales_and_stakes(client: &mut Client) -> (i64, i64) {
    let row = client
        .query_one(
            "SELECT (SELECT count(*) FROM guichet.sales),
                    (SELECT count(*) FROM guichet.ledger WHERE kind = 'stake')",
            &[],
        )
        .expect("the sales");
    (row.get(0), row.get(1))
}

#[test]
fn a_sale_committed_survives_the_primary_and_the_next_sells_on_the_standby() {
    let pair = Pair::start();
    let mut primary = Client::connect(&pair.superuser("postgres"), NoTls).expect("the primary");
    primary
        .batch_execute("CREATE DATABASE failover")
        .expect("a database");
    let sync: String = primary
        .query_one("SELECT sync_state FROM pg_stat_replication", &[])
        .expect("its standby")
        .get(0);
    assert_eq!(sync, "sync", "a commit waits for the standby");
    let operator_url = pair.superuser("failover");
    let mut operator = Operator::connect(&operator_url).expect("the operator connects");
    operator.install("kiosk_failover", "pw").expect("installed");
    operator
        .open_block(EMISSION, 0, &seed(9))
        .expect("block 0 opens");
    let secret = operator.add_kiosk("borne-1").expect("a kiosk");
    open_account(&mut operator, "ada");
    operator
        .deposit(
            "ada",
            EMISSION.stake.checked_mul(2).expect("two stakes"),
            "desk",
        )
        .expect("a deposit");
    let kiosk_url = pair.url_of("failover", "kiosk_failover", "pw");
    let mut seat = PlayerAccount::new(
        Kiosk::connect(&kiosk_url, "borne-1", &secret).expect("the kiosk connects"),
    );
    seat.sign_in("ada", network::PIN).expect("signed in");

    let first = seat.buy(EMISSION).expect("a unit");
    // Committed on the primary: applied on the standby before the answer.
    assert_eq!(sales_and_stakes(&mut pair.standby("failover")), (1, 1));
    seat.finish(first.id).expect("settled");

    pair.fail();
    // The old connection died with the primary: the call says so, the
    // connection lost, to be made again.
    let lost = seat.balance().expect_err("the primary is gone");
    assert!(guichet_network::connection_lost(&lost), "{lost}");
    // The seat makes it again by itself through the same URL, which reaches
    // the promoted standby.
    let second = seat
        .buy(EMISSION)
        .expect("the next unit, on the new primary");
    assert_eq!(
        (second.block, second.index),
        (0, first.index + 1),
        "nothing lost, nothing sold twice"
    );
    seat.finish(second.id).expect("settled");
    // Two stakes deposited, two paid, each prize credited once.
    assert_eq!(
        seat.balance().expect("the balance").0,
        first.prize.0 + second.prize.0
    );

    let mut operator = Operator::connect(&operator_url).expect("the operator reconnects");
    let problems = operator.verify().expect("verify runs");
    assert!(problems.is_empty(), "{problems:#?}");
    let mut admin = Client::connect(&operator_url, NoTls).expect("the new primary");
    assert_eq!(sales_and_stakes(&mut admin), (2, 2));
}
