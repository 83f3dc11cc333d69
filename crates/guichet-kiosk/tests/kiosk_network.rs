//! The kiosk window on a network (a real PostgreSQL server): the player's
//! units, money and protection in the network's database, the kiosk's own
//! PIN, settings and events in its file. A unit bought and revealed by taps is
//! the network's next unit, with the prize its block gives, credited there;
//! the kiosk's file holds no unit and no money; what only the desk does is
//! said, and nothing changes; random input changes none of it.

mod common;
#[allow(dead_code)] // The store's tests use all of it; this file, the server.
#[path = "../../guichet-network/tests/support/postgres.rs"]
mod postgres_server;

use common::monkey::{Dice, act};
use common::{
    balance, kiosk_configured, new_database, open_operator, play_at_table, settled, tile_label,
    unit_on_table,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::{Block, Seed};
use guichet_core::emission::Emission;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_kiosk::app::{Guichet, Mode, Page};
use guichet_kiosk::command::OperatorTab;
use guichet_kiosk::command::{
    Command, Navigation, OperatorCommand, PlayCommand, ProtectionCommand,
};
use guichet_kiosk::window::WINDOW_SIZE;
use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::{LimitKind, MAX_LIMIT};
use postgres_server::{Server, as_user};
use tempfile::TempDir;

/// The emission played: Black Jack, revealed with "Auto".
const EMISSION: &Emission = &BLACK_JACK;

/// The player, as the desk named them.
const PLAYER: &str = "card-0007";

/// A network's database on `server`, named `name`: block 0 of [`EMISSION`]
/// opened under `seed`, [`PLAYER`]'s account opened at the desk with `credit`,
/// and a kiosk added. Returns the operator, the superuser's URL and the
/// player's account at that kiosk.
fn network(
    server: &Server,
    name: &str,
    seed: &Seed,
    credit: Cents,
) -> (Operator, String, PlayerAccount) {
    let url = server.database(name);
    let mut operator = Operator::connect(&url).expect("the operator connects");
    let role = format!("kiosk_{name}");
    operator.install(&role, "pw").expect("installed");
    operator
        .open_block(EMISSION, 0, seed)
        .expect("block 0 opens");
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        operator
            .set_limit(PLAYER, kind, MAX_LIMIT, "desk")
            .expect("a limit");
    }
    operator.deposit(PLAYER, credit, "desk").expect("a deposit");
    let secret = operator.add_kiosk("borne-window").expect("the kiosk added");
    let kiosk = Kiosk::connect(&as_user(&url, &role, "pw"), "borne-window", &secret)
        .expect("the kiosk connects");
    (operator, url, PlayerAccount::new(kiosk, PLAYER))
}

/// The kiosk window over a new file of its own, headless, as `configure`
/// makes it (on a network).
fn window(
    configure: impl FnOnce(Guichet) -> Guichet + 'static,
) -> (TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let own = common::open(&path).expect("the kiosk's own file");
    (
        folder,
        kiosk_configured(Ok(own), WINDOW_SIZE.into(), configure),
    )
}

#[test]
fn a_kiosk_on_a_network_plays_the_players_account_there() {
    let server = Server::start();
    let seed = Seed::from_bytes([21; 32]);
    let credit = Cents::euros(10);
    let (mut operator, url, account) = network(&server, "kiosk_window", &seed, credit);
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    assert!(harness.state().on_network());
    assert_eq!(balance(&harness), credit, "the network's balance");
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    play_at_table(&mut harness, EMISSION);
    assert!(settled(&harness));
    let unit = unit_on_table(&harness).expect("the unit played");

    let block = Block::open(EMISSION, 0, &seed);
    assert_eq!((unit.block, unit.index), (0, 0), "the network's next unit");
    assert_eq!(unit.prize, block.prize_of_unit(0));
    let after = Cents(credit.0 - EMISSION.stake.0 + unit.prize.0);
    assert_eq!(balance(&harness), after);
    assert_eq!(
        operator.account(PLAYER).expect("the account"),
        (after, true)
    );
    let sales = operator.sales(EMISSION).expect("the sales");
    assert_eq!(sales.len(), 1);
    assert_eq!(sales[0].tier, block.tier_of_unit(0));
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());

    // The kiosk's own file holds no unit and no money.
    let own = harness.state().store().expect("the kiosk's file");
    assert_eq!(own.balance().expect("its balance"), Cents::ZERO);
    assert!(own.recent_units(10).expect("its units").is_empty());

    // The history is the network's.
    harness.state_mut().handle(Command::Go(Navigation::History));
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::History(_)));
    assert!(
        harness.query_by_label_contains("Black Jack").is_some(),
        "the unit played is listed"
    );

    // Money, limits and breaks are the desk's: said, nothing changed.
    harness
        .state_mut()
        .handle(Command::Protection(ProtectionCommand::Exclude(7)));
    harness.run_steps(2);
    let told = harness.state().notice().expect("a notice").text.clone();
    assert!(told.contains("guichet de l’opérateur"), "{told}");
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("connects");
    let exclusions: i64 = admin
        .query_one(
            "SELECT count(*) FROM guichet.protection WHERE kind = 'exclusion'",
            &[],
        )
        .expect("a count")
        .get(0);
    assert_eq!(exclusions, 0, "no exclusion recorded");
    harness
        .state_mut()
        .handle(Command::Play(PlayCommand::DemoCredit));
    assert_eq!(
        operator.account(PLAYER).expect("the account").0,
        after,
        "no demonstration credit on a network"
    );

    // The operator menu: the kiosk's own events, the network's units to
    // recall, and no money, meters or blocks of its file passed for the
    // network's.
    open_operator(&mut harness, "2468");
    for tab in [
        OperatorTab::Credits,
        OperatorTab::Meters,
        OperatorTab::Blocks,
    ] {
        harness
            .state_mut()
            .handle(Command::Operator(OperatorCommand::Tab(tab)));
        harness.run_steps(2);
        assert!(
            harness
                .query_by_label_contains("sont ceux du réseau")
                .is_some(),
            "{tab:?}: the network's, said"
        );
    }
    harness
        .state_mut()
        .handle(Command::Operator(OperatorCommand::Tab(OperatorTab::Recall)));
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("sont ceux du réseau")
            .is_none()
    );
    assert!(
        harness.query_by_label_contains("Black Jack").is_some(),
        "the unit played, to recall"
    );
}

