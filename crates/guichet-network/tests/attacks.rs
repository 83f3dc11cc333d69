//! A hostile kiosk: the kiosk role's login, one kiosk's secret and the
//! functions granted, driven by hand as psql would — transactions rolled
//! back, savepoints, `DO` blocks catching errors, a second connection. It
//! never learns a unit's prize before the unit is paid for good, never learns
//! whether a PIN is right before the guess is counted for good, and reaches
//! no player's account without that player's session.

#[path = "support/network.rs"]
mod network;
#[path = "support/postgres.rs"]
mod postgres_server;

use guichet_core::block::Block;
use guichet_core::money::Cents;
use guichet_network::Operator;
use network::{EMISSION, PIN, open_account, seed, set_up};
use postgres::{Client, NoTls};
use postgres_server::Server;

/// A hostile kiosk: the kiosk role's raw connection, the kiosk's name and
/// secret.
struct Hostile {
    raw: Client,
    name: String,
    secret: String,
}

impl Hostile {
    /// Kiosk `name`, added by `operator`, connected by hand.
    fn new(operator: &mut Operator, kiosk_url: &str, name: &str) -> Self {
        Self {
            raw: Client::connect(kiosk_url, NoTls).expect("the kiosk role logs in"),
            name: name.to_owned(),
            secret: operator.add_kiosk(name).expect("added"),
        }
    }

    /// Another connection of the same kiosk.
    fn second(&self, kiosk_url: &str) -> Self {
        Self {
            raw: Client::connect(kiosk_url, NoTls).expect("the kiosk role logs in"),
            name: self.name.clone(),
            secret: self.secret.clone(),
        }
    }

    /// `sql` with `$k` and `$s` for the kiosk's name and secret, written as
    /// literals (as a `DO` block must have them).
    fn fill(&self, sql: &str) -> String {
        sql.replace("$k", &format!("'{}'", self.name))
            .replace("$s", &format!("'{}'", self.secret))
    }

    /// Signs `card` in with `pin`, as the kiosk's own code does: the token.
    fn sign_in(&mut self, card: &str, pin: &str) -> String {
        let attempt: i64 = self
            .raw
            .query_one(
                "SELECT guichet.try_pin($1, $2, $3, $4)",
                &[&self.name, &self.secret, &card, &pin],
            )
            .expect("a guess")
            .get(0);
        self.raw
            .query_one(
                "SELECT token FROM guichet.sign_in($1, $2, $3)",
                &[&self.name, &self.secret, &attempt],
            )
            .expect("told")
            .get::<_, Option<String>>(0)
            .expect("the right PIN")
    }

    /// The prize of unit `sale`, as the kiosk is told it with session `token`
    /// once its purchase is final.
    fn prize(&mut self, token: &str, sale: i64) -> i64 {
        let sql = self.fill(&format!(
            "SELECT prize_cents FROM guichet.units($k, $s, '{token}', {sale})"
        ));
        self.raw
            .query_one(&sql, &[])
            .expect("told once final")
            .get(0)
    }

    /// Guesses the victim's PIN: the attempt's number.
    fn guess(&mut self, pin: &str) -> i64 {
        let sql = self.fill(&format!(
            "SELECT guichet.try_pin($k, $s, '{CARD}', '{pin}')"
        ));
        self.raw.query_one(&sql, &[]).expect("a guess").get(0)
    }

    /// The SQLSTATE `sql` fails with.
    fn refusal(&mut self, sql: &str) -> String {
        let error = self.raw.batch_execute(&self.fill(sql)).expect_err(sql);
        error
            .code()
            .map(|code| code.code().to_owned())
            .unwrap_or_default()
    }
}

/// A player, their money, and a hostile kiosk they signed in at.
struct Scene {
    /// The server, kept running.
    _server: Server,
    operator: Operator,
    hostile: Hostile,
    /// The player's session at the hostile kiosk.
    token: String,
    /// The superuser's URL.
    url: String,
    /// The kiosk role's URL.
    kiosk_url: String,
}

