//! The per-frame sequence of every table, around its game's painting.

use std::time::Duration;

use egui::{Pos2, Rect, Vec2, emath::easing};
use guichet_core::step::RevealStep;
use guichet_sale::{Unit, UnitState};

use crate::command::{Command, PlayCommand};
use crate::sound::Cue;
use crate::ui::games::table::bar;
use crate::ui::games::table::celebration;
use crate::ui::games::table::context::TableContext;
use crate::ui::games::table::frame::TableFrame;
use crate::ui::games::table::game_table::GameTable;
use crate::ui::games::table::outcome::Outcome;
use crate::ui::games::table::state::{Opening, TableState};
use crate::ui::layout;
use crate::ui::theme::{motion, size};

/// A game's table on the shared machinery: the game's painting, and the
/// state of the unit on it between frames.
pub struct Table {
    game: Box<dyn GameTable>,
    state: TableState,
}

impl Table {
    /// The table `game` paints, nothing on it.
    #[must_use]
    pub fn new(game: Box<dyn GameTable>) -> Self {
        Self {
            game,
            state: TableState::default(),
        }
    }

    /// Puts `unit` on the table: just bought, taken up, or replayed.
    pub fn open(&mut self, unit: &Unit, opening: Opening) {
        self.state.open(unit, opening);
    }

    /// "Auto" on the unit on the table.
    pub fn start_auto(&mut self) {
        self.state.start_auto();
    }

    /// Stops "Auto" (the store refused a step: the unit is shown as it is).
    pub fn stop_auto(&mut self) {
        self.state.stop_auto();
    }

    /// Whether `unit`, settled on this table, has yet to show its result at
    /// `now`: until it does, its prize is not shown in the money, "Jouer",
    /// the stakes and "Auto" wait.
    #[must_use]
    pub fn result_pending(&self, unit: &Unit, now: f64) -> bool {
        self.state.clock.result_pending(unit, now)
    }

    /// The sounds of `step` of `unit`, just journaled, each after its delay.
    #[must_use]
    pub fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        self.game.reveal_cues(unit, step)
    }

    /// Draws the table and pushes what the player asks for.
    pub fn ui(&mut self, ui: &mut egui::Ui, table: &TableContext<'_>, commands: &mut Vec<Command>) {
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
            self.state.clock.follow(
                unit,
                now,
                |step| game.step_duration(unit, step),
                game.auto_pause(),
            );
        }
        let still_from = self
            .state
            .clock
            .still_from(|step| unit.map_or(0.0, |unit| game.step_duration(unit, step)));
        let result_at = self.state.clock.result_at().filter(|&at| now >= at);
        let view = TableFrame {
            emission: table.emission,
            unit,
            clock: &self.state.clock,
            now,
            texts: table.texts,
            takes_taps: unit.is_some_and(|unit| self.state.takes_taps(unit)),
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
            let lead = unit
                .steps
                .last()
                .map_or(0.0, |&step| f64::from(game.auto_lead(unit, step)));
            if let Some(wait) = self
                .state
                .drive_auto(unit, now, still_from - lead, pause, commands)
            {
                ui.ctx().request_repaint_after_secs(wait as f32);
            }
            self.state.announce_result(unit, now, commands);
            if let Some(at) = self.state.clock.result_at().filter(|at| at.is_finite()) {
                if now < at {
                    ui.ctx().request_repaint_after_secs((at - now) as f32);
                } else if let Outcome::Won(_, size) = Outcome::of(unit.prize, unit.emission.stake)
                    && self.state.clock.celebrates()
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
            &self.state,
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
