//! The game-table layer: the machinery every game screen shares, so that a game
//! only paints its table.
//!
//! - [`RevealClock`]: when each revealed step began to show, keyed by
//!   `RevealStep` (zones, pucks, balls alike), and when the result did;
//! - [`Session`]: play, resume and replay once, and "Auto";
//! - [`TableScreen`]: the per-frame sequence around a game's [`GameTable::paint`]
//!   — follow the store, paint, turn a tap into a reveal (only a step the unit
//!   can take, only when the table takes taps), pace "Auto", show the result
//!   once every animation has ended, celebrate a win in proportion, repaint only
//!   while something moves;
//! - the bottom bar ([`bar`]): one message and "Jouer"/"Auto", in each game's
//!   words.
//!
//! Invariant: a table shows the stored unit and nothing else. A step turns over
//! only once the store has journaled it; the result shown is `unit.prize`, read
//! from the store; the unit is settled by `Guichet::handle` when its last step
//! is journaled, never by painting.

pub mod bar;
mod celebration;
mod clock;
mod outcome;
pub mod paint;
mod session;

pub use bar::BarWords;
pub use clock::RevealClock;
pub use outcome::{Celebration, Outcome};
pub use session::{Opening, Session};

use std::time::Duration;

use egui::{Pos2, Rect, Vec2, emath::easing};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::{Unit, UnitState};

use crate::command::{Command, PlayCommand};
use crate::sound::Cue;
use crate::ui::i18n::Texts;
use crate::ui::layout;
use crate::ui::theme::{motion, size};

/// What a game screen draws from.
pub struct Table<'a> {
    /// The emission on sale at this table.
    pub emission: &'static Emission,
    /// The unit on the table, as the store holds it (none before buying).
    pub unit: Option<&'a Unit>,
    /// The player's balance.
    pub balance: Cents,
    /// The kiosk's words.
    pub texts: &'a Texts,
    /// Whether units are sold here ("Jouer", "Auto", the stakes): not on the
    /// operator's recall of a unit.
    pub for_sale: bool,
}

/// A game's screen, as its page drives it.
pub trait GameScreen {
    /// Puts `unit` on the table: just bought, taken up, or replayed.
    fn open(&mut self, unit: &Unit, opening: Opening);
    /// "Auto" on the unit on the table.
    fn start_auto(&mut self);
    /// Stops "Auto" (the store refused a step: the unit is shown as it is).
    fn stop_auto(&mut self);
    /// Draws the table and pushes what the player asks for.
    fn ui(&mut self, ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>);
    /// The sounds of `step` of `unit`, just journaled, each after its delay.
    fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)>;
}

/// What one frame of a table shows: the unit and how far each of its reveals
/// has run.
pub struct TableView<'a> {
    /// The emission on sale.
    pub emission: &'static Emission,
    /// The unit on the table, if any.
    pub unit: Option<&'a Unit>,
    /// When each step began to show.
    pub clock: &'a RevealClock,
    /// The frame's time (`ui.input` time).
    pub now: f64,
    /// The kiosk's words.
    pub texts: &'a Texts,
    /// Whether a tap on a hidden zone reveals it.
    pub takes_taps: bool,
    /// Whether the result shows (the unit settled and every animation ended).
    pub result_shows: bool,
    /// The table's scale: 1 at the design size, computed from the room it has.
    pub scale: f32,
}

impl TableView<'_> {
    /// How far `step`'s animation of `duration` seconds, `delay` seconds after
    /// it began, has run: 0 to 1, not eased.
    #[must_use]
    pub fn progress(&self, step: RevealStep, delay: f32, duration: f32) -> f32 {
        self.clock.progress(step, delay, duration, self.now)
    }

    /// How far what follows `step`'s reveal (a total, an amount) has faded in,
    /// `after` seconds after the step began: 0 to 1, eased out.
    #[must_use]
    pub fn fade_in(&self, step: RevealStep, after: f32) -> f32 {
        easing::cubic_out(self.progress(step, after, motion::REVEAL))
    }

    /// Whether `step` has begun to show.
    #[must_use]
    pub fn is_shown(&self, step: RevealStep) -> bool {
        self.clock.started(step).is_some()
    }

    /// A length of the design, at this table's scale.
    #[must_use]
    pub fn px(&self, design: f32) -> f32 {
        design * self.scale
    }
}

/// One game's table: what it paints, how long its reveals last, its words.
pub trait GameTable {
    /// The bar's words.
    fn words(&self) -> BarWords;

    /// Whether the game has "Auto" (Star Fortune's règlement has none).
    fn has_auto(&self) -> bool {
        true
    }

    /// How long `step` of `unit` takes to show, from its start until the table
    /// is still.
    fn step_duration(&self, unit: &Unit, step: RevealStep) -> f32;

    /// The pause "Auto" (and a replay) makes between two steps.
    fn auto_pause(&self) -> f32 {
        motion::AUTO_PAUSE
    }

    /// Paints the table in `board` and returns the step the player tapped, if
    /// any: every zone it paints is a labelled touch area.
    fn paint(&mut self, ui: &mut egui::Ui, board: Rect, view: &TableView<'_>)
    -> Option<RevealStep>;

    /// Paints what lies under the whole table, the bar included (the felt,
    /// the sky).
    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect);

