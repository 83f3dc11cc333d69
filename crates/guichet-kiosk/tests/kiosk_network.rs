//! The kiosk window on a network (a real PostgreSQL server): the player's
//! units, money and protection in the network's database, the kiosk's own
//! PIN, settings and events in its file. A unit bought and revealed by taps is
//! the network's next unit, with the prize its block gives, credited there;
//! the kiosk's file holds no unit and no money; what only the desk does is
//! said, and nothing changes; random input changes none of it.

mod common;
#[path = "../../guichet-network/tests/support/postgres.rs"]
mod postgres_server;

use common::monkey::{Dice, act};
use common::{
    KIOSK_SIZES, balance, kiosk_configured, layout_problems, new_database, open_operator,
    play_at_table, play_label, run_until, settled, tile_label, unit_on_table,
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
    Command, Navigation, OperatorCommand, PlayCommand, PlayerCommand, ProtectionCommand,
};
use guichet_kiosk::ui::view::Seat;
use guichet_kiosk::window::WINDOW_SIZE;
use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::{LimitKind, MAX_LIMIT};
use postgres_server::{Server, as_user};
use tempfile::TempDir;

/// The emission played: Black Jack, revealed with "Auto".
const EMISSION: &Emission = &BLACK_JACK;

/// The player's card, as the desk issued it.
const PLAYER: &str = "70007";

/// The PIN the desk gave them.
const PIN: &str = "2580";

/// A network's database on `server`, named `name`: block 0 of [`EMISSION`]
/// opened under `seed`, [`PLAYER`]'s account opened at the desk with `credit`,
/// and their PIN set, and a kiosk added. Returns the operator, the
/// superuser's URL and the kiosk's seat (nobody signed in).
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
    operator.set_pin(PLAYER, PIN).expect("a PIN");
    let secret = operator.add_kiosk("borne-window").expect("the kiosk added");
    let kiosk = Kiosk::connect(&as_user(&url, &role, "pw"), "borne-window", &secret)
        .expect("the kiosk connects");
    (operator, url, PlayerAccount::new(kiosk))
}

/// Taps `keys` on the keypad, one by one.
fn tap(harness: &mut Harness<'static, Guichet>, keys: &str) {
    for key in keys.chars() {
        harness.get_by_label(&key.to_string()).click();
        harness.run_steps(1);
    }
}

