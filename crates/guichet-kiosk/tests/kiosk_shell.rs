//! The kiosk's shell, drawn headlessly and compared with its snapshots: lobby,
//! history, rules, resume and a bad database; and a player's way through it.

mod common;

use common::{fix_times, kiosk, new_database, seeded_store};
use egui_kittest::kittest::Queryable as _;
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_kiosk::app::Page;
use guichet_kiosk::ui::games::GAMES;
use guichet_sale::PointOfSale as _;
use guichet_sqlite::Store;

#[test]
fn lobby_in_french_and_english() {
    let (_folder, path) = new_database();
    let mut harness = kiosk(common::open(&path));
    harness.run();
    assert!(harness.state().page().is_lobby());
    harness.get_by_label("Jouer à Black Jack");
    harness.snapshot("lobby/french");

    common::press_in_bar(&mut harness, "English");
    harness.get_by_label("Play Black Jack");
    harness.snapshot("lobby/english");
}

#[test]
fn history_when_empty() {
    let (_folder, path) = new_database();
    let mut harness = kiosk(common::open(&path));
    common::press_in_bar(&mut harness, "Historique");
    assert!(matches!(harness.state().page(), Page::History(_)));
    harness.snapshot("history/empty");
}

/// A store with a few settled units of every game.
fn played_store(path: &std::path::Path) -> Store {
    let mut store = seeded_store(path, 7);
    common::of_age(&mut store);
    store.deposit(Cents::euros(60)).expect("a deposit");
    for emission in [
        &BLACK_JACK,
        &X10,
        &STAR_FORTUNE_100,
        &BINGO,
        &BLACK_JACK,
        &X10,
        &BLACK_JACK,
    ] {
        let unit = store.buy(emission).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    store
}

#[test]
fn history_with_units() {
    let (_folder, path) = new_database();
    drop(played_store(&path));
    fix_times(&path);
    let mut harness = kiosk(common::open(&path));
    common::press_in_bar(&mut harness, "Historique");
    harness.snapshot("history/with_units");
}

#[test]
fn rules_of_each_game() {
    let (_folder, path) = new_database();
    drop(played_store(&path));
    fix_times(&path);
    let mut harness = kiosk(common::open(&path));
    common::press_in_bar(&mut harness, "Règles");
    for game in GAMES.iter().map(|entry| entry.game.title()) {
        harness.get_by_label(game).click();
        harness.run();
        let Page::Rules(rules) = harness.state().page() else {
            panic!("the rules page")
        };
        assert_eq!(rules.game().title(), game);
        let name = rules.game().export_name();
        harness.snapshot(format!("rules/{name}"));
    }
}

#[test]
fn an_unfinished_unit_is_offered_first_and_resumes() {
    let (_folder, path) = new_database();
    let unit_id = {
        let mut store = seeded_store(&path, 3);
        common::of_age(&mut store);
        store.deposit(Cents::euros(10)).expect("a deposit");
        let unit = store.buy(&X10).expect("a unit");
        let step = unit.progress.remaining_steps(&unit.scenario)[0];
        store.reveal(unit.id, &[step]).expect("one step");
        unit.id
    };
    fix_times(&path);
    let mut harness = kiosk(common::open(&path));
    harness.run();
    assert!(matches!(harness.state().page(), Page::Resume(_)));
    harness.snapshot("resume/offer");
    harness.get_by_label("Reprendre la partie").click();
    harness.run();
    let Page::Game(game) = harness.state().page() else {
        panic!("the game page")
    };
    let unit = game.unit().expect("the unit on the table");
    assert_eq!(unit.id, unit_id);
    assert_eq!(unit.steps.len(), 1, "it reopens where it was left");
}

#[test]
fn a_bad_database_gets_a_readable_page_and_is_left_alone() {
    let (folder, _) = new_database();
    let path = folder.path().join("notes.txt");
    std::fs::write(&path, "Ceci n’est pas une base de données.").expect("a file");
    let mut harness = kiosk(common::open(&path));
    harness.run();
    assert!(matches!(harness.state().page(), Page::StoreProblem(_)));
    // The operator's detail names the temporary file: hide its line.
    let detail = harness.get_by_label_contains("notes.txt").rect();
    let page_right = harness.ctx.content_rect().right();
    harness.mask(egui::Rect::from_min_max(
        detail.min,
        egui::pos2(page_right, detail.max.y),
    ));
    harness.snapshot("store_problem/not_a_database");
    assert_eq!(
        std::fs::read_to_string(&path).expect("the file"),
        "Ceci n’est pas une base de données."
    );
}

#[test]
fn a_player_taps_a_tile_comes_back_opens_history_and_replays_a_unit() {
    let (_folder, path) = new_database();
    drop(played_store(&path));
    let mut harness = kiosk(common::open(&path));
    harness.run();

    harness.get_by_label("Jouer à X10").click();
    harness.run();
    let Page::Game(game) = harness.state().page() else {
        panic!("the game page")
    };
    assert_eq!(game.emission(), &X10);

    harness.get_by_label("‹ Accueil").click();
    harness.run();
    assert!(harness.state().page().is_lobby());

    common::press_in_bar(&mut harness, "Historique");
    let newest = common::store_of(&mut harness)
        .recent_units(1)
        .expect("units")
        .remove(0);
    harness.get_by_label("Revoir").click();
    harness.run_steps(4);
    let Page::Game(game) = harness.state().page() else {
        panic!("the game page")
    };
    let unit = game.unit().expect("the replayed unit");
    assert_eq!(unit.id, newest.id);
    assert_eq!(unit.prize, newest.prize);
}
