//! What the kiosk's screen tests share: real SQLite files with chosen seeds, a
//! headless kiosk rendered through wgpu on the CPU, and the moves of a player
//! at any game's table.

#![allow(dead_code)] // Each test file uses its own part of this module.

#[path = "../../../guichet-sqlite/tests/support/forge.rs"]
pub mod forge;
pub mod monkey;

use std::path::{Path, PathBuf};

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::block::{Block, Seed};
use guichet_core::emission::{Emission, Game};
use guichet_core::games::Scenario;
use guichet_core::generator::unit_scenario;
use guichet_core::money::Cents;
use guichet_kiosk::app::{Guichet, Page};
use guichet_kiosk::window::WINDOW_SIZE;
use guichet_sale::{LimitKind, MAX_LIMIT, PointOfSale as _, StoreError, Unit, UnitState};
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{OpenOptions, Store};
use tempfile::TempDir;

/// The kiosk screens Guichet is sold for: every layout test runs at each.
pub const KIOSK_SIZES: [(f32, f32); 5] = [
    (1024.0, 768.0),
    (1280.0, 800.0),
    (1366.0, 768.0),
    (1920.0, 1080.0),
    (1080.0, 1920.0),
];

/// A fresh database in a temporary folder, private as an installed kiosk's
/// is (a folder open to other users is said in the operator menu).
pub fn new_database() -> (TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt as _;
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700))
        .expect("a private folder");
    let path = folder.path().join("guichet.sqlite3");
    (folder, path)
}

/// The tests' key store, apart from the user's own.
pub fn keys() -> KeyStore {
    KeyStore::Folder(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys"))
}

/// Options that keep the keys in the tests' key store.
pub fn options() -> OpenOptions {
    OpenOptions::new().keys(keys())
}

/// Opens (or creates) the database at `path`, its keys in the tests' store,
/// acting for player [`CARD`] if they are there (as another process, or the
/// desk, would).
pub fn open(path: &Path) -> Result<Store, StoreError> {
    options().open(path).map(|mut store| {
        #[expect(
            clippy::let_underscore_must_use,
            reason = "a file without the player opens as it is: the tests look"
        )]
        let _ = store.act_for(CARD);
        store
    })
}

/// Options whose blocks have seeds of our choosing: block `n` of the emission
/// at position `p` is seeded with the bytes `seed_byte + p + 16 n`, so that the
/// units are the same on every run.
pub fn seeded(seed_byte: u8) -> OpenOptions {
    options().seeds(move |emission, number| seed_of(seed_byte, emission, number))
}

/// The seed `seeded(seed_byte)` gives block `number` of `emission`.
pub fn seed_of(seed_byte: u8, emission: &Emission, number: u32) -> Seed {
    let position = guichet_core::games::emissions()
        .position(|other| std::ptr::eq(other, emission))
        .unwrap_or(0) as u8;
    Seed::from_bytes(
        [seed_byte
            .wrapping_add(position)
            .wrapping_add((number as u8).wrapping_mul(16)); 32],
    )
}

/// Options under which block 0 of `emission` has `seed` (the others seeded
/// with the bytes `100 + n`).
pub fn with_block_seed(emission: &'static Emission, seed: Seed) -> OpenOptions {
    options().seeds(move |asked, number| {
        if std::ptr::eq(asked, emission) && number == 0 {
            seed.clone()
        } else {
            Seed::from_bytes([100_u8.wrapping_add(number as u8); 32])
        }
    })
}

/// Opens the store at `path`, every block seeded as `seeded(seed_byte)`,
/// acting for player [`CARD`] if they are there.
pub fn seeded_store(path: &Path, seed_byte: u8) -> Store {
    let mut store = seeded(seed_byte).open(path).expect("a store");
    #[expect(
        clippy::let_underscore_must_use,
        reason = "a file without the player opens as it is: the tests look"
    )]
    let _ = store.act_for(CARD);
    store
}