/// Signs [`PLAYER`] in with `pin` as a player does: "Se connecter", the
/// card's number on the keypad, "Suivant", the PIN, "Valider".
fn sign_in_by_taps(harness: &mut Harness<'static, Guichet>, pin: &str) {
    harness.get_by_label("Se connecter").click();
    harness.run_steps(2);
    tap(harness, PLAYER);
    harness.get_by_label("Suivant").click();
    harness.run_steps(1);
    tap(harness, pin);
    harness.get_by_label("Valider").click();
    harness.run_steps(2);
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

/// The history a network kiosk shows is the network's, and a unit's check
/// there is against the network's published block, which still sells.
fn history_is_the_networks(harness: &mut Harness<'static, Guichet>, unit: i64) {
    harness.state_mut().handle(Command::Go(Navigation::History));
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::History(_)));
    assert!(
        harness.query_by_label_contains("Black Jack").is_some(),
        "the unit played is listed"
    );
    // Its check is against the network's published block, which still sells.
    harness
        .state_mut()
        .handle(Command::Go(Navigation::CheckUnit(unit)));
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::CheckUnit(_)));
    harness.get_by_label_contains("Vérifiable à la clôture de son bloc");
    harness.get_by_label("La graine de ce bloc sera publiée à sa clôture.");
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
    // Nobody signed in: no balance, and a game's tile asks for a sign-in.
    assert_eq!(harness.state().balance(), None);
    assert!(harness.query_by_label_contains("Solde").is_none());
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::SignIn(_)));
    harness.get_by_label("‹ Accueil").click();
    harness.run_steps(2);
    sign_in_by_taps(&mut harness, PIN);
    assert!(matches!(harness.state().page(), Page::Lobby(_)));
    assert_eq!(balance(&harness), credit, "the network's balance");
    harness.get_by_label(&format!("Carte {PLAYER}"));
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
    assert_eq!(own.ledger_length().expect("its ledger"), 0);
    assert!(own.all_units().expect("its units").is_empty());

    history_is_the_networks(&mut harness, unit.id);

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
        .handle(Command::Play(PlayCommand::TrialCredit));
    assert_eq!(
        operator.account(PLAYER).expect("the account").0,
        after,
        "no play money on a player's account"
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

/// The server killed in the middle of a unit: the window says « Le réseau ne
/// répond pas, nouvel essai… », tries again by itself, each wait longer,
/// never a panic; the page fits every kiosk. Once the server is back the
/// unit is taken up on its table where it stopped, played out and credited
/// once; the ledger explains the balance and verify passes.
#[test]
fn the_server_killed_mid_unit_the_window_waits_and_takes_the_unit_up() {
    let server = Server::own();
    let seed = Seed::from_bytes([23; 32]);
    let credit = Cents::euros(10);
    let (_operator, url, account) = network(&server, "kiosk_crash", &seed, credit);
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    sign_in_by_taps(&mut harness, PIN);
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    harness.get_by_label(&play_label(EMISSION)).click();
    harness.run_steps(2);
    let bought = unit_on_table(&harness).expect("a unit bought");
    assert!(!settled(&harness));

    server.kill();
    harness.get_by_label("Auto").click();
    for _ in 0..300 {
        if matches!(harness.state().page(), Page::Reconnecting(_)) {
            break;
        }
        harness.step();
    }
    assert!(
        matches!(harness.state().page(), Page::Reconnecting(_)),
        "the network out of reach, said: {:?}",
        harness.state().notice().map(|notice| &notice.text)
    );
    harness.run_steps(1);
    harness.get_by_label("Le réseau ne répond pas, nouvel essai…");
    // It tries again by itself: after 1 s, then 2 s later…
    run_until(
        &mut harness,
        4.0,
        |harness| matches!(harness.state().page(), Page::Reconnecting(page) if page.tries() >= 2),
    );
    harness.run_steps(1);
    harness.get_by_label_contains("essais déjà faits : 2");
    harness.snapshot("network/reconnecting");
    for size in KIOSK_SIZES {
        harness.set_size(size.into());
        harness.run_steps(2);
        let problems = layout_problems(&harness);
        assert!(problems.is_empty(), "{size:?}: {problems:#?}");
    }
    harness.set_size(WINDOW_SIZE.into());
    harness.run_steps(2);

    server.restart();
    run_until(&mut harness, 20.0, |harness| {
        matches!(harness.state().page(), Page::Game(_))
    });
    let taken_up = unit_on_table(&harness).expect("the unit taken up");
    assert_eq!(taken_up.id, bought.id, "the same unit, where it stopped");
    harness.run_steps(2);
    harness.get_by_label("Auto").click();
    run_until(&mut harness, 20.0, settled);
    let block = Block::open(EMISSION, 0, &seed);
    assert_eq!(bought.prize, block.prize_of_unit(bought.index));
    let after = Cents(credit.0 - EMISSION.stake.0 + bought.prize.0);
    assert_eq!(balance(&harness), after, "charged once, credited once");
    let mut operator = Operator::connect(&url).expect("the operator connects again");
    assert_eq!(
        operator.account(PLAYER).expect("the account"),
        (after, true)
    );
    assert_eq!(operator.sales(EMISSION).expect("the sales").len(), 1);
    assert_eq!(operator.verify().expect("a verdict"), Vec::<String>::new());
}

/// Signed out, the next person at the kiosk sees nothing of the player: no
/// balance, no card, no history.
#[test]
fn signing_out_leaves_nothing_of_the_player_on_the_screen() {
    let server = Server::start();
    let (_operator, _url, account) = network(
        &server,
        "kiosk_sign_out",
        &Seed::from_bytes([8; 32]),
        Cents::euros(10),
    );
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    sign_in_by_taps(&mut harness, PIN);
    assert_eq!(balance(&harness), Cents::euros(10));
    harness.get_by_label("Se déconnecter").click();
    harness.run_steps(2);
    assert_eq!(harness.state().balance(), None);
    assert!(harness.query_by_label_contains(PLAYER).is_none());
    harness.state_mut().handle(Command::Go(Navigation::History));
    harness.run_steps(2);
    assert!(
        matches!(harness.state().page(), Page::SignIn(_)),
        "no history"
    );
}

/// A wrong PIN is said with the tries left; the fifth locks the card, and
/// the right PIN is then refused too, the screen saying until when.
#[test]
fn a_wrong_pin_is_counted_on_the_network_and_the_fifth_locks_the_card() {
    let server = Server::start();
    let (_operator, _url, account) = network(
        &server,
        "kiosk_wrong_pin",
        &Seed::from_bytes([5; 32]),
        Cents::euros(5),
    );
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    sign_in_by_taps(&mut harness, "1111");
    harness.get_by_label_contains("Encore 4 essais");
    assert_eq!(harness.state().balance(), None, "not signed in");
    for _ in 0..4 {
        tap(&mut harness, "1111");
        harness.get_by_label("Valider").click();
        harness.run_steps(2);
    }
    harness.get_by_label_contains("carte bloquée jusqu’au");
    tap(&mut harness, PIN);
    harness.get_by_label("Valider").click();
    harness.run_steps(2);
    harness.get_by_label_contains("carte bloquée jusqu’au");
    assert_eq!(harness.state().balance(), None, "locked: not signed in");
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
        window(move |kiosk_window| kiosk_window.with_network(PlayerAccount::new(kiosk)));
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
        // Signed out (a tap on "Se déconnecter", say), the player signs in
        // again now and then; the monkey's own tries at the keypad count too.
        if event % 100 == 0 && harness.state().seat() == Seat::Free {
            harness
                .state_mut()
                .handle(Command::Player(PlayerCommand::SignIn {
                    card: PLAYER.to_owned(),
                    pin: PIN.to_owned(),
                }));
            harness.run_steps(1);
        }
        act(&mut harness, &mut dice);
        if event % 25 != 24 {
            continue;
        }
        let (on_network, explained) = operator.account(PLAYER).expect("the account");
        assert!(explained, "event {event}: the ledger explains the balance");
        // A trial's play money is nobody's on the network.
        if let Some(shown) = harness.state().balance()
            && !matches!(harness.state().seat(), Seat::Trial { .. })
        {
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
                .kiosk_mut()
                .send_closing(1, "{\"counter\":1,\"other\":true}", &[7; 64])
                .expect("sent");
        });
    harness.run_steps(2);
    harness.get_by_label(&tile_label(EMISSION.game)).click();
    harness.run_steps(2);
    harness.get_by_label_contains("Le réseau refuse la clôture n° 1");
}

