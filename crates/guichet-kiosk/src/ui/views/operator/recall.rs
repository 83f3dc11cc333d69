//! The recall: the last units sold on this kiosk, each with its player's
//! card, each replayable step by step on its table, labelled as a recall.

use egui::RichText;
use guichet_sale::{Unit, UnitState};

use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size};
use crate::ui::view::PageContext;
use crate::ui::widgets::{local_time, quiet_button};

/// Draws the recall tab.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    units: &[(Unit, Option<String>)],
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    ui.label(RichText::new(texts.get("operator-recall-explained")).color(palette::INK_SOFT));
    if units.is_empty() {
        ui.label(texts.get("operator-recall-none"));
    }
    egui::Grid::new("recall")
        .striped(true)
        .spacing(egui::Vec2::new(size::GAP * 1.5, size::GAP / 2.0))
        .show(ui, |ui| {
            for (unit, card) in units {
                ui.label(local_time(&unit.sold_at, context.time_zone));
                ui.label(card.as_ref().map_or_else(String::new, |card| {
                    texts.with("signed-in-card", &[("card", card.clone())])
                }));
                ui.label(format!(
                    "{} · {}",
                    unit.emission.game.title(),
                    unit.emission.stake
                ));
                ui.label(texts.with(
                    "operator-recall-unit",
                    &[
                        ("block", unit.block.to_string()),
                        ("index", unit.index.to_string()),
                    ],
                ));
                ui.label(if unit.state == UnitState::Settled {
                    unit.prize.to_string()
                } else {
                    texts.get("operator-recall-unfinished")
                });
                let replay = ui.add_enabled_ui(unit.state == UnitState::Settled, |ui| {
                    quiet_button(
                        ui,
                        &texts.with("operator-recall-replay", &[("unit", unit.id.to_string())]),
                    )
                });
                if replay.inner.clicked() {
                    commands.push(Command::Operator(OperatorCommand::Recall(unit.id)));
                }
                ui.end_row();
            }
        });
}
