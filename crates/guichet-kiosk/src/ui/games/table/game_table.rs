//! What a game implements to have a table: what it paints, how long its
//! reveals last, its words and sounds.

use std::time::Duration;

use egui::{Rect, Vec2};
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use crate::sound::Cue;
use crate::ui::games::table::bar::BarWords;
use crate::ui::games::table::frame::TableFrame;
use crate::ui::theme::motion;

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

    /// How long before the table is still "Auto" may take the step after
    /// `step` (0: once every animation has ended): a game of many steps
    /// overlaps them under "Auto", each still shown whole.
    fn auto_lead(&self, _unit: &Unit, _step: RevealStep) -> f32 {
        0.0
    }

    /// Paints the table in `board` and returns the step the player tapped, if
    /// any: every zone it paints is a labelled touch area.
    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep>;

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
