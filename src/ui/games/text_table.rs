//! The table of a game whose own screen is not built yet: the unit as text, a
//! button per possible step. It goes through the same [`GameScreen`] trait,
//! store and commands as a real screen, so the game is playable, resumable and
//! replayable end to end meanwhile.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_core::reveal::{Progress, RevealStep};
use guichet_core::scenario::star_fortune::Landing;
use guichet_core::scenario::x10::Symbol;
use guichet_core::scenario::{BingoScenario, Scenario, StarFortuneScenario, X10Scenario};
use guichet_store::{Unit, UnitState};

use super::controls::{play_bar, unit_in_progress};
use super::{GameScreen, Outcome, Pace, Table};
use crate::app::Command;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::widgets::table_button;

/// A text table.
#[derive(Debug, Default)]
pub struct TextTable {
    pace: Pace,
    read_only: bool,
    /// When the unit on the table last changed, to pace "Auto".
    changed: Option<(usize, f64)>,
}

impl GameScreen for TextTable {
    fn play(&mut self, _unit: &Unit, auto: bool) {
        self.pace.start(auto);
        self.read_only = false;
    }

    fn resume(&mut self, _unit: &Unit) {
        self.pace.start(false);
        self.read_only = false;
    }

    fn replay(&mut self, _unit: &Unit) {
        self.pace.start(false);
        self.read_only = true;
    }

    fn ui(&mut self, ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>) {
        let texts = table.texts;
        let now = ui.input(|input| input.time);
        theme::page_frame().fill(palette::NIGHT).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            ui.label(
                RichText::new(table.emission.game.title())
                    .text_style(egui::TextStyle::Heading)
                    .color(palette::ON_DARK),
            );
            ui.add_space(8.0);
            if let Some(unit) = table.unit {
                for line in describe(unit, texts) {
                    ui.label(RichText::new(line).color(palette::ON_DARK));
                }
                ui.add_space(size::GAP);
                if unit.progress.is_complete() {
                    let outcome = Outcome::of(unit.prize, unit.emission.stake);
                    ui.label(
                        RichText::new(outcome.headline(texts))
                            .text_style(style::title())
                            .color(palette::ACTION),
                    );
                } else if !self.read_only {
                    ui.horizontal_wrapped(|ui| {
                        for step in possible_steps(&unit.progress) {
                            if table_button(ui, &step_label(step, texts)).clicked() {
                                commands.push(Command::Reveal {
                                    unit: unit.id,
                                    step,
                                });
                            }
                        }
                    });
                }
                let steps = unit.steps.len();
                if self.changed.is_none_or(|(seen, _)| seen != steps) {
                    self.changed = Some((steps, now));
                }
                let still_since = self.changed.map(|(_, at)| at);
                if let Some(wait) = self.pace.drive(unit, now, still_since, commands) {
                    ui.ctx().request_repaint_after_secs(wait as f32);
                }
            }
            ui.add_space(size::GAP);
            if play_bar(ui, table, commands) && table.unit.is_some() && unit_in_progress(table) {
                self.pace.start(true);
                self.read_only = false;
            }
        });
    }
}

/// Every step the unit can take now.
fn possible_steps(progress: &Progress) -> Vec<RevealStep> {
    let zones = (0..18).map(|zone| RevealStep::Zone { zone });
    let pucks = (0..2).flat_map(|drop| (0..3).map(move |puck| RevealStep::Puck { drop, puck }));
    let go = (0..2).map(|drop| RevealStep::Go { drop });
    zones
        .chain(pucks)
        .chain(go)
        .filter(|&step| progress.clone().apply(step).is_ok())
        .collect()
}

fn step_label(step: RevealStep, texts: &Texts) -> String {
    match step {
        RevealStep::Zone { zone } => {
            texts.with("text-table-reveal", &[("zone", (zone + 1).to_string())])
        }
        RevealStep::Puck { puck, .. } => {
            texts.with("text-table-puck", &[("puck", (puck + 1).to_string())])
        }
        RevealStep::Go { .. } => texts.get("go"),
    }
}