/// Sets every unit's sale time to a fixed one, a minute apart, and every
/// block's publication to a fixed morning, so that the screens show the same
/// times on every run.
/// (Behind the store's back: the chain's triggers dropped and put back, so
/// `verify` would name each row; no test of these files verifies.)
pub fn fix_times(path: &Path) {
    forge::forge(path, FIXED_TIMES);
}

/// [`fix_times`] made by `store` itself, chained with its key: the file
/// still sells (a block changed behind its back sells nothing).
pub fn fix_times_in(store: &mut Store) {
    store.rewrite(FIXED_TIMES).expect("the times fixed");
}

/// The SQL of [`fix_times`].
const FIXED_TIMES: &str = "UPDATE units SET sold_at = printf('2026-11-29T14:%02d:00Z', id % 60);
     UPDATE blocks SET committed_at = '2026-11-29T09:00:00Z',
                       selling_since = CASE WHEN selling_since IS NULL THEN NULL ELSE '2026-11-29T09:00:00Z' END;";

/// The card of the player most tests play as.
pub const CARD: &str = "1";

/// Their PIN.
pub const PIN: &str = "2468";

/// Signs player [`CARD`] in on `store`, adding them first (no age answer)
/// if they are not there: the player at the screen of every test that does
/// not sign in itself.
pub fn signed_in(store: &mut Store) {
    if store.card().is_some() {
        return;
    }
    if store.sign_in(CARD, PIN).is_err() {
        store.add_player(CARD, PIN, false).expect("a player");
        store.sign_in(CARD, PIN).expect("signed in");
    }
}

/// Makes `store` the account of a player signed in ([`signed_in`]) who said
/// they are 18 or over and set the highest 7-day limits (what is already
/// answered or set stays): the account of every test that is not about
/// player protection.
pub fn of_age(store: &mut Store) {
    signed_in(store);
    let protection = store.protection().expect("the protection");
    if protection.adult != Some(true) {
        store.answer_age(true).expect("an answer");
    }
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        if protection.limit(kind).current.is_none() {
            store.set_limit(kind, MAX_LIMIT).expect("a limit");
        }
    }
}

/// The kiosk over `store` (a player of age, with limits), headless, at the
/// window's size, its times in UTC.
pub fn kiosk(store: Result<Store, StoreError>) -> Harness<'static, Guichet> {
    kiosk_sized(store, Vec2::from(WINDOW_SIZE))
}

/// The kiosk over `store` (a player of age, with limits), headless, at `size`.
pub fn kiosk_sized(store: Result<Store, StoreError>, size: Vec2) -> Harness<'static, Guichet> {
    let store = store.map(|mut store| {
        of_age(&mut store);
        store
    });
    kiosk_as_it_is(store, size)
}

/// The kiosk over `store` as it is, player [`CARD`] signed in (a first use
/// asks their age), headless, at `size`.
pub fn kiosk_as_it_is(store: Result<Store, StoreError>, size: Vec2) -> Harness<'static, Guichet> {
    let store = store.map(|mut store| {
        signed_in(&mut store);
        store
    });
    kiosk_configured(store, size, |kiosk| kiosk)
}

/// The kiosk over `store` as it is, headless, at `size`, its times in UTC,
/// then as `configure` makes it (an operator's setting).
pub fn kiosk_configured(
    store: Result<Store, StoreError>,
    size: Vec2,
    configure: impl FnOnce(Guichet) -> Guichet + 'static,
) -> Harness<'static, Guichet> {
    Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .with_render_cursor(false)
        // Animations are driven by time: up to four seconds of them may run.
        .with_max_steps(240)
        .build_eframe(move |creation| {
            configure(
                Guichet::new(&creation.egui_ctx, store, jiff::tz::TimeZone::UTC)
                    // kittest clears to transparent, not to the clear colour.
                    .with_painted_lounge(),
            )
        })
}

