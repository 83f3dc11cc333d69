//! One frame of each game's table mid-animation at 1920×1080 (egui's pass and
//! the tessellation, as a real frame costs before the GPU), beside frames of
//! egui's own demo in the same run — every window open, and the three it opens
//! at first: the anchors each screen is held to.
//!
//! `cargo bench -p guichet-kiosk --bench frames` times them;
//! `scripts/frame-instructions.sh` counts each one's instructions per frame
//! under callgrind, through this same binary run with `FRAME_SCREEN=<name>
//! FRAME_COUNT=<n>` (`FRAME_LIST=1` names the screens).

use guichet_sale::PointOfSale as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use egui::{Pos2, RawInput, Rect, Vec2};
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_kiosk::ui::games::table::{Table, TableContext};
use guichet_kiosk::ui::games::{GAMES, Opening, table_for};
use guichet_kiosk::ui::i18n::{Language, Texts};
use guichet_kiosk::ui::theme;
use guichet_sale::{LimitKind, MAX_LIMIT, Unit};
use guichet_sqlite::OpenOptions;

/// mimalloc, as the kiosk runs with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// When the step revealed on the table begins to show.
const STEP_STARTS: f64 = 1.0;
/// The frame measured: a fraction of a second into the reveal.
const MID_STEP: f64 = 1.15;

/// Every window of egui's demo, for the anchor frame.
const DEMO_WINDOWS: &str = r#"{"open":["About egui","Clipboard Test","Cursor Test","Grid Test","ID Test","Input Event History","Input Test","Layout Test","Manual Layout Test","SVG Test","Tessellation Test","Window Resize Test","\u20e3 Interactive Container","\u2755 Popups","↔️ Sliders","↕️ Scrolling","⌨️ Code Editor","⌨️ Code Example","▣ Frame","▣ Strip","☰ Table","♫ Dancing Strings","✋ Drag and Drop","✏️ TextEdit","✨ Highlighting","✨ Misc Demos","⟲ Undo Redo","〰 Band","〰️ Bézier Curve","👌 Multi Touch","💬 Tooltips","💭 Modals","📄 Text Layout","📰 Panels","📷 Screenshot","🔍 Scene","🔤 Font Book","🔲 Window Options","🖊️ Painting","🖥️ Extra Viewport","🗄️ Widget Gallery","😀 Completion"]}"#;

fn input(time: f64) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(1920.0, 1080.0))),
        time: Some(time),
        ..RawInput::default()
    }
}

/// A table with a unit half revealed and its next step mid-animation.
struct Scene {
    context: egui::Context,
    texts: Texts,
    table: Table,
    emission: &'static Emission,
    unit: Unit,
    _folder: tempfile::TempDir,
}

impl Scene {
    fn new(emission: &'static Emission) -> Self {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let mut store = OpenOptions::new()
            .keys(guichet_sqlite::keys::KeyStore::Folder(
                std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys"),
            ))
            .seeds(|_, _| Seed::from_bytes([7; 32]))
            .open(&folder.path().join("guichet.sqlite3"))
            .expect("a store");
        // The player staking: 18 or over, signed in.
        store.add_player("1", "2468", true).expect("a player");
        store.act_for("1").expect("the player");
        for kind in [LimitKind::Deposit, LimitKind::Stake] {
            store.set_limit(kind, MAX_LIMIT).expect("a limit");
        }
        store.deposit(Cents::euros(10)).expect("a deposit");
        // Half the unit shown already (taken up as on a resume), the next
        // step mid-animation: a table mid-draw.
        let mut unit = store.buy(emission).expect("a unit");
        let half = unit.progress.remaining_steps(&unit.scenario).len() / 2;
        for _ in 0..half {
            let step = unit.progress.possible_steps()[0];
            unit = store.reveal(unit.id, &[step]).expect("a step");
        }
        let shown_before = unit.clone();
        let step = unit.progress.possible_steps()[0];
        let unit = store.reveal(unit.id, &[step]).expect("a step");
        let context = egui::Context::default();
        theme::install(&context);
        let mut table = table_for(emission.game);
        table.open(&shown_before, Opening::Resume);
        let mut scene = Self {
            context,
            texts: Texts::new(Language::French),
            table,
            emission,
            unit,
            _folder: folder,
        };
        // Warm up: fonts, the first sight of the step revealed.
        scene.frame(STEP_STARTS);
        scene.frame(MID_STEP);
        scene
    }

