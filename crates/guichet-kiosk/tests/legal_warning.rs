//! The law's warning, word for word, on every screen that promotes play, at
//! every kiosk size: the lobby, each game's rules and table, the age
//! question, the limits, the break, and each card of the attract loop — found
//! in the accessibility tree as the arrêté of 29 July 2022 publishes it, with
//! "Jeu interdit aux mineurs" and its 18+ mark beside it, nothing off the
//! screen or overlapping; snapshots of the attract cards and the lobby.

mod common;

use common::{
    KIOSK_SIZES, kiosk_as_it_is, kiosk_sized, layout_problems, new_database, seeded_store,
};
use egui::Vec2;
use egui_kittest::kittest::Queryable as _;
use egui_kittest::{Harness, SnapshotResults};
use guichet_kiosk::app::{ATTRACT_AFTER, Guichet};
use guichet_kiosk::command::{Command, Navigation, PlayerCommand, ScreenCommand};
use guichet_kiosk::ui::attract::SECONDS_PER_GAME;
use guichet_kiosk::ui::games::GAMES;
use guichet_kiosk::ui::i18n::Language;

/// The message of the arrêté of 29 July 2022 (JORF n° 0177 of 2 August 2022,
/// article 1), which "ne peut pas être modifié" — copied here from the
/// published text, apart from the kiosk's words.
const WARNING: &str = "Les jeux d'argent et de hasard peuvent être dangereux : pertes d'argent, \
                       conflits familiaux, addiction… Retrouvez nos conseils sur \
                       joueurs-info-service.fr (09 74 75 13 13 - appel non surtaxé)";

/// Code de la sécurité intérieure, article L. 320-8.
const MINORS: &str = "Jeu interdit aux mineurs";

/// Fails unless the screen shows the warning word for word, once — with the
/// 18+ mark and "Jeu interdit aux mineurs" where `minors` — and nothing off
/// the screen or overlapping.
fn shows_the_law(
    harness: &Harness<'_, Guichet>,
    surface: &str,
    (width, height): (f32, f32),
    minors: bool,
) {
    assert_eq!(
        warnings(harness),
        1,
        "{surface} at {width}x{height}: the warning"
    );
    if minors {
        assert!(
            harness.query_by_label(MINORS).is_some() && harness.query_by_label("18+").is_some(),
            "{surface} at {width}x{height}: the minors' line"
        );
    }
    let problems = layout_problems(harness);
    assert!(
        problems.is_empty(),
        "{surface} at {width}x{height}: {problems:#?}"
    );
}

/// How many texts on the screen are the warning, word for word (its no-break
/// spaces, which keep the phone number on one line, read as spaces).
fn warnings(harness: &Harness<'_, Guichet>) -> usize {
    harness
        .query_all_by_label_contains("Retrouvez nos conseils")
        .filter(|node| {
            let node = egui_kittest::kittest::NodeT::accesskit_node(node);
            node.label()
                .or_else(|| node.value())
                .is_some_and(|text| text.replace('\u{a0}', " ") == WARNING)
        })
        .count()
}

/// The lobby of a kiosk of age at `size`, over a seeded file of its own.
fn lobby_at((width, height): (f32, f32)) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    drop(seeded_store(&path, 9));
    let mut harness = kiosk_sized(common::open(&path), Vec2::new(width, height));
    harness.run();
    (folder, harness)
}

/// Shows `to` and lets it settle.
fn go(harness: &mut Harness<'_, Guichet>, to: Navigation) {
    harness.state_mut().handle(Command::Go(to));
    harness.run();
}

#[test]
fn every_page_that_promotes_play_shows_the_warning_at_every_size() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, mut harness) = lobby_at(size);
        shows_the_law(&harness, "the lobby", size, true);
        if [(1024.0, 768.0), (1080.0, 1920.0)].contains(&size) {
            snapshots.add(harness.try_snapshot(format!("legal/lobby_{}x{}", size.0, size.1)));
        }
        for entry in GAMES {
            go(&mut harness, Navigation::Rules(entry.game));
            shows_the_law(
                &harness,
                &format!("the rules of {}", entry.game.title()),
                size,
                false,
            );
            go(
                &mut harness,
                Navigation::Game(entry.game.rules().first_offered),
            );
            shows_the_law(
                &harness,
                &format!("the table of {}", entry.game.title()),
                size,
                false,
            );
        }
        for (page, to) in [
            ("the limits", Navigation::Limits),
            ("the break", Navigation::Exclusion),
        ] {
            go(&mut harness, to);
            shows_the_law(&harness, page, size, false);
        }
        let (_folder, path) = new_database();
        drop(seeded_store(&path, 9));
        let harness = kiosk_as_it_is(common::open(&path), Vec2::new(size.0, size.1));
        shows_the_law(&harness, "the age question", size, false);
    }
}

#[test]
fn every_card_of_the_attract_loop_shows_the_warning_at_every_size() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, mut harness) = lobby_at(size);
        // It plays only when nobody is served.
        harness
            .state_mut()
            .handle(Command::Player(PlayerCommand::SignOut));
        harness.run();
        // The loop starts at `started`...
        let started = harness.ctx.input(|input| input.time) + ATTRACT_AFTER + 1.0;
        harness.input_mut().time = Some(started);
        harness.step();
        for (turn, entry) in GAMES.iter().enumerate() {
            // ... and each game is seen in the middle of its turn, faded in.
            let at = started + SECONDS_PER_GAME * (turn as f64 + 0.5);
            harness.input_mut().time = Some(at);
            harness.step();
            harness.input_mut().time = None;
            harness.run_steps(5);
            assert!(harness.state().attracting(), "the loop plays");
            let card = format!("the attract card of {}", entry.game.title());
            shows_the_law(&harness, &card, size, true);
            if size == (1280.0, 800.0) || (size == (1080.0, 1920.0) && turn == 0) {
                snapshots.add(harness.try_snapshot(format!(
                    "legal/attract_{}_{}x{}",
                    entry.game.rules().slug,
                    size.0,
                    size.1
                )));
            }
        }
    }
}

/// On an English screen the warning stays the law's French, word for word,
/// its English rendering beside it, marked as a translation.
#[test]
fn an_english_screen_keeps_the_french_warning_and_adds_its_translation() {
    let (_folder, mut harness) = lobby_at((1024.0, 768.0));
    harness
        .state_mut()
        .handle(Command::Screen(ScreenCommand::SetLanguage(
            Language::English,
        )));
    harness.run();
    assert_eq!(warnings(&harness), 1);
    assert!(
        harness
            .query_by_label_contains("Translation of the French warning above")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Gambling is forbidden to minors")
            .is_some()
    );
    let problems = layout_problems(&harness);
    assert!(problems.is_empty(), "{problems:#?}");
}
