//! One frame of the Black Jack table at 1920×1080, mid-animation (a hand's
//! cards turning over): the egui pass and its tessellation, no GPU.
//!
//! For an instruction count, run the bench binary under
//! `valgrind --tool=callgrind --toggle-collect='*one_frame*'` and divide the
//! collected total by the number of calls callgrind reports.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, RawInput, Rect, Vec2};
use guichet::ui::games::{GameScreen, Table, screen_for};
use guichet::ui::i18n::{Language, Texts};
use guichet::ui::theme;
use guichet_core::block::Seed;
use guichet_core::emission::{BLACK_JACK, Game};
use guichet_core::money::Cents;
use guichet_core::reveal::RevealStep;

/// The allocator of the kiosk binary, so that the figure is the product's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// When the first frame sees the hand revealed, starting its turn.
const TURN_STARTS: f64 = 10.0;
/// A moment halfway through the turn.
const MID_TURN: f64 = 10.2;

/// Runs and tessellates one frame of `screen` at `time`; returns the number of
/// clipped meshes, so that nothing is optimised away.
#[inline(never)]
fn one_frame(
    context: &egui::Context,
    screen: &mut dyn GameScreen,
    table: &Table<'_>,
    time: f64,
) -> usize {
    let input = RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(1920.0, 1080.0))),
        time: Some(time),
        ..RawInput::default()
    };
    let output = context.run_ui(input, |ui| {
        let mut commands = Vec::new();
        screen.ui(ui, table, &mut commands);
    });
    context
        .tessellate(output.shapes, output.pixels_per_point)
        .len()
}

fn frame_mid_animation(criterion: &mut Criterion) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut store = guichet_store::OpenOptions::new()
        .seeds(|_, _| Seed::from_bytes([7; 32]))
        .open(&folder.path().join("guichet.sqlite3"))
        .expect("a store");
    store.deposit(Cents::euros(10)).expect("a deposit");
    let bought = store.buy(&BLACK_JACK).expect("a unit");
    let revealed = store
        .reveal(bought.id, &[RevealStep::Zone { zone: 1 }])
        .expect("a step");

    let context = egui::Context::default();
    theme::install(&context);
    let texts = Texts::new(Language::French);
    let mut screen = screen_for(Game::BlackJack);
    screen.open(&bought, guichet::ui::games::Opening::Play { auto: false });
    let table = Table {
        emission: &BLACK_JACK,
        unit: Some(&revealed),
        balance: Cents::euros(8),
        texts: &texts,
    };
    // Warm up: fonts, the first sight of the revealed hand.
    one_frame(&context, screen.as_mut(), &table, TURN_STARTS);
    one_frame(&context, screen.as_mut(), &table, MID_TURN);

    criterion.bench_function(
        "Black Jack frame mid-flip at 1920×1080 (egui + tessellation)",
        |bench| {
            bench.iter(|| one_frame(&context, screen.as_mut(), &table, black_box(MID_TURN)));
        },
    );
}

criterion_group!(benches, frame_mid_animation);
criterion_main!(benches);