/// The first seed — `[k; 32]`, then one numbered in its first eight bytes —
/// whose block 0 of `emission` starts with a unit that `wanted` accepts: fixed
/// seeds choosing the unit each test shows.
pub fn seed_where(emission: &'static Emission, wanted: impl Fn(Cents, &Scenario) -> bool) -> Seed {
    let numbered = (0..100_000_u64).map(|number| {
        let mut bytes = [0xA5; 32];
        bytes[..8].copy_from_slice(&number.to_le_bytes());
        Seed::from_bytes(bytes)
    });
    (0..=u8::MAX)
        .map(|byte| Seed::from_bytes([byte; 32]))
        .chain(numbered)
        .find(|seed| {
            let (prize, scenario) = unit_scenario(&Block::open(emission, 0, seed), 0);
            wanted(prize, &scenario)
        })
        .expect("one of the seeds tried gives such a unit")
}

/// The label of a game's lobby tile.
pub fn tile_label(game: Game) -> String {
    format!("Jouer à {}", game.title())
}

/// "Jouer 2 €", as the button says it (with a no-break space).
pub fn play_label(emission: &Emission) -> String {
    format!("Jouer {}", emission.stake.short())
}

/// A kiosk whose block 0 of `emission` is opened with `seed`, with 20 € on
/// it, at `emission`'s table (its stake chosen, for a game sold at several).
pub fn table_with(
    emission: &'static Emission,
    seed: &Seed,
) -> (TempDir, Harness<'static, Guichet>) {
    let (folder, path) = new_database();
    let mut store = with_block_seed(emission, seed.clone())
        .open(&path)
        .expect("a store");
    of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let mut harness = kiosk(Ok(store));
    harness.get_by_label(&tile_label(emission.game)).click();
    harness.run();
    let on_table = |harness: &Harness<'_, Guichet>| match harness.state().page() {
        Page::Game(game) => game.emission() == emission,
        _ => false,
    };
    if !on_table(&harness) {
        harness.get_by_label(&emission.stake.short()).click();
        harness.run();
    }
    assert!(on_table(&harness), "at the {emission} table");
    (folder, harness)
}

/// The unit on the table.
pub fn unit_on_table(harness: &Harness<'_, Guichet>) -> Option<Unit> {
    match harness.state().page() {
        Page::Game(game) => game.unit().cloned(),
        _ => None,
    }
}

/// The kiosk's own file, to read through the sale API.
pub fn store_of<'a>(harness: &'a mut Harness<'_, Guichet>) -> &'a mut Store {
    harness.state_mut().store_mut().expect("a store")
}

/// The unit on the table, as the kiosk's store holds it.
pub fn stored_unit_on_table(harness: &mut Harness<'_, Guichet>) -> Unit {
    let unit = unit_on_table(harness).expect("a unit on the table");
    store_of(harness).unit(unit.id).expect("stored")
}

/// The balance as the store holds it.
pub fn balance(harness: &Harness<'_, Guichet>) -> Cents {
    harness.state().balance().expect("a balance is shown")
}

