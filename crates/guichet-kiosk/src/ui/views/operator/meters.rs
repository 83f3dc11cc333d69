//! The meters: per game and stake, units sold, staked, paid and the return to
//! player, since installation (never reset) and since the last reset; the
//! money paid in and out. All of it summed from the ledger by the store; each
//! stretch a card, its totals as figure tiles above the table of games.

use egui::RichText;
use guichet_sale::{MeterReset, Meters};

use guichet_core::money::group_thousands;

use super::credits::{Draft, reason_field};
use super::figures::{self, Figure};
use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{self, palette, size};
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

/// One stretch of the ledger's meters, on a card: its title, the totals as
/// figure tiles (units, staked, paid, return, cash in and out), then each
/// game at each stake in a table.
fn meters_card(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    (id, title): (&str, String),
    meters: &Meters,
) {
    let texts = context.texts;
    let total = |amount: Option<guichet_core::money::Cents>| {
        amount.map_or_else(|| "—".to_owned(), |amount| amount.to_string())
    };
    let entries =
        |count: u64| Some(texts.with("operator-meters-entries", &[("count", count.to_string())]));
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(title).strong());
        figures::tiles(
            ui,
            &[
                Figure {
                    name: texts.get("operator-units"),
                    value: group_thousands(meters.units()),
                    note: None,
                },
                Figure {
                    name: texts.get("operator-staked"),
                    value: total(meters.staked()),
                    note: None,
                },
                Figure {
                    name: texts.get("operator-paid"),
                    value: total(meters.paid()),
                    note: None,
                },
                Figure {
                    name: texts.get("operator-rtp"),
                    value: rtp_text(meters.return_to_player()),
                    note: None,
                },
                Figure {
                    name: texts.get("operator-cash-in-kind"),
                    value: meters.cash.deposits.1.to_string(),
                    note: entries(meters.cash.deposits.0),
                },
                Figure {
                    name: texts.get("operator-cash-out-kind"),
                    value: meters.cash.withdrawals.1.to_string(),
                    note: entries(meters.cash.withdrawals.0),
                },
            ],
        );
        ui.add_space(size::GAP / 2.0);
        games_table(ui, context, id, meters);
    });
}

/// Each game at each stake: units, staked, paid, its return and the
/// règlement's.
fn games_table(ui: &mut egui::Ui, context: &PageContext<'_>, id: &str, meters: &Meters) {
    let texts = context.texts;
    let rows: Vec<Vec<String>> = meters
        .emissions
        .iter()
        .map(|meter| {
            vec![
                meter.emission.game.title().to_owned(),
                meter.emission.stake.to_string(),
                group_thousands(meter.units),
                meter.staked.to_string(),
                meter.paid.to_string(),
                rtp_text(meter.return_to_player()),
                rtp_text(Some(
                    meter.emission.return_to_player_basis_points() as f64 / 10_000.0,
                )),
            ]
        })
        .collect();
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
    meters_card(
        ui,
        context,
        ("meters_installed", texts.get("operator-meters-installed")),
        installed,
    );
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
    meters_card(ui, context, ("meters_since_reset", since), since_reset);
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
