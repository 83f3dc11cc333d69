//! Every page and game state at every kiosk size: nothing off the screen,
//! nothing overlapping, found by the accessibility tree itself (see
//! `common::layout_problems`); and snapshots of each page at each size.

mod common;

use common::{
    KIOSK_SIZES, fix_times, kiosk_sized, layout_problems, new_database, play_label, press_in_bar,
    seed_where, seeded_store, settle_animations, settled, tile_label, unit_on_table,
    with_block_seed,
};
use egui::Vec2;
use egui_kittest::kittest::Queryable as _;
use egui_kittest::{Harness, SnapshotResults};
use guichet_core::emission::Emission;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_kiosk::app::Guichet;
use guichet_kiosk::command::OperatorTab;
use guichet_kiosk::ui::games::GAMES;
use guichet_kiosk::ui::i18n::{Language, Texts};
use guichet_sale::PointOfSale as _;

/// The sizes snapshots are kept at, beside the 1280×800 ones of each page's own
/// tests.
const SNAPSHOT_SIZES: [(f32, f32); 3] = [(1024.0, 768.0), (1920.0, 1080.0), (1080.0, 1920.0)];

fn size_name((width, height): (f32, f32)) -> String {
    format!("{width}x{height}")
}

/// Fails with every layout problem of the screen shown.
fn fits(harness: &Harness<'_, Guichet>, what: &str, size: (f32, f32)) {
    let problems = layout_problems(harness);
    assert!(
        problems.is_empty(),
        "{what} at {}: {problems:#?}",
        size_name(size)
    );
}

/// A kiosk at `size` over a store with a few settled units of every game and
/// 20 € on the account.
fn played_kiosk(size: (f32, f32)) -> (tempfile::TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let mut store = seeded_store(&path, 7);
    common::of_age(&mut store);
    store.deposit(Cents::euros(40)).expect("a deposit");
    // A unit of every game of the registry, and one more of the first.
    for entry in GAMES.iter().chain(&GAMES[..1]) {
        let unit = store.buy(entry.game.rules().first_offered).expect("a unit");
        store.finish(unit.id).expect("settled");
    }
    drop(store);
    fix_times(&path);
    let mut harness = kiosk_sized(common::open(&path), Vec2::new(size.0, size.1));
    harness.run();
    (folder, harness)
}

#[test]
fn the_pages_fit_every_size() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let snapshot = SNAPSHOT_SIZES.contains(&size);
        let (_folder, mut harness) = played_kiosk(size);
        fits(&harness, "the lobby", size);
        if snapshot {
            harness.snapshot(format!("sizes/lobby_{}", size_name(size)));
        }
        press_in_bar(&mut harness, "Historique");
        fits(&harness, "the history", size);
        if snapshot {
            harness.snapshot(format!("sizes/history_{}", size_name(size)));
        }
        press_in_bar(&mut harness, "Règles");
        for game in GAMES.iter().map(|entry| entry.game.title()) {
            harness.get_by_label(game).click();
            harness.run();
            fits(&harness, &format!("the rules of {game}"), size);
        }
        if snapshot {
            harness.snapshot(format!("sizes/rules_{}", size_name(size)));
        }
        snapshots.extend_harness(&mut harness);
    }
}

/// A card of 32 characters (the longest a card may be, and a kiosk's own new
/// players get eight digits), a balance near the most deposits can make and
/// a session running: the bar gives up what it must, never a button over
/// another, in both languages, on a game's page and in the lobby.
#[test]
fn the_bar_fits_a_long_card_a_large_balance_and_a_session() {
    use guichet_kiosk::command::{Command, ScreenCommand};
    use guichet_kiosk::ui::i18n::Language;
    const LONG_CARD: &str = "2501-0000-4417-8832-9006-1234-77";
    assert_eq!(LONG_CARD.chars().count(), 32);
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, path) = new_database();
        let mut store = seeded_store(&path, 5);
        store
            .add_player(LONG_CARD, common::PIN, true)
            .expect("a player");
        store.sign_in(LONG_CARD, common::PIN).expect("signed in");
        common::of_age(&mut store);
        for _ in 0..9 {
            store.deposit(Cents::euros(10_000)).expect("a deposit");
        }
        store.deposit(Cents(999_999)).expect("a deposit");
        let emission = GAMES[0].game.rules().first_offered;
        let unit = store.buy(emission).expect("a unit");
        store.finish(unit.id).expect("settled");
        let mut harness = common::kiosk_as_it_is(Ok(store), Vec2::new(size.0, size.1));
        harness.run();
        // The session starts with the first unit bought in the window.
        harness.get_by_label(&tile_label(emission.game)).click();
        harness.run();
        harness.get_by_label(&play_label(emission)).click();
        harness.run_steps(3);
        assert!(
            harness.query_by_label_contains("min ·").is_some(),
            "the session's pill at {}",
            size_name(size)
        );
        fits(&harness, "a game's bar, a long card and a session", size);
        if size == (1024.0, 768.0) {
            harness.snapshot("sizes/bar_long_card_1024x768");
        }
        harness
            .state_mut()
            .handle(Command::Screen(ScreenCommand::SetLanguage(
                Language::English,
            )));
        harness.run();
        fits(&harness, "the same bar in English", size);
        snapshots.extend_harness(&mut harness);
    }
}

