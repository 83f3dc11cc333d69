//! The table of a game whose own screen is not built yet: the unit as text, a
//! button per step it can take. It runs on the same table layer, store and
//! commands as a real screen, so the game is playable, resumable and
//! replayable end to end meanwhile.

use egui::{Rect, RichText, Vec2};
use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_core::reveal::zones::{BINGO_BALLS, BINGO_BONUS_BALLS, X10_BUNDLES, X10_DIAMONDS};
use guichet_core::reveal::{Progress, RevealStep};
use guichet_core::scenario::star_fortune::Landing;
use guichet_core::scenario::x10::Symbol;
use guichet_core::scenario::{BingoScenario, Scenario, StarFortuneScenario, X10Scenario};

use super::table::{BarWords, GameTable, TableView};
use crate::ui::i18n::Texts;
use crate::ui::theme::{motion, palette, size};
use crate::ui::widgets::table_button;

/// A text table of one game.
#[derive(Debug)]
pub struct TextTable {
    game: Game,
}

impl TextTable {
    /// The text table of `game`.
    pub const fn new(game: Game) -> Self {
        Self { game }
    }
}

impl GameTable for TextTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "text-table-invite",
            tap: "text-table-tap",
            auto: "text-table-auto",
        }
    }

    fn has_auto(&self) -> bool {
        // Star Fortune's règlement (4.3–4.4) makes the player pick each puck.
        self.game != Game::StarFortune
    }

    fn step_duration(&self, _step: RevealStep) -> f32 {
        motion::REVEAL
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, palette::NIGHT);
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableView<'_>,
    ) -> Option<RevealStep> {
        let mut tapped = None;
        let mut page = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(board.shrink2(Vec2::new(size::MARGIN, size::GAP)))
                .layout(egui::Layout::top_down(egui::Align::LEFT)),
        );
        page.label(
            RichText::new(self.game.title())
                .text_style(egui::TextStyle::Heading)
                .color(palette::ON_DARK),
        );
        let unit = view.unit?;
        for line in describe(&unit.shown_scenario(), &unit.progress, view) {
            page.add(egui::Label::new(RichText::new(line).color(palette::ON_DARK)).wrap());
        }
        if view.result_shows {
            page.label(
                RichText::new(
                    view.texts
                        .with("text-table-prize", &[("prize", unit.prize.to_string())]),
                )
                .color(palette::ON_DARK),
            );
        } else if view.takes_taps {
            page.horizontal_wrapped(|ui| {
                for step in unit.progress.possible_steps() {
                    if table_button(ui, &step_label(step, view.texts)).clicked() {
                        tapped = Some(step);
                    }
                }
            });
        }
        tapped
    }
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
fn describe(shown: &Scenario, progress: &Progress, view: &TableView<'_>) -> Vec<String> {
    match shown {
        Scenario::X10(x10) => describe_x10(x10, progress, view.texts),
        Scenario::StarFortune(star) => describe_star_fortune(star, progress, view.texts),
        Scenario::Bingo(bingo) => describe_bingo(bingo, progress, view),
        Scenario::BlackJack(_) => Vec::new(),
    }
}

fn hidden_or<T: std::fmt::Display>(revealed: bool, value: T) -> String {
    if revealed {
        value.to_string()
    } else {
        "?".to_owned()
    }
}

fn describe_x10(x10: &X10Scenario, progress: &Progress, texts: &Texts) -> Vec<String> {
    let winning: Vec<String> = X10_DIAMONDS
        .iter()
        .zip(x10.winning_numbers)
        .map(|(&step, number)| hidden_or(progress.is_taken(step), number))
        .collect();
    let cells: Vec<String> = X10_BUNDLES
        .iter()
        .zip(x10.cells)
        .map(|(&step, cell)| {
            let symbol = match cell.symbol {
                Symbol::Number { number } => number.to_string(),
                Symbol::Multiplier { multiplier } => format!("x{multiplier}"),
            };
            hidden_or(
                progress.is_taken(step),
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

fn describe_bingo(bingo: &BingoScenario, progress: &Progress, view: &TableView<'_>) -> Vec<String> {
    let texts = view.texts;
    let balls: Vec<String> = BINGO_BALLS
        .iter()
        .zip(bingo.balls)
        .filter(|(step, _)| progress.is_taken(**step))
        .map(|(_, ball)| ball.to_string())
        .collect();
    let bonus: Vec<String> = BINGO_BONUS_BALLS
        .iter()
        .zip(bingo.bonus_balls)
        .map(|(&step, ball)| hidden_or(progress.is_taken(step), ball))
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
            .map(|(cell, mark)| match (cell, mark && view.result_shows) {
                (None, _) => "J".to_owned(),
                (Some(value), true) => format!("[{value}]"),
                (Some(value), false) => value.to_string(),
            })
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