/// Steps the kiosk (1/60 s each) until `done`, for at most `seconds`.
pub fn run_until(
    harness: &mut Harness<'_, Guichet>,
    seconds: f32,
    done: impl Fn(&Harness<'_, Guichet>) -> bool,
) {
    for _ in 0..(seconds * 60.0) as usize {
        if done(harness) {
            return;
        }
        harness.step();
    }
    assert!(done(harness), "not done after {seconds} s");
}

/// How many prizes the kiosk's store has credited.
pub fn prizes_credited(harness: &Harness<'_, Guichet>) -> usize {
    harness
        .state()
        .store()
        .expect("a store")
        .ledger()
        .expect("a ledger")
        .into_iter()
        .filter(|entry| entry.kind == guichet_sqlite::LedgerKind::Prize)
        .count()
}

/// A unit of `emission` played to its result, then replayed from the history
/// for `replay_steps` frames: what the screen showed each time.
pub struct Replayed {
    /// The unit's folder, kept while the harness runs.
    pub folder: TempDir,
    /// The kiosk, at the replay's end.
    pub harness: Harness<'static, Guichet>,
    /// The unit as the store holds it.
    pub stored: Unit,
    /// The result's words.
    pub expected: String,
    /// Whether the result showed once played.
    pub shown_when_played: bool,
    /// Whether it showed again at the replay's end.
    pub shown_in_replay: bool,
}

/// Plays a unit of `emission` from `seed` to its result ([`auto_played`]),
/// then replays it from the history for `replay_steps` frames (its time of
/// sale fixed, [`fix_times`]).
pub fn played_then_replayed(
    emission: &'static Emission,
    seed: &Seed,
    replay_steps: usize,
) -> Replayed {
    let (folder, mut harness) = auto_played(emission, seed);
    let stored = stored_unit_on_table(&mut harness);
    let expected = result_words(stored.prize, emission.stake);
    let shown_when_played = harness.query_by_label(&expected).is_some();
    // The replay's strip says when the unit was sold: the same on every run.
    fix_times(&folder.path().join("guichet.sqlite3"));
    press_in_bar(&mut harness, "Historique");
    harness.get_by_label("Revoir").click();
    harness.run_steps(replay_steps);
    let shown_in_replay = harness.query_by_label(&expected).is_some();
    Replayed {
        folder,
        harness,
        stored,
        expected,
        shown_when_played,
        shown_in_replay,
    }
}

/// Presses the top bar's `label`, through the menu when the bar folds it.
pub fn press_in_bar(harness: &mut Harness<'_, Guichet>, label: &str) {
    if harness.query_by_label(label).is_none() {
        harness.get_by_label("Menu").click();
        harness.run();
    }
    harness.get_by_label(label).click();
    harness.run();
}

/// Whether the unit on the table is settled.
pub fn settled(harness: &Harness<'_, Guichet>) -> bool {
    unit_on_table(harness).is_some_and(|unit| unit.state == UnitState::Settled)
}

/// Lets every animation of the table end.
pub fn settle_animations(harness: &mut Harness<'_, Guichet>) {
    harness.run_steps(240);
}

/// How a unit is played at its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playing {
    /// "Auto" at once: bought and revealed in turn (where the game has it).
    Auto,
    /// "Jouer", then "Auto" on the unit bought.
    PlayThenAuto,
    /// "Jouer", then each step by its control (pucks, "GO").
    StepByStep,
}

/// Whether `game`'s table has "Auto" (its règlement's choice).
pub fn has_auto(game: Game) -> bool {
    (guichet_kiosk::ui::games::entry(game).table)().has_auto()
}

/// Buys a unit at the table and reveals it all: with "Auto" where the game has
/// it, by taking its steps one by one where it has not (Star Fortune's pucks and
/// GO, by their buttons); then lets the result show.
pub fn auto_played(
    emission: &'static Emission,
    seed: &Seed,
) -> (TempDir, Harness<'static, Guichet>) {
    let (folder, mut harness) = table_with(emission, seed);
    play_at_table(&mut harness, emission);
    settle_animations(&mut harness);
    (folder, harness)
}

/// At `emission`'s table, buys a unit and reveals it all ("Auto" where the
/// game has it, its steps one by one otherwise), then lets the result show.
pub fn play_at_table(harness: &mut Harness<'_, Guichet>, emission: &'static Emission) {
    let playing = if has_auto(emission.game) {
        Playing::Auto
    } else {
        Playing::StepByStep
    };
    play_at_table_by(harness, emission, playing);
}