/// Database `name` with player `card-0042` given `money` and their PIN, signed
/// in at a hostile kiosk.
fn victim(name: &str, money: Cents) -> Scene {
    let server = Server::start();
    let (mut operator, url, kiosk_url) = set_up(&server, name, 21);
    open_account(&mut operator, CARD);
    operator.deposit(CARD, money, "desk").expect("a deposit");
    let mut hostile = Hostile::new(&mut operator, &kiosk_url, "borne-h");
    let token = hostile.sign_in(CARD, PIN);
    Scene {
        _server: server,
        operator,
        hostile,
        token,
        url,
        kiosk_url,
    }
}

/// The victim's card.
const CARD: &str = "card-0042";

/// What `buy` returns: the sale and where the unit is, never its prize.
const BUY_COLUMNS: [&str; 5] = [
    "sale_id",
    "block_number",
    "unit_index",
    "balance_cents",
    "sold_at",
];

#[test]
fn a_purchase_tells_nothing_of_its_prize_until_it_is_committed() {
    let Scene {
        mut operator,
        mut hostile,
        token,
        _server,
        ..
    } = victim("no_prize_inside", Cents(1_000));
    let buy = hostile.fill(&format!(
        "SELECT * FROM guichet.buy($k, $s, '{token}', 'star-fortune@50', 2)"
    ));
    hostile.raw.batch_execute("BEGIN").expect("begins");
    let bought = hostile.raw.query_one(&buy, &[]).expect("bought");
    let columns: Vec<&str> = bought
        .columns()
        .iter()
        .map(postgres::Column::name)
        .collect();
    assert_eq!(columns, BUY_COLUMNS, "nothing that depends on the prize");
    let sale: i64 = bought.get(0);
    // Each way to the prize inside the purchase's transaction is refused,
    // each in a savepoint so that the purchase stays in progress.
    for asked in [
        format!("SELECT * FROM guichet.units($k, $s, '{token}', {sale})"),
        format!("SELECT * FROM guichet.units($k, $s, '{token}', NULL)"),
        format!("SELECT * FROM guichet.player_units($k, $s, '{token}', 10)"),
        format!("SELECT * FROM guichet.settle($k, $s, '{token}', {sale})"),
        format!("SELECT guichet.reveal($k, $s, '{token}', {sale}, 0, ARRAY['{{}}'])"),
    ] {
        hostile
            .raw
            .batch_execute("SAVEPOINT ask")
            .expect("a savepoint");
        assert_eq!(hostile.refusal(&asked), "GU017", "{asked}");
        hostile
            .raw
            .batch_execute("ROLLBACK TO SAVEPOINT ask")
            .expect("back to the savepoint");
    }
    hostile.raw.batch_execute("ROLLBACK").expect("rolled back");
    assert_eq!(
        operator.account(CARD).expect("the account"),
        (Cents(1_000), true),
        "rolled back: nothing paid"
    );
    assert!(
        operator.sales(EMISSION).expect("the sales").is_empty(),
        "nothing sold"
    );

    // Committed, the same purchase is paid for good, and then told.
    let bought = hostile.raw.query_one(&buy, &[]).expect("bought");
    let sale: i64 = bought.get(0);
    let prize = hostile.prize(&token, sale);
    let block = Block::open(EMISSION, 0, &seed(21));
    assert_eq!(Cents(prize), block.prize_of_unit(0));
    assert_eq!(
        operator.account(CARD).expect("the account"),
        (Cents(1_000 - EMISSION.stake.0), true)
    );
}

