//! The kiosk against what an unlucky player or operator does: walking away from
//! a paid unit, another process playing or changing the account, the database
//! file replaced under the running window.

mod common;

use std::time::Duration;

use common::{
    balance, kiosk, new_database, play_label, seeded, seeded_store, tile_label, unit_on_table,
};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::blackjack::game::HANDS;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_kiosk::app::{Guichet, Page};
use guichet_sale::PointOfSale as _;
use guichet_sale::UnitState;

/// Steps the kiosk until `done`, giving the watch thread time to see files
/// change: at most two seconds.
fn wait_for(harness: &mut Harness<'_, Guichet>, done: impl Fn(&Harness<'_, Guichet>) -> bool) {
    for _ in 0..100 {
        if done(harness) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
        harness.step();
    }
    assert!(done(harness), "not seen within two seconds");
}

#[test]
fn a_paid_unit_cannot_be_walked_away_from() {
    let (_folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
    harness.run();
    harness.get_by_label(&play_label(&BLACK_JACK)).click();
    harness.run_steps(3);
    harness.get_by_label("Gain 2").click();
    harness.run_steps(3);
    let unit = unit_on_table(&harness).expect("a unit");
    assert_eq!(unit.steps, vec![HANDS[1]]);

    // Away to the lobby: the game waits, and says so.
    harness.get_by_label("‹ Accueil").click();
    harness.run();
    harness.get_by_label("Partie en cours");
    // Another game: its unit first, on the resume page.
    harness.get_by_label(&tile_label(X10.game)).click();
    harness.run();
    assert!(matches!(harness.state().page(), Page::Resume(_)));
    harness.get_by_label("‹ Accueil").click();
    harness.run();
    // Back to Black Jack: the same unit, where it was, and no new purchase.
    harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
    harness.run();
    let again = unit_on_table(&harness).expect("the unit again");
    assert_eq!((again.id, again.steps.len()), (unit.id, 1));
    assert!(
        harness
            .get_by_label(&play_label(&BLACK_JACK))
            .accesskit_node()
            .is_disabled()
    );
    let store = common::store_of(&mut harness);
    assert_eq!(store.unfinished_units().expect("units").len(), 1);
    assert_eq!(
        store.all_units().expect("units").len(),
        1,
        "nothing more bought"
    );
}

#[test]
fn a_unit_played_by_another_process_is_not_touched_and_auto_never_sticks() {
    let (_folder, path) = new_database();
    let mut other = seeded(5).open(&path).expect("another process's store");
    common::of_age(&mut other);
    other.deposit(Cents::euros(20)).expect("a deposit");
    let unit = other.buy(&BLACK_JACK).expect("a unit");
    let mut harness = kiosk(common::open(&path));
    harness.run();
    assert!(matches!(harness.state().page(), Page::Resume(_)));
    harness.get_by_label("Reprendre la partie").click();
    harness.run();
    let notice = harness.state().notice().expect("a notice").text.clone();
    assert!(notice.contains("en cours sur un autre écran"), "{notice}");
    assert!(
        !notice.contains("unit"),
        "in the window's language: {notice}"
    );

    // The other process ends: the unit is taken up here and played to its end.
    drop(other);
    harness.get_by_label("OK").click();
    harness.run();
    harness.get_by_label("Reprendre la partie").click();
    harness.run();
    let shown = unit_on_table(&harness).expect("the unit");
    assert_eq!(shown.id, unit.id);
    harness.get_by_label("Auto").click();
    for _ in 0..900 {
        harness.step();
        if unit_on_table(&harness).is_some_and(|unit| unit.state == UnitState::Settled) {
            break;
        }
    }
    assert_eq!(
        unit_on_table(&harness).expect("the unit").state,
        UnitState::Settled
    );
}

#[test]
fn what_another_process_does_shows_without_a_tap() {
    let (_folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let unit = store.buy(&BLACK_JACK).expect("a unit");
    drop(store);
    let mut harness = kiosk(common::open(&path));
    harness.run();
    assert!(matches!(harness.state().page(), Page::Resume(_)));

    // `guichet play` finishes the unit and the operator credits the account.
    let mut other = common::open(&path).expect("another process's store");
    let settled = other.finish(unit.id).expect("finished elsewhere");
    common::of_age(&mut other);
    other.deposit(Cents::euros(5)).expect("a deposit");
    let expected = Cents::euros(23)
        .checked_add(settled.unit.prize)
        .expect("cents");
    wait_for(&mut harness, |harness| {
        harness.state().balance() == Some(expected)
    });

    // Taken up now, it shows as the store holds it: settled, its result shown.
    harness.get_by_label("Reprendre la partie").click();
    harness.run_steps(4);
    let shown = unit_on_table(&harness).expect("the unit");
    assert_eq!(shown.state, UnitState::Settled);
    harness.get_by_label(&common::result_words(shown.prize, BLACK_JACK.stake));
    assert_eq!(balance(&harness), expected);
}

#[test]
fn a_database_replaced_under_the_window_stops_it_on_a_page() {
    let (folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    let other = folder.path().join("other.sqlite3");
    let mut replacement = common::open(&other).expect("another database");
    common::of_age(&mut replacement);
    replacement.deposit(Cents::euros(7)).expect("a deposit");
    drop(replacement);
    std::fs::rename(&other, &path).expect("replaced");
    wait_for(&mut harness, |harness| {
        matches!(harness.state().page(), Page::StoreProblem(_))
    });
    harness.get_by_label_contains("remplacé ou supprimé");
    // Nothing was written to the file put in its place, and the old file's
    // log, which SQLite would have replayed onto it, is set aside beside it.
    drop(harness);
    let aside = std::fs::read_dir(folder.path())
        .expect("the folder")
        .filter_map(Result::ok)
        .any(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("guichet.sqlite3-wal.orphaned-")
        });
    assert!(aside, "the old log is kept, apart");
    let mut raw = common::open(&path).expect("the replacement");
    assert_eq!(raw.balance().expect("a balance"), Cents::euros(7));
    assert!(raw.all_units().expect("units").is_empty());
}

#[test]
fn protection_that_cannot_be_read_is_said_never_taken_for_an_answer() {
    let (_folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    // The protection records become unreadable under the running kiosk (a
    // damaged table, say): its answer and limits can no longer be read.
    rusqlite::Connection::open(&path)
        .expect("sqlite")
        .execute_batch("ALTER TABLE protection RENAME TO protection_lost;")
        .expect("renamed");
    common::press_in_bar(&mut harness, "Limites");
    let notice = harness.state().notice().expect("a notice").text.clone();
    assert!(
        notice.contains("ne peuvent pas être lues"),
        "the page says it could not read: {notice}"
    );
    harness.get_by_label("‹ Accueil").click();
    harness.run();
    // A game asked for: play stays closed, and the kiosk says why — it never
    // asks "18 or over?" again, as if the player had never answered.
    harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
    harness.run();
    assert!(
        matches!(harness.state().page(), Page::Lobby(_)),
        "no age question, no table"
    );
    let notice = harness.state().notice().expect("a notice").text.clone();
    assert!(notice.contains("n’ont pas pu être lues"), "{notice}");
    assert_eq!(balance(&harness), Cents::euros(20), "nothing was charged");
}

#[test]
fn a_wal_deleted_under_the_window_stops_it_on_a_page_and_keeps_its_sales() {
    let (_folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    let mut log = path.as_os_str().to_owned();
    log.push("-wal");
    std::fs::remove_file(&log).expect("the log deleted under the kiosk");
    wait_for(&mut harness, |harness| {
        matches!(harness.state().page(), Page::StoreProblem(_))
    });
    harness.get_by_label_contains("journal de la base");
    harness.get_by_label_contains("déjà enregistrés sont gardés");
    // The operator's detail names the temporary folder: hide it.
    let detail = harness.get_by_label_contains("guichet.sqlite3-wal").rect();
    let page_right = harness.ctx.content_rect().right();
    harness.mask(egui::Rect::from_min_max(
        detail.min,
        egui::pos2(page_right, detail.max.y),
    ));
    // Checked here: the harness is forgotten below, so its drop would never
    // report a mismatch.
    harness
        .try_snapshot("store_problem/log_replaced")
        .expect("the page as its snapshot");
    // The deposit the deleted log held is in the database: a crash now
    // (the window never closed) loses nothing.
    std::mem::forget(harness);
    let mut reopened = common::open(&path).expect("it opens again");
    assert_eq!(reopened.balance().expect("a balance"), Cents::euros(20));
}

#[test]
fn a_clock_set_back_under_the_window_stops_it_on_a_page_that_says_so_and_writes_nothing() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let (_folder, path) = new_database();
    let clock = Arc::new(AtomicI64::new(1_796_025_600)); // 2026-11-30T08:00:00Z
    let reading = Arc::clone(&clock);
    let mut store = seeded(5)
        .clock(move || {
            jiff::Timestamp::from_second(reading.load(Ordering::SeqCst)).expect("a time")
        })
        .open(&path)
        .expect("a store");
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    // Someone sets the kiosk's clock an hour back, then plays.
    clock.fetch_sub(3_600, Ordering::SeqCst);
    harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
    harness.run();
    if harness.query_by_label(&play_label(&BLACK_JACK)).is_none() {
        harness.get_by_label(&BLACK_JACK.stake.short()).click();
        harness.run();
    }
    harness.get_by_label(&play_label(&BLACK_JACK)).click();
    harness.run();
    assert!(
        matches!(harness.state().page(), Page::StoreProblem(_)),
        "the page about the clock"
    );
    harness.get_by_label_contains("l’heure est fausse");
    harness.get_by_label_contains("Rien n’a été écrit");
    let detail = harness.get_by_label_contains("the clock says").rect();
    let page_right = harness.ctx.content_rect().right();
    harness.mask(egui::Rect::from_min_max(
        detail.min,
        egui::pos2(page_right, detail.max.y),
    ));
    harness.snapshot("store_problem/clock_behind");
    drop(harness);
    let mut reopened = common::open(&path).expect("it opens again");
    assert_eq!(reopened.balance().expect("a balance"), Cents::euros(20));
    assert!(
        reopened.all_units().expect("units").is_empty(),
        "nothing sold"
    );
}

#[test]
fn a_block_forged_while_it_runs_stops_it_on_the_page_about_the_records_and_sells_nothing() {
    let (_folder, path) = new_database();
    let mut store = seeded_store(&path, 5);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.run();
    // sqlite3, no key, the kiosk running: Black Jack's next unit moved on.
    common::forge::forge(
        &path,
        "UPDATE blocks SET next_index = next_index + 3 WHERE emission = 'blackjack@200' AND status = 'selling'",
    );
    harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
    harness.run();
    if harness.query_by_label(&play_label(&BLACK_JACK)).is_none() {
        harness.get_by_label(&BLACK_JACK.stake.short()).click();
        harness.run();
    }
    harness.get_by_label(&play_label(&BLACK_JACK)).click();
    harness.run();
    assert!(
        matches!(harness.state().page(), Page::StoreProblem(_)),
        "the page about the records"
    );
    harness.get_by_label_contains("Les registres ont été modifiés hors de Guichet");
    let detail = harness.get_by_label_contains("without its key").rect();
    let page_right = harness.ctx.content_rect().right();
    harness.mask(egui::Rect::from_min_max(
        detail.min,
        egui::pos2(page_right, detail.max.y),
    ));
    harness.snapshot("store_problem/forged");
    drop(harness);
    let mut reopened = common::open(&path).expect("it opens again");
    assert_eq!(reopened.balance().expect("a balance"), Cents::euros(20));
    assert!(
        reopened.all_units().expect("units").is_empty(),
        "nothing sold"
    );
}