/// At `emission`'s table, buys a unit and reveals it all as `playing` says,
/// then lets the result show.
pub fn play_at_table_by(
    harness: &mut Harness<'_, Guichet>,
    emission: &'static Emission,
    playing: Playing,
) {
    let before = unit_on_table(harness).map(|unit| unit.id);
    if playing == Playing::StepByStep {
        harness.get_by_label(&play_label(emission)).click();
        harness.run_steps(2);
        while !settled(harness) {
            let unit = unit_on_table(harness).expect("a unit");
            let step = unit.progress.possible_steps()[0];
            let label = step_label(step);
            // The control shows once the drop before has ended on screen.
            run_until(harness, 6.0, |harness| {
                harness.query_by_label(&label).is_some()
            });
            harness.get_by_label(&label).click();
            run_until(harness, 6.0, |harness| {
                unit_on_table(harness).is_some_and(|now| now.steps.len() > unit.steps.len())
            });
            // The frame after the step shows what it opened.
            harness.run_steps(2);
        }
    } else {
        if playing == Playing::PlayThenAuto {
            harness.get_by_label(&play_label(emission)).click();
            harness.run_steps(2);
            assert!(unit_on_table(harness).is_some(), "bought by Jouer");
            assert!(!settled(harness), "nothing revealed yet");
        }
        harness.get_by_label("Auto").click();
        // The unit bought here settled, not the one before still on the table.
        run_until(harness, 20.0, |harness| {
            unit_on_table(harness)
                .is_some_and(|unit| Some(unit.id) != before && unit.state == UnitState::Settled)
        });
    }
    settle_animations(harness);
}

/// The label of the control that takes `step` at a table without zones: a
/// puck, or "GO".
pub fn step_label(step: guichet_core::step::RevealStep) -> String {
    use guichet_core::step::RevealStep;
    match step {
        RevealStep::Puck { puck, .. } => format!("Palet {}: le lâcher", puck + 1),
        RevealStep::Go { .. } | RevealStep::Zone { .. } => "GO".to_owned(),
    }
}

/// The words of a unit's result as the bar says it (in a sentence, thousands
/// are kept whole with U+00A0).
pub fn result_words(prize: Cents, stake: Cents) -> String {
    match guichet_kiosk::ui::games::Outcome::of(prize, stake) {
        guichet_kiosk::ui::games::Outcome::Won(prize, _) => {
            format!("Vous gagnez {prize}").replace('\u{202F}', "\u{A0}")
        }
        guichet_kiosk::ui::games::Outcome::StakeBack => "Mise remboursée".to_owned(),
        guichet_kiosk::ui::games::Outcome::Lost => "Pas de gain cette fois".to_owned(),
    }
}

/// The nodes whose place on the screen is checked: what can be touched or read.
const LAID_OUT: [egui::accesskit::Role; 6] = [
    egui::accesskit::Role::Button,
    egui::accesskit::Role::Label,
    egui::accesskit::Role::CheckBox,
    egui::accesskit::Role::RadioButton,
    egui::accesskit::Role::TextInput,
    egui::accesskit::Role::Link,
];

/// The smallest a touch target may be across, in points (a finger's).
pub const TOUCH_TARGET: f32 = 64.0;

