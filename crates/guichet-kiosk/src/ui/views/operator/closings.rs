//! The closings: each day, month and year closed by the store (signed), the
//! latest first, with their perpetual totals as the store wrote them; one
//! made now on demand, and the latest exported to the export folder (a USB
//! stick) to keep apart from the kiosk.

use egui::RichText;
use guichet_sale::{ClosingSummary, ClosingTotals};

use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size};
use crate::ui::view::PageContext;
use crate::ui::widgets::{local_time, quiet_button};

/// Draws the closings tab: where exports go (`export_folder`, or none
/// found), the two actions, then the closings.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    closings: &[ClosingSummary],
    export_folder: Option<&str>,
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    ui.label(RichText::new(texts.get("operator-closings-explained")).color(palette::INK));
    ui.add_space(size::GAP / 2.0);
    ui.horizontal_wrapped(|ui| {
        if quiet_button(ui, &texts.get("operator-closing-make")).clicked() {
            commands.push(Command::Operator(OperatorCommand::MakeClosing));
        }
        if !closings.is_empty() && quiet_button(ui, &texts.get("operator-closing-export")).clicked()
        {
            commands.push(Command::Operator(OperatorCommand::ExportClosing));
        }
    });
    let folder = export_folder.map_or_else(
        || texts.get("operator-closing-no-folder"),
        |folder| texts.with("operator-closing-folder", &[("folder", folder.to_owned())]),
    );
    ui.label(RichText::new(folder).color(palette::INK_SOFT));
    ui.add_space(size::GAP / 2.0);
    if closings.is_empty() {
        ui.label(RichText::new(texts.get("operator-closings-none")).color(palette::INK));
        return;
    }
    let rows: Vec<Vec<String>> = closings
        .iter()
        .map(|closing| {
            let money = |pick: fn(&ClosingTotals) -> guichet_core::money::Cents| {
                closing
                    .totals
                    .as_ref()
                    .map_or_else(|| "—".to_owned(), |totals| pick(totals).to_string())
            };
            vec![
                closing.counter.to_string(),
                texts.with(
                    &format!("operator-closing-{}", closing.period.name()),
                    &[("label", closing.label.clone())],
                ),
                local_time(&closing.made_at, context.time_zone),
                money(|totals| totals.staked),
                money(|totals| totals.prizes),
                money(|totals| totals.deposits),
                money(|totals| totals.withdrawals),
            ]
        })
        .collect();
    table(
        ui,
        "closings",
        &[
            texts.get("operator-closing-number"),
            texts.get("operator-closing-period"),
            texts.get("operator-when"),
            texts.get("operator-staked"),
            texts.get("operator-paid"),
            texts.get("operator-cash-in-kind"),
            texts.get("operator-cash-out-kind"),
        ],
        &rows,
    );
}