/// Signed out, signing in (a wrong PIN said) and signed in, at every kiosk
/// size: nothing off the screen or overlapping, "Se connecter" and then "Se
/// déconnecter" always in sight; snapshots at 1280×800.
#[test]
fn signing_in_fits_every_size() {
    let server = Server::start();
    let mut snapshots = egui_kittest::SnapshotResults::new();
    for (number, size) in KIOSK_SIZES.into_iter().enumerate() {
        let (_operator, _url, account) = network(
            &server,
            &format!("kiosk_sizes_{number}"),
            &Seed::from_bytes([6; 32]),
            Cents::euros(20),
        );
        let (folder, path) = new_database();
        let own = common::open(&path).expect("the kiosk's own file");
        let mut harness = kiosk_configured(Ok(own), size.into(), move |kiosk| {
            kiosk.with_network(account)
        });
        harness.run_steps(2);
        let name = format!("{}x{}", size.0, size.1);
        let snapshot = size == (1280.0, 800.0);
        let mut check = |harness: &mut Harness<'static, Guichet>, state: &str| {
            harness.run_steps(2);
            let problems = layout_problems(harness);
            assert!(problems.is_empty(), "{state} at {name}: {problems:#?}");
            if snapshot {
                snapshots.add(harness.try_snapshot(format!("network/{state}")));
            }
        };
        harness.get_by_label("Se connecter");
        check(&mut harness, "lobby_signed_out");
        sign_in_by_taps(&mut harness, "1111");
        check(&mut harness, "sign_in_wrong_pin");
        tap(&mut harness, PIN);
        harness.get_by_label("Valider").click();
        check(&mut harness, "lobby_signed_in");
        harness.get_by_label("Se déconnecter");
        drop(folder);
    }
}

/// The window closed with a player signed in: their session ends on the
/// server at once.
#[test]
fn closing_the_window_signs_the_player_out() {
    let server = Server::start();
    let (_operator, url, account) = network(
        &server,
        "kiosk_window_closed",
        &Seed::from_bytes([9; 32]),
        Cents::euros(10),
    );
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    sign_in_by_taps(&mut harness, PIN);
    let open_sessions = |url: &str| -> i64 {
        postgres::Client::connect(url, postgres::NoTls)
            .expect("connects")
            .query_one(
                "SELECT count(*) FROM guichet.sessions WHERE ended_at IS NULL",
                &[],
            )
            .expect("a count")
            .get(0)
    };
    assert_eq!(open_sessions(&url), 1);
    eframe::App::on_exit(harness.state_mut());
    assert_eq!(open_sessions(&url), 0, "signed out on the server");
}

/// A commitment as the rules page shows it: its hex digits in groups of eight.
fn shown(commitment: guichet_core::block::Commitment) -> String {
    let hex = commitment.to_string();
    hex.as_bytes()
        .chunks(8)
        .map(|group| String::from_utf8_lossy(group).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rules page of a network kiosk shows the network's block on sale, its
/// commitment and not one of the kiosk's own file (which opens blocks of its
/// own, never sold from on a network).
#[test]
fn the_rules_page_on_a_network_shows_the_networks_blocks() {
    let server = Server::start();
    let seed = Seed::from_bytes([21; 32]);
    let (_operator, _url, account) = network(&server, "kiosk_rules", &seed, Cents::euros(10));
    let (_folder, mut harness) = window(move |kiosk| kiosk.with_network(account));
    harness.run_steps(2);
    harness
        .state_mut()
        .handle(Command::Go(Navigation::Rules(EMISSION.game)));
    harness.run_steps(2);
    assert!(matches!(harness.state().page(), Page::Rules(_)));
    let networks = shown(Block::commitment_of(EMISSION, 0, &seed));
    let commitment = harness.get_by_label_contains("Engagement du bloc n° 0");
    let said = format!("{commitment:?}");
    assert!(
        said.contains(&networks),
        "the network's commitment {networks}, shown: {said}"
    );
    assert!(
        harness.query_by_label_contains("Bloc suivant").is_none(),
        "the network has no next block of this emission open"
    );
}