/// What is laid out wrong on the screen the kiosk shows now, from its
/// accessibility tree: an interactive or text node partly off the screen,
/// two such nodes overlapping that are not one inside the other, or a button
/// smaller than a finger ([`TOUCH_TARGET`]). Nodes inside a
/// scroll view count only where the view shows them.
pub fn layout_problems(harness: &Harness<'_, Guichet>) -> Vec<String> {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;

    struct Seen {
        id: String,
        name: String,
        rect: egui::Rect,
        ancestors: Vec<String>,
        /// In a menu drawn over the page: it may cover what lies under it.
        on_top: bool,
        /// A button shown whole (not cut by a scroll view's edge): a touch
        /// target, at least a finger's size.
        whole_button: bool,
    }
    let screen = harness.ctx.content_rect();
    let points = harness.ctx.pixels_per_point();
    let rect_of = |node: &egui_kittest::Node<'_>| {
        node.accesskit_node().bounding_box().map(|bounds| {
            egui::Rect::from_min_max(
                egui::pos2(bounds.x0 as f32, bounds.y0 as f32) / points,
                egui::pos2(bounds.x1 as f32, bounds.y1 as f32) / points,
            )
        })
    };
    let mut seen: Vec<Seen> = Vec::new();
    for node in harness.root().children_recursive() {
        let access = node.accesskit_node();
        if !LAID_OUT.contains(&access.role()) || access.is_hidden() {
            continue;
        }
        let Some(mut rect) = rect_of(&node) else {
            continue;
        };
        let whole = rect;
        let mut ancestors = Vec::new();
        let mut on_top = false;
        let mut parent = node.parent();
        while let Some(up) = parent {
            let up_access = up.accesskit_node();
            if up_access.role() == Role::ScrollView
                && let Some(view) = rect_of(&up)
            {
                rect = rect.intersect(view);
            }
            on_top |= up_access.role() == Role::Menu;
            ancestors.push(format!("{:?}", up_access.id()));
            parent = up.parent();
        }
        if rect.width() <= 0.5 || rect.height() <= 0.5 {
            continue; // Scrolled out of view.
        }
        seen.push(Seen {
            id: format!("{:?}", access.id()),
            name: format!(
                "{:?} {:?}",
                access.role(),
                access
                    .label()
                    .or_else(|| access.value())
                    .unwrap_or_default()
            ),
            rect,
            ancestors,
            on_top,
            whole_button: access.role() == Role::Button && rect == whole,
        });
    }
    let mut problems = Vec::new();
    for node in &seen {
        if !screen.expand(0.5).contains_rect(node.rect) {
            problems.push(format!(
                "{} at {:?} lies partly off the screen {:?}",
                node.name, node.rect, screen
            ));
        }
    }
    problems.extend(small_targets(
        seen.iter()
            .filter(|node| node.whole_button)
            .map(|node| (node.name.as_str(), node.rect)),
    ));
    for (position, first) in seen.iter().enumerate() {
        for second in &seen[position + 1..] {
            let related = first.ancestors.contains(&second.id)
                || second.ancestors.contains(&first.id)
                || first.on_top != second.on_top;
            let common = first.rect.intersect(second.rect);
            if !related && common.width() > 1.0 && common.height() > 1.0 {
                problems.push(format!(
                    "{} at {:?} overlaps {} at {:?}",
                    first.name, first.rect, second.name, second.rect
                ));
            }
        }
    }
    problems.extend(text_problems(harness));
    problems
}

/// The smallest text may be, in pixels (LOOK.md: body text).
pub const SMALLEST_TEXT: f32 = 20.0;

/// The smallest an amount shown on its own may be, in pixels (LOOK.md).
pub const SMALLEST_AMOUNT: f32 = 28.0;

/// A text painted in the last frame, where the screen shows it.
pub struct PaintedText {
    text: String,
    /// Its rows' rectangles on the screen, in points.
    rows: Vec<egui::Rect>,
    /// The largest of its sections' sizes, in pixels.
    size: f32,
    /// Where it may be seen: the clip rectangle it was painted under.
    clip: egui::Rect,
    /// Cut short with "…" where its room ended.
    elided: bool,
}

/// Every text a frame painted (`output`, at `points` pixels per point; not
/// those drawn into a texture), with something to read in it.
pub fn painted_texts(output: &egui::FullOutput, points: f32) -> Vec<PaintedText> {
    fn walk(shape: &egui::Shape, clip: egui::Rect, points: f32, texts: &mut Vec<PaintedText>) {
        match shape {
            egui::Shape::Vec(shapes) => {
                for inner in shapes {
                    walk(inner, clip, points, texts);
                }
            }
            egui::Shape::Text(text) => {
                let galley = &text.galley;
                let visible = text.opacity_factor > 0.0
                    && text.override_text_color.is_none_or(|color| color.a() > 0);
                if !visible || galley.text().trim().is_empty() {
                    return;
                }
                let size = galley
                    .job
                    .sections
                    .iter()
                    .filter(|section| {
                        !galley.job.text[section.byte_range.start.0..section.byte_range.end.0]
                            .trim()
                            .is_empty()
                    })
                    .map(|section| section.format.font_id.size * points)
                    .fold(0.0, f32::max);
                let rows = galley
                    .rows
                    .iter()
                    .filter(|row| !row.row.glyphs.iter().all(|glyph| glyph.chr.is_whitespace()))
                    .map(|row| {
                        row.rect_without_leading_space()
                            .translate(text.pos.to_vec2())
                    })
                    .collect();
                texts.push(PaintedText {
                    text: galley.text().to_owned(),
                    rows,
                    size,
                    clip,
                    elided: galley.elided,
                });
            }
            _ => {}
        }
    }
    let mut texts = Vec::new();
    for clipped in &output.shapes {
        walk(&clipped.shape, clipped.clip_rect, points, &mut texts);
    }
    texts
}

