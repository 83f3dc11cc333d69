//! The Star Fortune table, in its world: a violet night sky, pegs as small
//! lights, a glowing prize row, two BONUS cases. After "Jouer", three pucks
//! wait above the three slots; the player taps one and it falls through the
//! pegs — the core's physics, steered along the unit's stored way down — to
//! the place the unit holds. A puck caught in a BONUS case waits for "GO",
//! which rolls the case's amount up. Then three new pucks, for the second
//! drop. No "Auto": the règlement (4.3–4.4) has the player pick each puck and
//! press "GO". Each drop's result shows in its card; the lot is the unit's
//! prize, shown by the bar.

mod board;
mod bonus;
mod card;
mod drop_view;
mod falls;
mod frame;
mod layout;
mod look;
mod puck;
mod still;

use std::time::Duration;

use egui::{Pos2, Rect, Vec2};
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune;
use guichet_core::games::star_fortune::plinko::{Board, Geometry, Physics};
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use super::entry::{GameEntry, TileLook, table_of};
use super::table::paint::{Glow, glow};
use super::table::{BarWords, GameTable, TableFrame};
use crate::sound::Cue;
use crate::ui::theme::{motion, palette};
use board::{paint_cases, paint_lit_pegs, paint_places, paint_waiting_pucks};
use bonus::paint_bonus_moments;
use card::paint_card;
use drop_view::{DropView, has_ended};
use falls::Falls;
use layout::{Layout, design};
use still::StillLayer;

/// Star Fortune in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: star_fortune::game::GAME,
    tile: TileLook {
        background: look::SKY,
        glow: look::SKY_GLOW,
        highlight: palette::STARLIGHT,
        illustration: egui::include_image!("star-fortune.png"),
    },
    tier_words: None,
    table: table_of::<StarFortuneTable>,
};

/// The Star Fortune table.
#[derive(Debug, Default)]
pub struct StarFortuneTable {
    falls: Falls,
    still: StillLayer,
    /// The physics of the board last painted: the unit's on the table, or
    /// the one new units are sold with.
    physics: Physics,
}

impl StarFortuneTable {
    /// How drop `drop` of `unit` shows now; `its_turn` when the drops before it
    /// have ended on screen.
    fn drop_view(
        &self,
        view: &TableFrame<'_>,
        unit: &Unit,
        drop: usize,
        its_turn: bool,
    ) -> DropView {
        let not_yet = if its_turn {
            DropView::Waiting
        } else {
            DropView::Later
        };
        let Some(puck) = unit.progress.puck(drop) else {
            return not_yet;
        };
        let step = RevealStep::Puck {
            drop: drop as u8,
            puck,
        };
        let Some(start) = view.clock.started(step).filter(|&start| view.now >= start) else {
            return not_yet;
        };
        let Some(fall) = self.falls.of(unit, drop) else {
            return not_yet;
        };
        let elapsed = view.now - start;
        let duration = fall.duration();
        if elapsed < duration {
            return DropView::Falling(fall.at(elapsed));
        }
        let go_step = RevealStep::Go { drop: drop as u8 };
        let go = view
            .clock
            .started(go_step)
            .filter(|&start| view.now >= start)
            .map(|_| view.progress(go_step, 0.0, look::COUNTER));
        DropView::Landed {
            at: fall.at(duration),
            since: (elapsed - duration) as f32,
            go,
        }
    }
}