#[test]
fn the_protection_pages_fit_every_size() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, path) = new_database();
        let mut harness = common::kiosk_as_it_is(common::open(&path), Vec2::new(size.0, size.1));
        harness.run();
        fits(&harness, "the age question", size);
        harness.get_by_label("Oui, j’ai 18 ans ou plus").click();
        harness.run();
        fits(&harness, "the first limits", size);
        if SNAPSHOT_SIZES.contains(&size) {
            harness.snapshot(format!("sizes/limits_first_{}", size_name(size)));
        }
        harness.get_by_label("Faire une pause").click();
        harness.run();
        harness.get_by_label("30 jours").click();
        harness.run();
        fits(&harness, "the break", size);
        harness
            .get_by_label("Confirmer la pause de 30 jours")
            .click();
        harness.run();
        fits(&harness, "the lobby on a break, its notice shown", size);
        snapshots.extend_harness(&mut harness);

        let (_folder, path) = new_database();
        let mut store = common::open(&path).expect("a store");
        common::signed_in(&mut store);
        store.answer_age(false).expect("a no");
        let mut harness = common::kiosk_as_it_is(Ok(store), Vec2::new(size.0, size.1));
        harness.run();
        fits(&harness, "the lobby closed to minors", size);
        snapshots.extend_harness(&mut harness);
    }
}

#[test]
fn every_game_table_fits_every_size() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        for entry in GAMES {
            game_states_fit(entry.game.rules().first_offered, size, &mut snapshots);
        }
    }
}

fn game_states_fit(emission: &'static Emission, size: (f32, f32), snapshots: &mut SnapshotResults) {
    let (_folder, path) = new_database();
    let seed = seed_where(emission, |prize, _| prize > emission.stake);
    let mut store = with_block_seed(emission, seed)
        .open(&path)
        .expect("a store");
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk_sized(Ok(store), Vec2::new(size.0, size.1));
    harness.run();
    harness.get_by_label(&tile_label(emission.game)).click();
    harness.run();
    let name = emission.game.slug();
    fits(&harness, &format!("{name} before buying"), size);
    harness.get_by_label(&play_label(emission)).click();
    harness.run_steps(3);
    fits(&harness, &format!("{name} bought"), size);
    let unit = unit_on_table(&harness).expect("a unit");
    let step = unit.progress.possible_steps()[0];
    harness
        .state_mut()
        .handle(guichet_kiosk::command::Command::Play(
            guichet_kiosk::command::PlayCommand::Reveal {
                unit: unit.id,
                step,
            },
        ));
    harness.run_steps(12);
    fits(&harness, &format!("{name} mid-reveal"), size);
    if SNAPSHOT_SIZES.contains(&size) {
        harness.snapshot(format!("sizes/{name}_mid_reveal_{}", size_name(size)));
    }
    if emission.game == guichet_core::games::star_fortune::game::GAME {
        // No "Auto" here: the rest of the unit, a step at a time, each
        // shown to its end.
        while !settled(&harness) {
            let unit = unit_on_table(&harness).expect("a unit");
            let step = unit.progress.remaining_steps(&unit.scenario)[0];
            harness
                .state_mut()
                .handle(guichet_kiosk::command::Command::Play(
                    guichet_kiosk::command::PlayCommand::Reveal {
                        unit: unit.id,
                        step,
                    },
                ));
            harness.run_steps(240);
        }
    } else {
        harness.get_by_label("Auto").click();
        for _ in 0..1200 {
            if settled(&harness) {
                break;
            }
            harness.step();
        }
    }
    settle_animations(&mut harness);
    fits(&harness, &format!("{name} result"), size);
    snapshots.extend_harness(&mut harness);
}

#[test]
fn a_notice_and_the_folded_menu_fit() {
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, path) = new_database();
        let mut store = seeded_store(&path, 3);
        common::of_age(&mut store);
        store.deposit(Cents::euros(1)).expect("a deposit");
        let mut harness = kiosk_sized(Ok(store), Vec2::new(size.0, size.1));
        harness.run();
        harness.get_by_label(&tile_label(BLACK_JACK.game)).click();
        harness.run();
        // More than the balance: a notice says so, above the table, and the
        // bar's hint gives way to it.
        harness.get_by_label(&play_label(&BLACK_JACK)).click();
        harness.run();
        assert!(harness.state().notice().is_some(), "a notice");
        fits(&harness, "a notice over the table", size);
        if SNAPSHOT_SIZES.contains(&size) {
            harness.snapshot(format!("sizes/notice_{}", size_name(size)));
        }
        if let Some(menu) = harness.query_by_label("Menu") {
            menu.click();
            harness.run();
            fits(&harness, "the open menu", size);
            if size == (1024.0, 768.0) {
                harness.snapshot("sizes/menu_open_1024x768");
            }
        }
        snapshots.extend_harness(&mut harness);
    }
}