#[test]
fn a_new_kiosk_on_a_network_asks_for_its_operator_pin_first() {
    let server = Server::start();
    let (_operator, _url, account) = network(
        &server,
        "kiosk_first_pin",
        &Seed::from_bytes([3; 32]),
        Cents::euros(5),
    );
    let (_folder, harness) = window(move |kiosk| {
        kiosk
            .with_mode(Mode {
                kiosk: true,
                demo: false,
            })
            .with_network(account)
    });
    assert!(
        matches!(harness.state().page(), Page::Pin(_)),
        "the PIN's keypad, before the network's lobby"
    );
}

#[test]
fn a_kiosk_the_network_does_not_know_stops_on_a_page_saying_so() {
    let server = Server::start();
    let (_operator, url, _account) = network(
        &server,
        "kiosk_unknown",
        &Seed::from_bytes([4; 32]),
        Cents::euros(5),
    );
    let kiosk = Kiosk::connect(
        &as_user(&url, "kiosk_kiosk_unknown", "pw"),
        "borne-window",
        "wrong",
    )
    .expect("the kiosk role logs in");
    let (_folder, mut harness) =
        window(move |kiosk_window| kiosk_window.with_network(PlayerAccount::new(kiosk, PLAYER)));
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::StoreProblem(_)));
    assert!(
        harness
            .query_by_label_contains("Le réseau ne reconnaît pas cette borne")
            .is_some()
    );
    harness
        .state_mut()
        .handle(Command::Go(Navigation::Game(EMISSION)));
    assert!(
        matches!(harness.state().page(), Page::StoreProblem(_)),
        "nothing to play"
    );
}

/// Random input on a network's kiosk: after every 25 events, the player's
/// ledger on the network explains their balance, the balance shown is the
/// network's, the kiosk has at most one unit unsettled; at the end the
/// operator's `verify` passes on all it sold.
#[test]
fn a_network_kiosk_survives_random_input() {
    const EVENTS: usize = 800;
    let server = Server::start();
    let (mut operator, url, account) = network(
        &server,
        "kiosk_monkey",
        &Seed::from_bytes([31; 32]),
        Cents::euros(40),
    );
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("connects");
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    for event in 0..EVENTS {
        act(&mut harness, &mut dice);
        if event % 25 != 24 {
            continue;
        }
        let (on_network, explained) = operator.account(PLAYER).expect("the account");
        assert!(explained, "event {event}: the ledger explains the balance");
        if let Some(shown) = harness.state().balance() {
            assert_eq!(shown, on_network, "event {event}: the balance shown");
        }
        let unsettled: i64 = admin
            .query_one(
                "SELECT count(*) FROM guichet.sales
                 WHERE kiosk = 'borne-window' AND settled_at IS NULL AND generator IS NOT NULL",
                &[],
            )
            .expect("a count")
            .get(0);
        assert!(unsettled <= 1, "event {event}: {unsettled} units unsettled");
    }
    let sold = operator.sales(EMISSION).expect("the sales").len();
    eprintln!("network monkey: {EVENTS} events, {sold} unit(s) sold");
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

/// A window on a network whose own file made closing 1 (on demand): the
/// operator, the file's closing, the window.
fn window_with_a_closing(
    server: &Server,
    name: &str,
    before: impl FnOnce(&mut PlayerAccount),
) -> (
    Operator,
    guichet_sqlite::Closing,
    TempDir,
    Harness<'static, Guichet>,
) {
    let (operator, _url, mut account) =
        network(server, name, &Seed::from_bytes([23; 32]), Cents::euros(10));
    before(&mut account);
    let (folder, path) = new_database();
    let mut own = common::open(&path).expect("the kiosk's own file");
    let closing = own.close_now().expect("a closing");
    let harness = kiosk_configured(Ok(own), WINDOW_SIZE.into(), move |kiosk| {
        kiosk.with_network(account)
    });
    (operator, closing, folder, harness)
}

#[test]
fn a_kiosk_on_a_network_sends_its_closings_there() {
    let server = Server::start();
    let (mut operator, closing, _folder, mut harness) =
        window_with_a_closing(&server, "kiosk_closings", |_| {});
    harness.run_steps(2);
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    assert_eq!(
        operator.kiosk_closings("borne-window").expect("kept"),
        [(1, closing.body.clone(), closing.signature.clone())]
    );
    assert!(harness.state().notice().is_none(), "nothing to say");
}

#[test]
fn a_closing_the_network_holds_otherwise_is_said_on_the_screen() {
    let server = Server::start();
    let (_operator, _closing, _folder, mut harness) =
        window_with_a_closing(&server, "kiosk_other_closing", |account| {
            // Another closing 1, as a file of this kiosk put back to an
            // older copy would have sent before.
            account
                .send_closing(1, "{\"counter\":1,\"other\":true}", &[7; 64])
                .expect("sent");
        });
    harness.run_steps(2);
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    harness.get_by_label_contains("Le réseau refuse la clôture n° 1");
}