impl GameTable for StarFortuneTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "star-fortune-invite",
            tap: "star-fortune-tap",
            // No "Auto" here.
            auto: "star-fortune-tap",
        }
    }

    fn has_auto(&self) -> bool {
        // The règlement (4.3–4.4) has the player pick each puck and press "GO".
        false
    }

    fn step_duration(&self, unit: &Unit, step: RevealStep) -> f32 {
        match step {
            RevealStep::Puck { drop, .. } => {
                self.falls
                    .of(unit, usize::from(drop))
                    .map_or(0.0, |fall| fall.duration() as f32)
                    + motion::REVEAL
            }
            RevealStep::Go { .. } => look::COUNTER + motion::SETTLE,
            RevealStep::Zone { .. } => 0.0,
        }
    }

    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    /// A puck ticks at each peg it meets on its way down, timed on its fall;
    /// "GO" opens with a swish.
    fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        let RevealStep::Puck { drop, .. } = step else {
            return vec![(Cue::Reveal, Duration::ZERO)];
        };
        let Some(fall) = self.falls.of(unit, usize::from(drop)) else {
            return Vec::new();
        };
        let measures = match &unit.scenario {
            Scenario::StarFortune(scenario) => Geometry::of(scenario.physics),
            _ => Geometry::of(Physics::CURRENT),
        };
        let mut rows = 0;
        let mut ticks = Vec::new();
        for sample in &fall.samples {
            let passed = fall.rows_passed(measures, sample.t);
            if passed > rows {
                rows = passed;
                ticks.push((Cue::Tick, Duration::from_secs_f64(sample.t)));
            }
        }
        ticks
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, look::SKY);
        let center = Pos2::new(area.center().x, area.top() + area.height() * 0.4);
        let rings = Glow {
            rings: 4,
            radius: 0.6,
            shrink: 0.12,
            alpha: 0.15,
            brighten: 0.08,
        };
        glow(painter, center, area.height(), look::SKY_GLOW, rings);
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep> {
        let painter = ui.painter().clone();
        let unit = view.unit;
        let scenario = unit.and_then(|unit| match &unit.scenario {
            Scenario::StarFortune(scenario) => Some(scenario),
            _ => None,
        });
        // The board the unit was sold on (a replay of an older unit shows
        // its own), or, before one is bought, the one sold now.
        self.physics = scenario.map_or(Physics::CURRENT, |scenario| scenario.physics);
        let plinko = Board::of(view.emission, self.physics);
        let layout = Layout::new(board, view.scale, plinko.geometry());
        painter.add(self.still.shape(&plinko, board, layout.frame));

        let shown: [DropView; 2] = match (unit, scenario) {
            (Some(unit), Some(scenario)) => {
                let first = self.drop_view(view, unit, 0, true);
                let first_ended = has_ended(first, scenario.drops[0].landing);
                [first, self.drop_view(view, unit, 1, first_ended)]
            }
            _ => [DropView::Later; 2],
        };
        // How long the board has been moving (a puck falling, an amount
        // rolling up), if it is: the cases pulse on that clock, so a frame
        // depends on the unit's steps alone.
        let moving_for = shown.iter().find_map(|drop| match *drop {
            DropView::Falling(at) => Some(at.t as f32),
            DropView::Landed { go: Some(go), .. } if go < 1.0 => Some(go * look::COUNTER),
            _ => None,
        });

        paint_places(ui, &painter, &plinko, layout.frame, view, scenario, &shown);
        paint_cases(
            ui,
            &painter,
            &plinko,
            layout.frame,
            view,
            scenario,
            &shown,
            moving_for,
        );
        if let (Some(unit), Some(falling)) = (
            unit,
            shown
                .iter()
                .position(|drop| matches!(drop, DropView::Falling(_))),
        ) && let Some(fall) = self.falls.of(unit, falling)
        {
            paint_lit_pegs(
                &painter,
                &plinko,
                layout.frame,
                &fall.samples,
                view,
                unit,
                falling,
            );
        }
        let radius = layout.frame.len(plinko.puck_radius);
        for drop in shown {
            if let DropView::Falling(at) | DropView::Landed { at, .. } = drop {
                puck::paint(
                    &painter,
                    layout.frame.at(at.x, at.y),
                    radius,
                    at.angle as f32,
                    0.0,
                );
            }
        }

        let mut tapped = None;
        if let Some(waiting) = shown
            .iter()
            .position(|drop| matches!(drop, DropView::Waiting))
        {
            tapped = paint_waiting_pucks(ui, &painter, &plinko, layout.frame, view, waiting);
        }
        for (drop, card) in layout.cards.iter().enumerate() {
            // What the drop pays, as the core evaluates it.
            let outcome = scenario
                .map(|scenario| (scenario.drops[drop].landing, scenario.drop_payouts()[drop]));
            tapped = tapped.or(paint_card(
                ui,
                &painter,
                *card,
                view,
                drop,
                shown[drop],
                outcome,
            ));
        }
        if let Some(scenario) = scenario {
            paint_bonus_moments(&painter, &layout, view, &plinko, scenario, &shown);
        }
        tapped
    }

    fn celebration_area(&self, board: Rect, scale: f32) -> Rect {
        Layout::new(board, scale, Geometry::of(self.physics)).plinko
    }
}