/// Whether `text` is an amount and nothing else ("2,00 €", "+ 15 €").
fn is_amount(text: &str) -> bool {
    let figures = text
        .trim()
        .trim_start_matches(['+', '-', '−'])
        .trim_end_matches('€');
    text.trim().ends_with('€')
        && figures.chars().any(|c| c.is_ascii_digit())
        && figures
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c.is_whitespace() || c == '\u{202f}')
}

/// Where the menus drawn over the page lie, from the accessibility tree:
/// each menu's own box and those of the nodes inside it.
fn menu_rects(harness: &Harness<'_, Guichet>) -> Vec<egui::Rect> {
    use egui_kittest::kittest::NodeT as _;
    let points = harness.ctx.pixels_per_point();
    let in_menu = |node: &egui_kittest::Node<'_>| {
        let mut up = Some(*node);
        while let Some(current) = up {
            if current.accesskit_node().role() == egui::accesskit::Role::Menu {
                return true;
            }
            up = current.parent();
        }
        false
    };
    harness
        .root()
        .children_recursive()
        .filter(in_menu)
        .filter_map(|node| node.accesskit_node().bounding_box())
        .map(|bounds| {
            egui::Rect::from_min_max(
                egui::pos2(bounds.x0 as f32, bounds.y0 as f32) / points,
                egui::pos2(bounds.x1 as f32, bounds.y1 as f32) / points,
            )
        })
        .collect()
}

/// Whether the page shown lists figures in tables (the history, the rules'
/// prize tables, the operator's menu): there an amount is a table's cell,
/// body text like its neighbours, not a figure shown on its own.
fn lists_figures(harness: &Harness<'_, Guichet>) -> bool {
    matches!(
        harness.state().page(),
        Page::History(_) | Page::Rules(_) | Page::Operator(_)
    )
}

/// What is wrong with the texts painted in the last frame: a text smaller
/// than [`SMALLEST_TEXT`] (an amount shown on its own, [`SMALLEST_AMOUNT`]),
/// a text cut short or running out sideways of what holds it (its clip
/// rectangle: a scroll view cutting a row at its top or bottom edge is
/// scrolling, not overflowing), and a text painted over another.
fn text_problems(harness: &Harness<'_, Guichet>) -> Vec<String> {
    check_texts(
        painted_texts(harness.output(), harness.ctx.pixels_per_point()),
        lists_figures(harness),
        &menu_rects(harness),
    )
}

/// What is wrong with `texts` (see [`text_problems`]), where
/// `figures_in_tables` says the page lists amounts as table cells and
/// `menus` where menus lie over the page.
pub fn check_texts(
    mut texts: Vec<PaintedText>,
    figures_in_tables: bool,
    menus: &[egui::Rect],
) -> Vec<String> {
    // What a scroll view has scrolled out of sight is not on the screen.
    for text in &mut texts {
        text.rows.retain(|row| {
            let seen = row.intersect(text.clip);
            seen.width() > 0.5 && seen.height() > 0.5
        });
    }
    texts.retain(|text| !text.rows.is_empty());
    let in_menu = |text: &PaintedText| {
        text.rows.iter().all(|row| {
            menus
                .iter()
                .any(|menu| menu.expand(0.5).contains_rect(*row))
        })
    };
    let mut problems = Vec::new();
    for text in &texts {
        let smallest = if is_amount(&text.text) && !figures_in_tables {
            SMALLEST_AMOUNT
        } else {
            SMALLEST_TEXT
        };
        if text.size < smallest - 0.05 {
            problems.push(format!(
                "the text {:?} is {:.1} px, under {smallest} px",
                text.text, text.size
            ));
        }
        if text.elided {
            problems.push(format!("the text {:?} is cut short", text.text));
        }
        let holder = text.clip.expand(0.5);
        if let Some(row) = text
            .rows
            .iter()
            .find(|row| row.min.x < holder.min.x || row.max.x > holder.max.x)
        {
            problems.push(format!(
                "the text {:?} at {row:?} runs out of what holds it ({:?})",
                text.text, text.clip
            ));
        }
    }
    for (position, first) in texts.iter().enumerate() {
        for second in &texts[position + 1..] {
            if in_menu(first) != in_menu(second) {
                continue; // A menu is drawn over the page.
            }
            let over = first.rows.iter().any(|one| {
                second.rows.iter().any(|other| {
                    let common = one
                        .intersect(*other)
                        .intersect(first.clip)
                        .intersect(second.clip);
                    common.width() > 1.0 && common.height() > 1.0
                })
            });
            if over {
                problems.push(format!(
                    "the text {:?} is painted over {:?}",
                    first.text, second.text
                ));
            }
        }
    }
    problems
}

