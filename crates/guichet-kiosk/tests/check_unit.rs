//! "Vérifier cette partie": from the history, a settled unit checked as its
//! player can — against its block's commitment, published before the first
//! sale, and its seed, published at its close. A unit of a closed block holds
//! every check; one of a block still selling says when it will be checkable;
//! a prize changed in the file behind the store's back fails; a unit not yet
//! revealed is never checked (its check would tell its prize first).

mod common;

use common::forge::forge;
use common::{kiosk, kiosk_sized, layout_problems, new_database, seeded_store};
use egui_kittest::kittest::Queryable as _;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::{Cents, group_thousands};
use guichet_kiosk::app::Page;
use guichet_kiosk::command::{Command, Navigation};
use guichet_sale::PointOfSale as _;

/// A file where unit 1 is the last of Black Jack's block 0, which then closes
/// and publishes its seed, and unit 2 the first of block 1; both settled, at
/// fixed times (each change chained with the key: the file still sells).
fn two_units(path: &std::path::Path) {
    {
        let mut store = seeded_store(path, 7);
        common::of_age(&mut store);
        store.deposit(Cents::euros(20)).expect("a deposit");
        // As if 1 499 999 units had sold: the next is the block's last
        // (chained with the key: behind the store's back, it sells nothing).
        store
            .rewrite(
                "UPDATE blocks SET next_index = size - 1 WHERE emission = 'blackjack@200' AND status = 'selling'",
            )
            .expect("the jump");
        for _ in 0..2 {
            let unit = store.buy(&BLACK_JACK).expect("a unit");
            store.finish(unit.id).expect("settled");
        }
        common::fix_times_in(&mut store);
        store
            .rewrite(
                "UPDATE blocks SET closed_at = '2026-11-29T14:01:30Z' WHERE closed_at IS NOT NULL",
            )
            .expect("the close's time fixed");
    }
}

fn verdict(harness: &egui_kittest::Harness<'_, guichet_kiosk::app::Guichet>) -> String {
    assert!(
        matches!(harness.state().page(), Page::CheckUnit(_)),
        "the check's page"
    );
    [
        "Tout concorde",
        "Vérifiable à la clôture",
        "Une vérification échoue",
    ]
    .into_iter()
    .find(|start| harness.query_by_label_contains(start).is_some())
    .expect("a verdict on the page")
    .to_owned()
}

#[test]
fn a_unit_of_a_closed_block_holds_and_one_still_selling_waits() {
    let (_folder, path) = new_database();
    two_units(&path);
    let mut harness = kiosk(common::open(&path));
    common::press_in_bar(&mut harness, "Historique");
    // The last unit, first of block 1: its seed is not out yet.
    harness.get_by_label("Vérifier cette partie").click();
    harness.run();
    assert_eq!(verdict(&harness), "Vérifiable à la clôture");
    harness.get_by_label_contains(&format!(
        "encore {} parties à vendre",
        group_thousands(1_499_999).replace('\u{202f}', "\u{a0}")
    ));
    harness.get_by_label("La graine de ce bloc sera publiée à sa clôture.");
    assert!(
        layout_problems(&harness).is_empty(),
        "{:?}",
        layout_problems(&harness)
    );
    harness.snapshot("check_unit/waits");

    harness.get_by_label("Retour à l’historique").click();
    harness.run();
    assert!(matches!(harness.state().page(), Page::History(_)));
    harness
        .get_by_label("Vérifier la partie Black Jack du 29/11/2026 14:01")
        .click();
    harness.run();
    assert_eq!(verdict(&harness), "Tout concorde");
    for line in [
        "Le SHA-256 de la graine publiée donne l’engagement publié.",
        "Le jeu montré est celui que tire le flux de cette partie.",
        "Le jeu montré respecte le règlement.",
    ] {
        harness.get_by_label(line);
    }
    harness.get_by_label_contains(&format!(
        "La permutation du bloc donne au rang {}",
        group_thousands(1_499_999).replace('\u{202f}', "\u{a0}")
    ));
    assert!(
        layout_problems(&harness).is_empty(),
        "{:?}",
        layout_problems(&harness)
    );
    harness.snapshot("check_unit/holds");
}

#[test]
fn the_check_fits_every_kiosk() {
    let (_folder, path) = new_database();
    two_units(&path);
    let mut snapshots = egui_kittest::SnapshotResults::new();
    for (name, size) in [
        ("small", egui::vec2(1024.0, 768.0)),
        ("portrait", egui::vec2(1080.0, 1920.0)),
    ] {
        let mut harness = kiosk_sized(common::open(&path), size);
        harness.run();
        harness
            .state_mut()
            .handle(Command::Go(Navigation::CheckUnit(1)));
        harness.run();
        assert_eq!(verdict(&harness), "Tout concorde");
        let problems = layout_problems(&harness);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        harness.get_by_label("Retour à l’historique");
        harness.snapshot(format!("check_unit/holds_{name}"));
        snapshots.extend_harness(&mut harness);
    }
    snapshots.unwrap();
}

#[test]
fn a_prize_changed_in_the_file_fails_its_check() {
    let (_folder, path) = new_database();
    two_units(&path);
    forge(
        &path,
        "UPDATE units SET prize_cents = prize_cents + 500000 WHERE id = 1",
    );
    let mut harness = kiosk(common::open(&path));
    harness.run();
    harness
        .state_mut()
        .handle(Command::Go(Navigation::CheckUnit(1)));
    harness.run();
    assert_eq!(verdict(&harness), "Une vérification échoue");
}

#[test]
fn a_unit_not_yet_revealed_is_not_checked() {
    let (_folder, path) = new_database();
    two_units(&path);
    let unit = {
        let mut store = seeded_store(&path, 7);
        store.buy(&BLACK_JACK).expect("a unit")
    };
    let mut harness = kiosk(common::open(&path));
    harness.run();
    // Its history shows no check for it…
    common::press_in_bar(&mut harness, "Historique");
    assert!(harness.query_by_label("Vérifier cette partie").is_none());
    // …and one asked for anyway opens the history, not the check.
    harness
        .state_mut()
        .handle(Command::Go(Navigation::CheckUnit(unit.id)));
    harness.run();
    assert!(matches!(harness.state().page(), Page::History(_)));
    let store = common::store_of(&mut harness);
    assert!(store.unit(unit.id).is_ok(), "the unit is still there");
}