/// The unit as text: what is revealed, and `?` for what is not.
fn describe(unit: &Unit, texts: &Texts) -> Vec<String> {
    let shown = unit.shown_scenario();
    let progress = &unit.progress;
    let mut lines = match &shown {
        Scenario::X10(x10) => describe_x10(x10, progress, texts),
        Scenario::StarFortune(star) => describe_star_fortune(star, progress, texts),
        Scenario::Bingo(bingo) => describe_bingo(bingo, progress, texts),
        Scenario::BlackJack(_) => Vec::new(),
    };
    if unit.state == UnitState::Settled {
        lines.push(texts.with("text-table-prize", &[("prize", unit.prize.to_string())]));
    }
    lines
}

fn hidden_or<T: std::fmt::Display>(revealed: bool, value: T) -> String {
    if revealed {
        value.to_string()
    } else {
        "?".to_owned()
    }
}

fn describe_x10(x10: &X10Scenario, progress: &Progress, texts: &Texts) -> Vec<String> {
    let winning: Vec<String> = (0_u8..3)
        .map(|k| {
            hidden_or(
                progress.is_revealed(9 + k),
                x10.winning_numbers[usize::from(k)],
            )
        })
        .collect();
    let cells: Vec<String> = (0_u8..9)
        .map(|zone| {
            let cell = x10.cells[usize::from(zone)];
            let symbol = match cell.symbol {
                Symbol::Number { number } => number.to_string(),
                Symbol::Multiplier { multiplier } => format!("x{multiplier}"),
            };
            hidden_or(
                progress.is_revealed(zone),
                format!("{symbol} — {}", cell.amount),
            )
        })
        .collect();
    vec![
        format!(
            "{} : {}",
            texts.get("x10-winning-numbers"),
            winning.join(" · ")
        ),
        format!("{} : {}", texts.get("x10-your-numbers"), cells.join(" | ")),
    ]
}

fn describe_star_fortune(
    star: &StarFortuneScenario,
    progress: &Progress,
    texts: &Texts,
) -> Vec<String> {
    let row: Vec<String> = star
        .slots_cents
        .iter()
        .map(|amount| amount.short())
        .collect();
    let mut lines = vec![format!(
        "{} : {}",
        texts.get("star-fortune-row"),
        row.join(" · ")
    )];
    for (number, drop) in star.drops.iter().enumerate() {
        let result = match (progress.puck(number), drop.landing) {
            (None, _) => texts.get("star-fortune-pick"),
            (Some(_), Landing::Slot { slot }) => star
                .slots_cents
                .get(usize::from(slot))
                .copied()
                .unwrap_or(Cents::ZERO)
                .to_string(),
            (Some(_), Landing::Bonus { bonus_cents, .. }) => {
                format!(
                    "BONUS — {}",
                    hidden_or(progress.pressed_go(number), bonus_cents)
                )
            }
        };
        lines.push(texts.with(
            "star-fortune-drop",
            &[("drop", (number + 1).to_string()), ("result", result)],
        ));
    }
    lines
}

fn describe_bingo(bingo: &BingoScenario, progress: &Progress, texts: &Texts) -> Vec<String> {
    let balls: Vec<String> = (0_u8..15)
        .filter(|&zone| progress.is_revealed(zone))
        .map(|zone| bingo.balls[usize::from(zone)].to_string())
        .collect();
    let bonus: Vec<String> = (0_u8..3)
        .map(|k| {
            hidden_or(
                progress.is_revealed(15 + k),
                bingo.bonus_balls[usize::from(k)],
            )
        })
        .collect();
    let mut lines = vec![
        format!("{} : {}", texts.get("bingo-balls"), balls.join(" ")),
        format!("{} : {}", texts.get("bingo-bonus-balls"), bonus.join(" ")),
    ];
    for (number, grid) in bingo.grids.iter().enumerate() {
        let marked = bingo.marked(grid);
        let cells: Vec<String> = grid
            .iter()
            .zip(marked)
            .map(
                |(cell, mark)| match (cell, mark && progress.is_complete()) {
                    (None, _) => "J".to_owned(),
                    (Some(value), true) => format!("[{value}]"),
                    (Some(value), false) => value.to_string(),
                },
            )
            .collect();
        lines.push(format!(
            "{} {} : {}",
            texts.get("bingo-grid"),
            number + 1,
            cells.join(" ")
        ));
    }
    lines
}