/// The attack that won 2 000 € against version 4: in a `DO` block, buy and
/// look at the prize in a subtransaction, roll back the losers, keep the
/// winners. Now every look is refused, so the block learns nothing — and
/// whatever it keeps is paid.
#[test]
fn a_do_block_rolling_back_losers_learns_no_prize_and_every_unit_kept_is_paid() {
    let Scene {
        mut operator,
        mut hostile,
        token,
        _server,
        ..
    } = victim("do_block", Cents(2_000));
    let attack = hostile.fill(&format!(
        "DO $$
         DECLARE
             sale bigint;
             prize bigint;
             learned integer := 0;
             kept integer := 0;
             refused integer := 0;
         BEGIN
             FOR i IN 1..20 LOOP
                 BEGIN
                     SELECT sale_id INTO sale
                     FROM guichet.buy($k, $s, '{token}', 'star-fortune@50', 2);
                     SELECT prize_cents INTO prize
                     FROM guichet.units($k, $s, '{token}', sale);
                     learned := learned + 1;
                     IF prize = 0 THEN
                         RAISE EXCEPTION 'a loser: roll it back';
                     END IF;
                     kept := kept + 1;
                 EXCEPTION WHEN OTHERS THEN
                     IF SQLSTATE = 'GU017' THEN
                         refused := refused + 1;
                     END IF;
                 END;
             END LOOP;
             INSERT INTO outcome VALUES (learned, kept, refused);
         END
         $$"
    ));
    hostile
        .raw
        .batch_execute(
            "CREATE TEMPORARY TABLE outcome (learned integer, kept integer, refused integer)",
        )
        .expect("a table of its own");
    hostile.raw.batch_execute(&attack).expect("the block runs");
    let outcome = hostile
        .raw
        .query_one("SELECT learned, kept, refused FROM outcome", &[])
        .expect("its outcome");
    assert_eq!(
        (
            outcome.get::<_, i32>(0),
            outcome.get::<_, i32>(1),
            outcome.get::<_, i32>(2)
        ),
        (0, 0, 20),
        "each of the 20 units bought, refused its prize: none learned, none kept"
    );
    assert_eq!(
        operator.account(CARD).expect("the account"),
        (Cents(2_000), true)
    );
    assert!(operator.sales(EMISSION).expect("the sales").is_empty());
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

/// A second connection of the same kiosk, with the same session, sees no
/// purchase of the first before it commits: not in its units, not in the
/// history, not by its id — and cannot buy past it meanwhile.
#[test]
fn a_second_connection_learns_nothing_of_a_purchase_in_progress() {
    let Scene {
        mut operator,
        mut hostile,
        token,
        kiosk_url,
        _server,
        ..
    } = victim("two_connections", Cents(1_000));
    let mut other = hostile.second(&kiosk_url);
    hostile.raw.batch_execute("BEGIN").expect("begins");
    let sale: i64 = hostile
        .raw
        .query_one(
            &hostile.fill(&format!(
                "SELECT sale_id FROM guichet.buy($k, $s, '{token}', 'star-fortune@50', 2)"
            )),
            &[],
        )
        .expect("bought")
        .get(0);
    for asked in [
        format!("SELECT count(*) FROM guichet.units($k, $s, '{token}', {sale})"),
        format!("SELECT count(*) FROM guichet.units($k, $s, '{token}', NULL)"),
        format!("SELECT count(*) FROM guichet.player_units($k, $s, '{token}', 10)"),
    ] {
        let seen: i64 = other
            .raw
            .query_one(&other.fill(&asked), &[])
            .expect(&asked)
            .get(0);
        assert_eq!(seen, 0, "{asked}");
    }
    other
        .raw
        .batch_execute("SET statement_timeout = '300ms'")
        .expect("a timeout");
    assert_eq!(
        other.refusal(&format!(
            "SELECT * FROM guichet.buy($k, $s, '{token}', 'star-fortune@50', 2)"
        )),
        "57014",
        "the second purchase waits for the first"
    );
    hostile.raw.batch_execute("COMMIT").expect("committed");
    let prize = other.prize(&token, sale);
    assert_eq!(
        Cents(prize),
        Block::open(EMISSION, 0, &seed(21)).prize_of_unit(0)
    );
    assert_eq!(
        operator.account(CARD).expect("the account").0,
        Cents(1_000 - EMISSION.stake.0)
    );
}

/// Guessing a PIN inside a transaction and rolling the count back: the
/// outcome of a guess is told only once the guess is committed, so every
/// guess that teaches anything is counted.
#[test]
fn a_pin_is_told_right_or_wrong_only_once_the_guess_is_counted() {
    let Scene {
        mut hostile,
        _server,
        ..
    } = victim("pin_guesses", Cents(1_000));
    // Inside one transaction, a hundred guesses, the right one among them:
    // not one is told.
    hostile.raw.batch_execute("BEGIN").expect("begins");
    for number in 4_800..4_900 {
        let attempt = hostile.guess(&number.to_string());
        hostile
            .raw
            .batch_execute("SAVEPOINT ask")
            .expect("a savepoint");
        assert_eq!(
            hostile.refusal(&format!("SELECT * FROM guichet.sign_in($k, $s, {attempt})")),
            "GU017"
        );
        hostile
            .raw
            .batch_execute("ROLLBACK TO SAVEPOINT ask")
            .expect("back");
    }
    hostile.raw.batch_execute("ROLLBACK").expect("rolled back");
    // The same in a DO block that catches the refusal.
    let learned = hostile.fill(
        "DO $$
         DECLARE
             attempt bigint;
             answer record;
             told integer := 0;
             refused integer := 0;
         BEGIN
             FOR pin IN 4800..4899 LOOP
                 BEGIN
                     attempt := guichet.try_pin($k, $s, 'card-0042', pin::text);
                     SELECT * INTO answer FROM guichet.sign_in($k, $s, attempt);
                     told := told + 1;
                 EXCEPTION WHEN OTHERS THEN
                     IF SQLSTATE = 'GU017' THEN
                         refused := refused + 1;
                     END IF;
                 END;
             END LOOP;
             RAISE EXCEPTION 'told %, refused %', told, refused;
         END
         $$",
    );
    let error = hostile.raw.batch_execute(&learned).expect_err("the block");
    assert!(
        error
            .as_db_error()
            .is_some_and(|db| db.message() == "told 0, refused 100"),
        "{error:?}"
    );
}

/// Committed guesses are counted: four wrong, then the right one signs in
/// and clears the count; five wrong lock the card, the right PIN too; every
/// guess is kept.
#[test]
fn committed_guesses_are_counted_and_five_wrong_lock_the_card() {
    let Scene {
        mut hostile,
        url,
        _server,
        ..
    } = victim("pin_counted", Cents(1_000));
    let told =
        |hostile: &mut Hostile, pin: &str| -> (Option<String>, Option<String>, Option<i32>) {
            let attempt = hostile.guess(pin);
            let row = hostile
                .raw
                .query_one(
                    &hostile.fill(&format!(
                        "SELECT token, refusal, tries_left FROM guichet.sign_in($k, $s, {attempt})"
                    )),
                    &[],
                )
                .expect("told");
            (row.get(0), row.get(1), row.get(2))
        };
    for left in (1..=4).rev() {
        assert_eq!(
            told(&mut hostile, "0000"),
            (None, Some("wrong".to_owned()), Some(left))
        );
    }
    assert!(
        told(&mut hostile, PIN).0.is_some(),
        "the right PIN signs in"
    );
    for left in (0..=4).rev() {
        let (token, refusal, tries_left) = told(&mut hostile, "0000");
        assert_eq!(
            (token, refusal, tries_left),
            (None, Some("wrong".to_owned()), Some(left))
        );
    }
    assert_eq!(
        told(&mut hostile, PIN),
        (None, Some("locked".to_owned()), Some(0)),
        "locked: the right PIN is refused too"
    );
    let (locked_attempts, right_ones): (i64, i64) = {
        let row = Client::connect(&url, NoTls)
            .expect("the superuser connects")
            .query_one(
                "SELECT count(*) FILTER (WHERE outcome = 'locked'),
                        count(*) FILTER (WHERE outcome = 'right')
                 FROM guichet.pin_attempts",
                &[],
            )
            .expect("the attempts");
        (row.get(0), row.get(1))
    };
    // The sign-in that opened the scene, and the one above.
    assert_eq!(
        (locked_attempts, right_ones),
        (1, 2),
        "every committed guess is kept"
    );
}

/// No player's balance, net, history, limits or units is readable, and no
/// purchase possible, without that player's session at this kiosk: no
/// token, a made-up one, another kiosk's, one signed out, one unused for 30
/// minutes. The function that answered any card's balance is gone.
#[test]
fn nothing_of_a_player_is_reachable_without_their_session() {
    let Scene {
        mut operator,
        mut hostile,
        token,
        url,
        kiosk_url,
        _server,
        ..
    } = victim("sessions", Cents(1_000));
    assert_eq!(
        hostile.refusal("SELECT guichet.balance('card-0042')"),
        "42883",
        "balance(text) is gone"
    );
    let mut elsewhere = Hostile::new(&mut operator, &kiosk_url, "borne-e");
    let token_elsewhere = elsewhere.sign_in(CARD, PIN);
    let signed_out = hostile.sign_in(CARD, PIN);
    hostile
        .raw
        .batch_execute(&hostile.fill(&format!("SELECT guichet.sign_out($k, $s, '{signed_out}')")))
        .expect("signed out");
    let idle = hostile.sign_in(CARD, PIN);
    Client::connect(&url, NoTls)
        .expect("the superuser connects")
        .execute(
            "UPDATE guichet.sessions SET seen_at = now() - interval '31 minutes'
             WHERE token_sha256 = sha256(convert_to($1, 'UTF8'))",
            &[&idle],
        )
        .expect("aged");
    let calls = [
        "SELECT guichet.player_balance($k, $s, TOKEN)",
        "SELECT * FROM guichet.player_net($k, $s, TOKEN, 0)",
        "SELECT * FROM guichet.player_protection($k, $s, TOKEN)",
        "SELECT * FROM guichet.player_units($k, $s, TOKEN, 10)",
        "SELECT * FROM guichet.units($k, $s, TOKEN, NULL)",
        "SELECT * FROM guichet.buy($k, $s, TOKEN, 'star-fortune@50', 2)",
        "SELECT * FROM guichet.settle($k, $s, TOKEN, 1)",
        "SELECT guichet.reveal($k, $s, TOKEN, 1, 0, ARRAY['{}'])",
    ];
    for bad in [
        "NULL".to_owned(),
        "''".to_owned(),
        format!("'{}'", "0".repeat(64)),
        format!("'{token_elsewhere}'"),
        format!("'{signed_out}'"),
        format!("'{idle}'"),
        format!("'{token}'"),
    ] {
        for call in calls {
            assert_eq!(
                hostile.refusal(&call.replace("TOKEN", &bad)),
                "GU016",
                "{call} with {bad}"
            );
        }
    }
    // The live session, given with another kiosk's name or a wrong secret.
    let live = hostile.sign_in(CARD, PIN);
    for (kiosk, secret) in [
        ("'borne-e'".to_owned(), format!("'{}'", hostile.secret)),
        ("'borne-h'".to_owned(), format!("'{}'", elsewhere.secret)),
        ("'borne-h'".to_owned(), "''".to_owned()),
    ] {
        for call in calls {
            let call = call
                .replace("TOKEN", &format!("'{live}'"))
                .replace("$k", &kiosk)
                .replace("$s", &secret);
            assert_eq!(hostile.refusal(&call), "GU014", "{call}");
        }
    }
    assert_eq!(
        operator.account(CARD).expect("the account"),
        (Cents(1_000), true),
        "nothing charged"
    );
}
