//! Players at a kiosk of its own file, through the screens: "Nouveau
//! joueur" from the age question to the limits, signing in and out, a wrong
//! PIN said, and each player's session their own.

mod common;

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_kiosk::app::{Guichet, Page};
use guichet_kiosk::ui::views::NewPlayerStep;

/// The kiosk over a new file, nobody signed in, at `size`.
fn free_kiosk(size: (f32, f32)) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    let (folder, path) = common::new_database();
    let store = common::seeded(3).open(&path).expect("a store");
    let mut harness = common::kiosk_configured(Ok(store), Vec2::new(size.0, size.1), |kiosk| kiosk);
    harness.run();
    (folder, harness)
}

fn press(harness: &mut Harness<'_, Guichet>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

fn type_digits(harness: &mut Harness<'_, Guichet>, digits: &str, confirm: &str) {
    for digit in digits.chars() {
        common::press_key(harness, digit);
    }
    press(harness, confirm);
}

#[test]
fn a_new_player_signs_up_at_1024x768() {
    sign_up_at(1024.0, 768.0);
}

#[test]
fn a_new_player_signs_up_at_1280x800() {
    sign_up_at(1280.0, 800.0);
}

#[test]
fn a_new_player_signs_up_in_portrait() {
    sign_up_at(1080.0, 1920.0);
}

/// A new player signs up at `width`×`height`, is given a card, sets limits
/// first, signs out, and signs in again (a wrong PIN said first).
fn sign_up_at(width: f32, height: f32) {
    {
        let size = format!("{width}x{height}");
        let (_folder, mut harness) = free_kiosk((width, height));
        assert!(harness.state().page().is_lobby());
        assert_eq!(
            harness
                .state()
                .store()
                .and_then(guichet_sqlite::Store::card),
            None
        );
        harness.snapshot(format!("players/lobby_signed_out_{size}"));
        // Nothing of money or play signed out: a tile asks to sign in.
        press(
            &mut harness,
            &common::tile_label(guichet_core::games::ALL[0]),
        );
        assert!(matches!(harness.state().page(), Page::SignIn(_)));
        harness.snapshot(format!("players/sign_in_keypad_{size}"));
        // The bar's and the page's: either.
        harness
            .query_all_by_label("Nouveau joueur")
            .next()
            .expect("offered")
            .click();
        harness.run();
        harness.snapshot(format!("players/new_player_age_{size}"));
        press(&mut harness, "Oui, j’ai 18 ans ou plus");
        type_digits(&mut harness, "4826", "Suivant");
        // Typed again wrong: chosen again.
        type_digits(&mut harness, "4827", "Valider");
        assert!(
            harness
                .query_by_label("Les deux codes diffèrent : choisissez-le à nouveau.")
                .is_some()
        );
        type_digits(&mut harness, "4826", "Suivant");
        type_digits(&mut harness, "4826", "Valider");
        let Page::NewPlayer(page) = harness.state().page() else {
            panic!("the welcome");
        };
        let NewPlayerStep::Welcome(card) = page.step().clone() else {
            panic!("a card given");
        };
        assert_eq!(
            harness
                .state()
                .store()
                .and_then(guichet_sqlite::Store::card),
            Some(card.as_str())
        );
        // The card is drawn at random: masked, here and on the bar.
        harness.mask(harness.get_by_label(&card).rect());
        harness.mask(harness.get_by_label(&format!("Carte {card}")).rect());
        harness.snapshot(format!("players/new_player_card_{size}"));
        press(&mut harness, "Fixer mes limites de jeu");
        assert!(matches!(harness.state().page(), Page::Limits(_)));
        assert!(
            common::layout_problems(&harness).is_empty(),
            "{size}: {:?}",
            common::layout_problems(&harness)
        );
        press(&mut harness, "Se déconnecter");
        assert!(harness.state().page().is_lobby());
        assert_eq!(
            harness
                .state()
                .store()
                .and_then(guichet_sqlite::Store::card),
            None
        );
        // A wrong PIN is said, with the tries left; the right one signs in.
        common::sign_in_on_screen(&mut harness, &card, "0000");
        assert!(harness.query_by_label_contains("Code erroné").is_some());
        type_digits(&mut harness, "4826", "Valider");
        assert_eq!(
            harness
                .state()
                .store()
                .and_then(guichet_sqlite::Store::card),
            Some(card.as_str())
        );
    }
}

#[test]
fn the_next_player_hears_the_kiosk_and_starts_a_session_afresh() {
    let (_folder, path) = common::new_database();
    let mut store = common::seeded(3).open(&path).expect("a store");
    common::of_age(&mut store);
    store
        .deposit(guichet_core::money::Cents::euros(20))
        .expect("a deposit");
    store.add_player("2", "1357", true).expect("another player");
    let mut harness = common::kiosk(Ok(store));
    harness.run();
    common::press_in_bar(&mut harness, "Couper le son");
    assert!(
        harness.state().settings().sound,
        "the operator's setting untouched"
    );
    press(&mut harness, "Se déconnecter");
    common::sign_in_on_screen(&mut harness, "2", "1357");
    assert_eq!(
        harness
            .state()
            .store()
            .and_then(guichet_sqlite::Store::card),
        Some("2")
    );
    // The next player finds the sound on: "Couper le son" is offered again.
    common::press_in_bar(&mut harness, "Couper le son");
    assert!(harness.state().reality_check().is_none());
}
