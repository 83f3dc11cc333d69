//! The meters: per game and stake, units sold, staked, paid and the return to
//! player, since installation (never reset) and since the last reset; the
//! money paid in and out. All of it summed from the ledger by the store.

use egui::RichText;
use guichet_sqlite::{MeterReset, Meters};

use super::credits::{Draft, reason_field};
use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size};
use crate::ui::view::PageContext;
use crate::ui::widgets::{local_time, quiet_button};

/// The reasons offered for a reset (keys of the kiosk's words).
const REASONS: [&str; 2] = ["operator-reason-day-end", "operator-reason-cash-change"];

/// A return to player as "92,4 %", or a dash before any stake.
fn rtp_text(rtp: Option<f64>) -> String {
    rtp.map_or_else(
        || "—".to_owned(),
        |rtp| format!("{:.1} %", rtp * 100.0).replace('.', ","),
    )
}

/// One table of meters.
fn meters_table(ui: &mut egui::Ui, context: &PageContext<'_>, id: &str, meters: &Meters) {
    let texts = context.texts;
    let mut rows: Vec<Vec<String>> = meters
        .emissions
        .iter()
        .map(|meter| {
            vec![
                meter.emission.game.title().to_owned(),
                meter.emission.stake.to_string(),
                meter.units.to_string(),
                meter.staked.to_string(),
                meter.paid.to_string(),
                rtp_text(meter.return_to_player()),
                rtp_text(Some(
                    meter.emission.return_to_player_basis_points() as f64 / 10_000.0,
                )),
            ]
        })
        .collect();
    rows.push(vec![
        texts.get("operator-cash-in-kind"),
        String::new(),
        meters.cash.deposits.0.to_string(),
        meters.cash.deposits.1.to_string(),
        String::new(),
        String::new(),
        String::new(),
    ]);
    rows.push(vec![
        texts.get("operator-cash-out-kind"),
        String::new(),
        meters.cash.withdrawals.0.to_string(),
        String::new(),
        meters.cash.withdrawals.1.to_string(),
        String::new(),
        String::new(),
    ]);
    table(
        ui,
        id,
        &[
            texts.get("operator-game"),
            texts.get("operator-stake"),
            texts.get("operator-units"),
            texts.get("operator-staked"),
            texts.get("operator-paid"),
            texts.get("operator-rtp"),
            texts.get("operator-rtp-table"),
        ],
        &rows,
    );
}

/// Draws the meters tab.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    draft: &mut Draft,
    (installed, since_reset, last_reset): (&Meters, &Meters, Option<&MeterReset>),
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    ui.label(RichText::new(texts.get("operator-meters-installed")).strong());
    meters_table(ui, context, "meters_installed", installed);
    ui.add_space(size::GAP);
    let since = last_reset.map_or_else(
        || texts.get("operator-meters-never-reset"),
        |reset| {
            texts.with(
                "operator-meters-since",
                &[
                    ("date", local_time(&reset.at, context.time_zone)),
                    ("reason", reset.reason.clone()),
                ],
            )
        },
    );
    ui.label(RichText::new(since).strong());
    meters_table(ui, context, "meters_since_reset", since_reset);
    ui.add_space(size::GAP);
    ui.label(RichText::new(texts.get("operator-meters-reset-explained")).color(palette::INK_SOFT));
    reason_field(ui, context, draft, &REASONS);
    let reason_given = !draft.reason.trim().is_empty();
    let reset = ui.add_enabled_ui(reason_given, |ui| {
        quiet_button(ui, &texts.get("operator-meters-reset"))
    });
    if reset.inner.clicked() {
        commands.push(Command::Operator(OperatorCommand::ResetMeters(
            draft.reason.trim().to_owned(),
        )));
    }
}