    /// The board's design size on a portrait kiosk, for a table that lays
    /// itself out anew there rather than as a band across the middle.
    fn portrait_design(&self) -> Option<Vec2> {
        None
    }

    /// Where a win's sparks rise, on a board at `scale`.
    fn celebration_area(&self, board: Rect, _scale: f32) -> Rect {
        board
    }

    /// The sounds of `step` of `unit`, just journaled, each after its delay
    /// from now: a swish, unless the game has sounds of its own.
    fn reveal_cues(&self, _unit: &Unit, _step: RevealStep) -> Vec<(Cue, Duration)> {
        vec![(Cue::Reveal, Duration::ZERO)]
    }
}

/// A game's table on the shared machinery.
#[derive(Debug, Default)]
pub struct TableScreen<G> {
    game: G,
    session: Session,
}

impl<G: GameTable> TableScreen<G> {
    /// The screen of `game`.
    pub fn new(game: G) -> Self {
        Self {
            game,
            session: Session::default(),
        }
    }
}

impl<G: GameTable> GameScreen for TableScreen<G> {
    fn open(&mut self, unit: &Unit, opening: Opening) {
        self.session.open(unit, opening);
    }

    fn start_auto(&mut self) {
        self.session.start_auto();
    }

    fn stop_auto(&mut self) {
        self.session.stop_auto();
    }

    fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        self.game.reveal_cues(unit, step)
    }

    fn ui(&mut self, ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>) {
        let now = ui.input(|input| input.time);
        let area = ui.available_rect_before_wrap();
        let scale = layout::scale(area.size());
        let bar_height = (size::TABLE_BAR * scale).max(size::TOUCH + 2.0 * size::GAP);
        let above_bar = Rect::from_min_max(
            area.min,
            Pos2::new(area.right(), area.bottom() - bar_height),
        );
        let bar = Rect::from_min_max(Pos2::new(area.left(), above_bar.bottom()), area.max);
        let game = &mut self.game;
        let (board, board_scale) = stage(game.portrait_design(), above_bar, scale);
        game.paint_backdrop(&ui.painter_at(area), area);
        let unit = table.unit;
        if let Some(unit) = unit {
            self.session.clock.follow(
                unit,
                now,
                |step| game.step_duration(unit, step),
                game.auto_pause(),
            );
        }
        let still_from = self
            .session
            .clock
            .still_from(|step| unit.map_or(0.0, |unit| game.step_duration(unit, step)));
        let result_at = self.session.clock.result_at().filter(|&at| now >= at);
        let view = TableView {
            emission: table.emission,
            unit,
            clock: &self.session.clock,
            now,
            texts: table.texts,
            takes_taps: unit.is_some_and(|unit| self.session.takes_taps(unit)),
            result_shows: result_at.is_some(),
            scale: board_scale,
        };
        let tapped = game.paint(ui, board, &view);
        if let (Some(unit), Some(step)) = (unit, tapped)
            && view.takes_taps
            && unit.progress.possible_steps().contains(&step)
        {
            commands.push(Command::Play(PlayCommand::Reveal {
                unit: unit.id,
                step,
            }));
        }

        let mut moving = now < still_from;
        if let Some(unit) = unit {
            let pause = game.auto_pause();
            if let Some(wait) = self
                .session
                .drive_auto(unit, now, still_from, pause, commands)
            {
                ui.ctx().request_repaint_after_secs(wait as f32);
            }
            if let Some(at) = self.session.clock.result_at().filter(|at| at.is_finite()) {
                if now < at {
                    ui.ctx().request_repaint_after_secs((at - now) as f32);
                } else if let Outcome::Won(_, size) = Outcome::of(unit.prize, unit.emission.stake)
                    && self.session.clock.celebrates()
                {
                    let area = game.celebration_area(board, board_scale);
                    moving |= celebration::paint(ui.painter(), area, size, (now - at) as f32);
                }
            }
        }
        let appear = result_at.map(|at| {
            if at.is_finite() {
                easing::cubic_out(((now - at) as f32 / motion::REVEAL).clamp(0.0, 1.0))
            } else {
                1.0
            }
        });
        if appear.is_some_and(|appear| appear < 1.0) {
            moving = true;
        }
        bar::show(
            ui,
            bar,
            table,
            &self.session,
            game.words(),
            game.has_auto(),
            appear.filter(|_| unit.is_some_and(|unit| unit.state == UnitState::Settled)),
            commands,
        );
        if moving {
            ui.ctx().request_repaint();
        }
        ui.allocate_rect(
            Rect::from_min_size(area.min, Vec2::new(area.width(), area.height())),
            egui::Sense::hover(),
        );
    }
}

/// The game's stage in `room` (above the bar) and its scale: the design's
/// board at the screen's `scale`, centered (the whole room at the design
/// size); on a portrait kiosk, the game's `portrait` design if it has one,
/// as large as the room allows.
fn stage(portrait: Option<Vec2>, room: Rect, scale: f32) -> (Rect, f32) {
    let (design, scale) = match portrait.filter(|_| layout::is_portrait(room.size())) {
        Some(design) => (design, layout::fit(design, room.size())),
        None => (
            Vec2::new(layout::DESIGN.x, layout::DESIGN.y - size::TABLE_BAR),
            scale,
        ),
    };
    (
        Rect::from_center_size(room.center(), (design * scale).min(room.size())),
        scale,
    )
}