    /// One frame at `time`: the pass and its tessellation; the primitives made.
    fn frame(&mut self, time: f64) -> usize {
        let context = TableContext {
            emission: self.emission,
            unit: Some(&self.unit),
            balance: Cents::euros(8),
            texts: &self.texts,
            for_sale: true,
        };
        let table = &mut self.table;
        let output = self.context.run_ui(input(time), |ui| {
            let mut commands = Vec::new();
            table.ui(ui, &context, &mut commands);
        });
        self.context
            .tessellate(output.shapes, output.pixels_per_point)
            .len()
    }
}

/// egui's demo: every window open, or the three it opens at first.
struct Demo {
    context: egui::Context,
    windows: egui_demo_lib::DemoWindows,
}

impl Demo {
    fn new(every_window: bool) -> Self {
        let windows = if every_window {
            serde_json::from_str(DEMO_WINDOWS).expect("the demo's windows")
        } else {
            egui_demo_lib::DemoWindows::default()
        };
        let mut demo = Self {
            context: egui::Context::default(),
            windows,
        };
        demo.frame(STEP_STARTS);
        demo
    }

    fn frame(&mut self, time: f64) -> usize {
        let windows = &mut self.windows;
        let mut output = self.context.run_ui(input(time), |ui| windows.ui(ui));
        output.textures_delta.clear();
        self.context
            .tessellate(output.shapes, output.pixels_per_point)
            .len()
    }
}

/// The attract loop, the lobby's games in turn over the whole screen.
struct Attract {
    context: egui::Context,
    texts: Texts,
}

impl Attract {
    fn new() -> Self {
        let context = egui::Context::default();
        theme::install(&context);
        egui_extras::install_image_loaders(&context);
        let mut attract = Self {
            context,
            texts: Texts::new(Language::French),
        };
        // The illustrations decode on their first frames.
        for _ in 0..20 {
            attract.frame(STEP_STARTS);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        attract
    }

    fn frame(&mut self, time: f64) -> usize {
        let texts = &self.texts;
        let mut output = self.context.run_ui(input(time), |ui| {
            guichet_kiosk::ui::attract::show(ui, time, texts);
        });
        output.textures_delta.clear();
        self.context
            .tessellate(output.shapes, output.pixels_per_point)
            .len()
    }
}

/// What a frame is measured of.
#[derive(Clone, Copy)]
enum Measured {
    /// A game's table.
    Table(&'static Emission),
    /// The attract loop.
    Attract,
    /// egui's demo, every window open (true) or its first three.
    Demo(bool),
}

/// The screens measured, by name: every game's table of the registry (the
/// emission its lobby tile opens, by its command-line name), the attract
/// loop, and the anchors.
fn screens() -> Vec<(&'static str, Measured)> {
    GAMES
        .iter()
        .map(|entry| {
            (
                entry.game.slug(),
                Measured::Table(entry.game.rules().first_offered),
            )
        })
        .chain([
            ("attract", Measured::Attract),
            ("egui-demo", Measured::Demo(true)),
            ("egui-demo-start", Measured::Demo(false)),
        ])
        .collect()
}

/// A screen's frame, run over and over.
fn framer(measured: Measured) -> Box<dyn FnMut() -> usize> {
    match measured {
        Measured::Table(emission) => {
            let mut scene = Scene::new(emission);
            Box::new(move || scene.frame(black_box(MID_STEP)))
        }
        Measured::Attract => {
            let mut attract = Attract::new();
            Box::new(move || attract.frame(black_box(MID_STEP)))
        }
        Measured::Demo(every_window) => {
            let mut demo = Demo::new(every_window);
            Box::new(move || demo.frame(black_box(MID_STEP)))
        }
    }
}

fn frames(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("frame at 1920×1080 (egui + tessellation)");
    for (name, measured) in screens() {
        let mut frame = framer(measured);
        group.bench_function(name, |bench| bench.iter(&mut frame));
    }
    group.finish();
}

criterion_group!(benches, frames);

fn main() {
    // For the script that counts instructions: the screens' names.
    if std::env::var_os("FRAME_LIST").is_some() {
        for (name, _) in screens() {
            println!("{name}");
        }
        return;
    }
    // Under callgrind: FRAME_COUNT frames of FRAME_SCREEN, and nothing else.
    if let (Ok(name), Ok(count)) = (std::env::var("FRAME_SCREEN"), std::env::var("FRAME_COUNT")) {
        let (_, measured) = screens()
            .into_iter()
            .find(|(screen, _)| *screen == name)
            .expect("FRAME_SCREEN names a screen");
        let mut frame = framer(measured);
        let count: usize = count.parse().expect("FRAME_COUNT is a number");
        let primitives: usize = (0..count).map(|_| frame()).sum();
        println!("{name}: {count} frames, {primitives} primitives");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