/// The buttons of `buttons` (name, rectangle) smaller across than a finger.
fn small_targets<'a>(buttons: impl Iterator<Item = (&'a str, egui::Rect)>) -> Vec<String> {
    buttons
        .filter_map(|(name, rect)| {
            let smallest = rect.width().min(rect.height());
            (smallest < TOUCH_TARGET - 0.5).then(|| {
                format!(
                    "{name} at {rect:?} is a touch target {smallest:.0} px across, under {TOUCH_TARGET} px"
                )
            })
        })
        .collect()
}

/// Opens the operator menu with `pin` through its key (F12) and the keypad:
/// the PIN is chosen (typed twice) if none is set yet.
pub fn open_operator(harness: &mut Harness<'_, Guichet>, pin: &str) {
    harness.key_press(egui::Key::F12);
    harness.run();
    open_operator_from_pin(harness, pin);
}

/// On the PIN page, opens the operator menu with `pin` (chosen, typed twice,
/// if none is set yet).
pub fn open_operator_from_pin(harness: &mut Harness<'_, Guichet>, pin: &str) {
    let typings = match harness.state().page() {
        Page::Pin(page) if matches!(page.step(), guichet_kiosk::ui::views::PinStep::Enter) => 1,
        Page::Pin(_) => 2,
        _ => panic!("on the PIN page"),
    };
    for _ in 0..typings {
        type_pin(harness, pin);
    }
    assert!(
        matches!(harness.state().page(), Page::Operator(_)),
        "the PIN opens the operator menu"
    );
}

/// Signs card `card`'s player in with `pin` as a player would: "Se
/// connecter" in the bar, the card's number then the PIN on the keypad.
pub fn sign_in_on_screen(harness: &mut Harness<'_, Guichet>, card: &str, pin: &str) {
    harness.get_by_label("Se connecter").click();
    harness.run();
    for digit in card.chars() {
        press_key(harness, digit);
    }
    harness.get_by_label("Suivant").click();
    harness.run();
    type_pin(harness, pin);
}

/// Presses the keypad's key `digit` (a button: the card typed so far may
/// read the same).
pub fn press_key(harness: &mut Harness<'_, Guichet>, digit: char) {
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, &digit.to_string())
        .click();
    harness.run();
}

/// Types `pin` on the keypad and confirms it.
pub fn type_pin(harness: &mut Harness<'_, Guichet>, pin: &str) {
    for digit in pin.chars() {
        press_key(harness, digit);
    }
    harness.get_by_label("Valider").click();
    harness.run();
}

/// Moves the window's clock by `seconds` in one jump, without any input.
pub fn wait(harness: &mut Harness<'_, Guichet>, seconds: f64) {
    let now = harness.ctx.input(|input| input.time);
    harness.input_mut().time = Some(now + seconds);
    harness.step();
    harness.input_mut().time = None;
    harness.step();
}

/// A tap in the middle of the window, lifted at once.
pub fn touch(harness: &mut Harness<'_, Guichet>) {
    let middle = harness.ctx.content_rect().center();
    harness.event(egui::Event::PointerMoved(middle));
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: middle,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    harness.run();
}
