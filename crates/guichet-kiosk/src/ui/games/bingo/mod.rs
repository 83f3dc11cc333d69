//! The Bingo table, in its world: warm coral and cream, glossy balls, grids like
//! cards. The sphere — a glass drum of balls, tumbling while a ball is drawn,
//! still otherwise — on the left, the three "boules Bonus" under it; the row of
//! drawn balls along the rail at the top; "Grille 1" and "Grille 2", each with
//! its arrow of winning combinations. Each tap on the sphere draws the unit's
//! next ball: it leaves the drum and rolls along the rail to its place, its
//! number turning to face the player, then the matching cells are daubed. The
//! bonus balls open by a tap each, in any order. A combination lights on its
//! grid and its arrow once complete; a better one dims the lesser. The drum's
//! tumbling is decoration: the ball that comes out is always the unit's next.

mod ball;
mod cards;
mod draw;
mod grid;
mod layout;
mod look;
mod sphere;

use std::time::Duration;

use egui::{Pos2, Rect, Stroke, Vec2};
use guichet_core::games::Scenario;
use guichet_core::games::bingo;
use guichet_core::games::bingo::game::{BALLS, BONUS};
use guichet_core::games::bingo::generator::combinations_for;
use guichet_core::games::bingo::scenario::{FirstGridCombination, FullRows};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use super::entry::{GameEntry, TileLook, table_of};
use super::table::paint::{Glow, glow};
use super::table::{BarWords, GameTable, TableFrame};
use crate::sound::Cue;
use crate::ui::i18n::Texts;
use crate::ui::theme::{motion, palette};
use cards::{paint_card, paint_empty_card};
use draw::{Draw, OPEN, ROLL};
use layout::{Layout, design};
use sphere::{paint_bonus_balls, paint_rail_balls, paint_sphere};

/// Bingo in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: bingo::game::GAME,
    tile: TileLook {
        background: look::CORAL_DEEP,
        glow: look::CORAL,
        highlight: palette::CREAM,
        illustration: egui::include_image!("bingo.png"),
    },
    tier_words: Some(tier_words),
    table: table_of::<BingoTable>,
};

/// The Bingo table.
#[derive(Debug, Default)]
pub struct BingoTable;

impl GameTable for BingoTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "bingo-invite",
            tap: "bingo-tap",
            auto: "bingo-auto",
        }
    }

    fn step_duration(&self, _unit: &Unit, step: RevealStep) -> f32 {
        if BONUS.contains(&step) {
            OPEN + look::DAUB_LANDING
        } else {
            ROLL + look::DAUB_LANDING
        }
    }

    fn auto_pause(&self) -> f32 {
        motion::AUTO_PAUSE_BRISK
    }

    /// Under "Auto" the next ball leaves the sphere while the one before
    /// still rolls to its place: eighteen draws in about ten seconds, each
    /// ball's roll and daub shown whole. A bonus ball opens after the one
    /// before is still.
    fn auto_lead(&self, _unit: &Unit, step: RevealStep) -> f32 {
        if BALLS.contains(&step) {
            look::AUTO_DRAW_LEAD
        } else {
            0.0
        }
    }

    /// A ball of the sphere knocks; a bonus ball opens with a swish.
    fn reveal_cues(&self, _unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        let cue = if BALLS.contains(&step) {
            Cue::Knock
        } else {
            Cue::Reveal
        };
        vec![(cue, Duration::ZERO)]
    }

    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, look::CORAL_DEEP);
        let center = Pos2::new(
            area.left() + area.width() * 0.22,
            area.top() + area.height() * 0.45,
        );
        let rings = Glow {
            rings: 5,
            radius: 0.55,
            shrink: 0.09,
            alpha: 0.2,
            brighten: 0.08,
        };
        glow(painter, center, area.height(), look::CORAL, rings);
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep> {
        let painter = ui.painter().clone();
        let layout = Layout::new(board, view.scale);
        let scenario = view.unit.and_then(|unit| match &unit.scenario {
            Scenario::Bingo(scenario) => Some(scenario),
            _ => None,
        });
        let draw = Draw::new(view, scenario);
        let mut tapped = None;

        // The rail and its empty places (a ball at rest hides its own).
        painter.rect_filled(layout.rail, layout.rail.height() / 2.0, look::RAIL);
        for (slot, &step) in layout.slots.iter().zip(&BALLS) {
            if view.progress(step, 0.0, ROLL) < 1.0 {
                painter.circle_stroke(*slot, layout.ball_radius, Stroke::new(1.5, look::RAIL_SLOT));
            }
        }

        // The sphere: a glass drum, the next ball drawn by a tap.
        tapped = tapped.or(paint_sphere(ui, &painter, &layout, view, &draw));

        // The bonus balls.
        tapped = tapped.or(paint_bonus_balls(ui, &painter, &layout, view, scenario));

        // The cards.
        if let Some(scenario) = scenario {
            for card in 0..2 {
                paint_card(ui, &painter, &layout, view, scenario, &draw, card);
            }
        } else {
            for card in 0..2 {
                paint_empty_card(&painter, &layout, view.texts, card);
            }
        }

        // The balls on the rail, the one in flight last, above everything.
        if let Some(scenario) = scenario {
            paint_rail_balls(ui, &painter, &layout, view, scenario);
        }
        tapped
    }

    fn celebration_area(&self, board: Rect, scale: f32) -> Rect {
        let layout = Layout::new(board, scale);
        layout.cards[0].union(layout.cards[1])
    }
}

/// The one way a prize is made, in words (règlement 4.9): its rules page
/// says it beside each tier.
fn tier_words(prize: Cents, texts: &Texts) -> String {
    let Some((first, second)) = combinations_for(prize) else {
        return String::new();
    };
    let first = match first {
        FirstGridCombination::None => None,
        FirstGridCombination::Corners => Some(texts.get("bingo-corners")),
        FirstGridCombination::OneDiagonal => Some(texts.get("bingo-one-diagonal")),
        FirstGridCombination::TwoDiagonals => Some(texts.get("bingo-two-diagonals")),
    };
    let second = match second {
        FullRows(0) => None,
        FullRows(4) => Some(texts.get("bingo-full-grid")),
        FullRows(rows) => Some(texts.with("bingo-rows", &[("rows", rows.to_string())])),
    };
    [first, second]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" + ")
}
