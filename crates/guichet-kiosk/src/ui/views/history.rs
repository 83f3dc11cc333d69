//! The history: the player's units, newest first, the last one prominent. A unit
//! opens in its game's screen: replayed if settled, resumed if not; a settled
//! one is also checked ("Vérifier") against its block's published record.

use egui::{Align, Layout, RichText, Vec2};
use guichet_core::money::Cents;
use guichet_sale::{Unit, UnitState};

use crate::command::{Command, Navigation, PlayCommand};
use crate::ui::games::Outcome;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{
    amount, labelled_quiet_button, local_time, primary_button, quiet_button, scroll_view,
    text_width, touch_area,
};

/// The history page, with the units it lists.
pub struct HistoryPage {
    units: Vec<Unit>,
}

impl HistoryPage {
    /// The page listing `units`, newest first.
    #[must_use]
    pub const fn new(units: Vec<Unit>) -> Self {
        Self { units }
    }
}

/// "Gagné 4,00 €", "Perdu", "Mise remboursée" or "En cours", and its color.
fn state_line(unit: &Unit, texts: &Texts) -> (String, egui::Color32) {
    if unit.state != UnitState::Settled {
        return (texts.get("history-unfinished"), palette::PROBLEM);
    }
    match Outcome::of(unit.prize, unit.emission.stake) {
        Outcome::Lost => (texts.get("history-lost"), palette::INK_SOFT),
        Outcome::StakeBack => (texts.get("result-stake-back"), palette::INK),
        Outcome::Won(prize, _) => (
            texts.with("history-won", &[("prize", prize.to_string())]),
            palette::WIN,
        ),
    }
}

impl View for HistoryPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.label(
                RichText::new(texts.get("history-title")).text_style(egui::TextStyle::Heading),
            );
            let Some((last, older)) = self.units.split_first() else {
                ui.add_space(size::GAP);
                ui.label(RichText::new(texts.get("history-empty")).color(palette::INK_SOFT));
                ui.add_space(size::GAP);
                if primary_button(ui, &texts.get("history-choose-game")).clicked() {
                    commands.push(Command::Go(Navigation::Lobby));
                }
                return;
            };
            last_unit(ui, last, texts, context.time_zone, commands);
            ui.add_space(size::GAP);
            ui.label(RichText::new(texts.get("history-earlier")).text_style(style::amount()));
            scroll_view(ui, "history", |ui| {
                for unit in older {
                    row(ui, unit, texts, context.time_zone, commands);
                }
            });
        });
    }
}

/// The last unit, large.
fn last_unit(
    ui: &mut egui::Ui,
    unit: &Unit,
    texts: &Texts,
    zone: &jiff::tz::TimeZone,
    commands: &mut Vec<Command>,
) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new(texts.get("history-last")).color(palette::INK_SOFT));
                ui.label(
                    RichText::new(format!(
                        "{} · {}",
                        unit.emission.game.title(),
                        unit.emission.stake
                    ))
                    .text_style(style::amount()),
                );
                ui.label(RichText::new(local_time(&unit.sold_at, zone)).color(palette::INK_SOFT));
                if unit.state == UnitState::Settled
                    && quiet_button(ui, &texts.get("history-check")).clicked()
                {
                    commands.push(Command::Go(Navigation::CheckUnit(unit.id)));
                }
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let action = if unit.state == UnitState::Settled {
                    "history-replay"
                } else {
                    "history-resume"
                };
                if primary_button(ui, &texts.get(action)).clicked() {
                    commands.push(Command::Play(PlayCommand::OpenUnit(unit.id)));
                }
                let (line, color) = state_line(unit, texts);
                ui.label(RichText::new(line).text_style(style::title()).color(color));
            });
        });
    });
}

/// An older unit: one line, the whole of it a touch target.
fn row(
    ui: &mut egui::Ui,
    unit: &Unit,
    texts: &Texts,
    zone: &jiff::tz::TimeZone,
    commands: &mut Vec<Command>,
) {
    let settled = unit.state == UnitState::Settled;
    let height = size::TOUCH + 8.0;
    let check_size = Vec2::new(
        text_width(ui, &texts.get("history-check-row"), egui::TextStyle::Button) + size::TOUCH,
        height,
    );
    let width = if settled {
        ui.available_width() - check_size.x - ui.spacing().item_spacing.x
    } else {
        ui.available_width()
    };
    let (line, color) = state_line(unit, texts);
    let label = format!(
        "{} {} {}",
        unit.emission.game.title(),
        local_time(&unit.sold_at, zone),
        line
    );
    let (response, check) = ui
        .horizontal(|ui| {
            let response = touch_area(
                ui,
                Vec2::new(width, height),
                unit.id,
                || label.clone(),
                true,
            );
            let check = settled.then(|| {
                labelled_quiet_button(ui, &texts.get("history-check-row"), check_size, || {
                    texts.with(
                        "history-check-row-label",
                        &[
                            ("game", unit.emission.game.title().to_owned()),
                            ("time", local_time(&unit.sold_at, zone)),
                        ],
                    )
                })
            });
            (response, check)
        })
        .inner;
    let rect = response.rect;
    let fill = if response.hovered() {
        palette::QUIET
    } else {
        palette::PAPER
    };
    ui.painter().rect_filled(rect, size::RADIUS, fill);
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(Vec2::new(20.0, 8.0)))
            .layout(Layout::left_to_right(Align::Center))
            .accessibility_parent(response.id),
    );
    child.label(RichText::new(unit.emission.game.title()).strong());
    child.label(RichText::new(local_time(&unit.sold_at, zone)).color(palette::INK_SOFT));
    child.label(
        RichText::new(texts.with(
            "history-stake",
            &[("stake", unit.emission.stake.to_string())],
        ))
        .color(palette::INK_SOFT),
    );
    child.with_layout(Layout::right_to_left(Align::Center), |ui| {
        ui.label(
            RichText::new("›")
                .text_style(style::amount())
                .color(palette::INK_SOFT),
        );
        ui.label(amount(line).color(color));
    });
    if response.clicked() {
        commands.push(Command::Play(PlayCommand::OpenUnit(unit.id)));
    }
    if check.is_some_and(|check| check.clicked()) {
        commands.push(Command::Go(Navigation::CheckUnit(unit.id)));
    }
}