#[test]
fn the_operator_pages_fit_every_size() {
    for size in KIOSK_SIZES {
        let (_folder, mut harness) = played_kiosk(size);
        harness.key_press(egui::Key::F12);
        harness.run();
        fits(&harness, "the operator PIN", size);
        common::open_operator_from_pin(&mut harness, "2468");
        for tab in OperatorTab::ALL {
            harness
                .state_mut()
                .handle(guichet_kiosk::command::Command::Operator(
                    guichet_kiosk::command::OperatorCommand::Tab(tab),
                ));
            harness.run();
            fits(&harness, &format!("the operator's {tab:?}"), size);
        }
        harness
            .state_mut()
            .handle(guichet_kiosk::command::Command::Operator(
                guichet_kiosk::command::OperatorCommand::Leave,
            ));
        harness.run();
        fits(&harness, "the lobby after the operator", size);
    }
}

/// The operator menu's snapshots are kept at the smallest kiosk and the
/// portrait one, beside the 1280×800 ones of its own tests.
const OPERATOR_SNAPSHOT_SIZES: [(f32, f32); 2] = [(1024.0, 768.0), (1080.0, 1920.0)];

#[test]
fn the_operator_menu_fits_every_size() {
    let french = Texts::new(Language::French);
    let mut snapshots = SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, mut harness) = played_kiosk(size);
        common::open_operator(&mut harness, "2468");
        for tab in OperatorTab::ALL {
            harness.get_by_label(&french.get(tab.text_key())).click();
            harness.run();
            let name = tab.name();
            fits(&harness, &format!("the operator's {name} tab"), size);
            // The journal's times are the clock's: its snapshot is
            // `operator/events`, under a clock the test sets.
            if tab != OperatorTab::Events && OPERATOR_SNAPSHOT_SIZES.contains(&size) {
                harness.snapshot(format!("sizes/operator_{name}_{}", size_name(size)));
            }
        }
        // A player chosen: the pay-in's amounts, reasons and "Encaisser".
        harness
            .get_by_label(&french.get(OperatorTab::Credits.text_key()))
            .click();
        harness.run();
        harness.get_by_label("n° 1").click();
        harness.run();
        fits(&harness, "the operator's credits, a player chosen", size);
        if OPERATOR_SNAPSHOT_SIZES.contains(&size) {
            harness.snapshot(format!("sizes/operator_credits_chosen_{}", size_name(size)));
        }
        snapshots.extend_harness(&mut harness);
    }
}

/// The text rule itself fails where it should: small text, a small amount,
/// a text running out of its holder, a text cut short and two texts painted
/// one over the other, each found in a frame painted for it; and a frame of
/// well-set text passes.
#[test]
fn the_text_rule_finds_what_breaks_it() {
    fn problems_of(paint: impl FnMut(&mut egui::Ui) + 'static) -> Vec<String> {
        let mut harness = Harness::builder()
            .with_size(Vec2::new(800.0, 600.0))
            .build_ui(paint);
        harness.run();
        common::check_texts(
            common::painted_texts(harness.output(), harness.ctx.pixels_per_point()),
            false,
            &[],
        )
    }
    let font = |size| egui::FontId::proportional(size);
    let broken = problems_of(move |ui| {
        ui.label(egui::RichText::new("Petit texte").size(14.0));
        ui.label(egui::RichText::new("2,00\u{a0}€").size(24.0));
        ui.allocate_ui(Vec2::new(120.0, 40.0), |ui| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new("Un texte bien trop long pour sa place").size(22.0),
                )
                .truncate(),
            );
        });
        let painter = ui.painter();
        painter.text(
            egui::pos2(300.0, 300.0),
            egui::Align2::LEFT_TOP,
            "Dessous",
            font(30.0),
            egui::Color32::BLACK,
        );
        painter.text(
            egui::pos2(310.0, 305.0),
            egui::Align2::LEFT_TOP,
            "Dessus",
            font(30.0),
            egui::Color32::BLACK,
        );
        painter
            .with_clip_rect(egui::Rect::from_min_size(
                egui::pos2(300.0, 400.0),
                Vec2::new(60.0, 60.0),
            ))
            .text(
                egui::pos2(300.0, 400.0),
                egui::Align2::LEFT_TOP,
                "Débordant",
                font(30.0),
                egui::Color32::BLACK,
            );
    });
    let found = |words: &str| broken.iter().any(|problem| problem.contains(words));
    assert!(found("\"Petit texte\" is 14.0 px, under 20"), "{broken:#?}");
    assert!(found("is 24.0 px, under 28"), "{broken:#?}");
    assert!(found("is cut short"), "{broken:#?}");
    assert!(
        found("\"Dessous\" is painted over \"Dessus\""),
        "{broken:#?}"
    );
    assert!(found("\"Débordant\" at"), "{broken:#?}");

    let clean = problems_of(move |ui| {
        ui.label(egui::RichText::new("Un texte lisible").size(22.0));
        ui.label(egui::RichText::new("2,00\u{a0}€").size(30.0));
    });
    assert!(clean.is_empty(), "{clean:#?}");
}
