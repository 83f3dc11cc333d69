//! Cash in and out, each with the operator's reason: ledger entries like any
//! other (the player's limits apply to cash in), logged with the reason.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sqlite::{Event, EventKind};

use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size, style};
use crate::ui::view::PageContext;
use crate::ui::widgets::{choice_button, local_time, primary_button, quiet_button};

/// The amounts offered at a tap, in euros.
const PRESETS: [i64; 5] = [5, 10, 20, 50, 100];
/// The reasons offered at a tap (keys of the kiosk's words).
const REASONS: [&str; 3] = [
    "operator-reason-cash",
    "operator-reason-payout",
    "operator-reason-correction",
];

/// What the operator is typing: an amount and a reason.
#[derive(Clone, Debug)]
pub struct Draft {
    /// The amount.
    pub amount: Cents,
    /// The reason.
    pub reason: String,
}

impl Default for Draft {
    fn default() -> Self {
        Self {
            amount: Cents::euros(20),
            reason: String::new(),
        }
    }
}

/// The reason: chips for the usual ones, and a field for one's own.
pub fn reason_field(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    draft: &mut Draft,
    keys: &[&str],
) {
    let texts = context.texts;
    ui.label(RichText::new(texts.get("operator-reason")).color(palette::INK_SOFT));
    ui.horizontal_wrapped(|ui| {
        for key in keys {
            let reason = texts.get(key);
            if choice_button(ui, &reason, draft.reason == reason).clicked() {
                draft.reason = reason;
            }
        }
    });
    ui.add(
        egui::TextEdit::singleline(&mut draft.reason)
            .hint_text(texts.get("operator-reason-hint"))
            .desired_width(size::TOUCH * 8.0)
            .min_size(egui::Vec2::new(0.0, size::TOUCH)),
    );
}

/// Draws the credits tab.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    draft: &mut Draft,
    movements: &[Event],
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    ui.label(
        RichText::new(texts.with(
            "operator-balance",
            &[("balance", context.balance.unwrap_or_default().to_string())],
        ))
        .text_style(style::amount()),
    );
    ui.horizontal_wrapped(|ui| {
        for euros in PRESETS {
            let amount = Cents::euros(euros);
            if choice_button(ui, &amount.short(), draft.amount == amount).clicked() {
                draft.amount = amount;
            }
        }
        if quiet_button(ui, &texts.get("limits-less")).clicked() {
            draft.amount = Cents::euros((draft.amount.get() / 100 - 5).max(1));
        }
        ui.label(RichText::new(draft.amount.to_string()).text_style(style::amount()));
        if quiet_button(ui, &texts.get("limits-more")).clicked() {
            draft.amount = Cents::euros((draft.amount.get() / 100 + 5).min(1_000));
        }
    });
    reason_field(ui, context, draft, &REASONS);
    let reason_given = !draft.reason.trim().is_empty();
    ui.horizontal_wrapped(|ui| {
        let amount = draft.amount.to_string();
        let cash_in = ui.add_enabled_ui(reason_given, |ui| {
            primary_button(
                ui,
                &texts.with("operator-cash-in", &[("amount", amount.clone())]),
            )
        });
        if cash_in.inner.clicked() {
            commands.push(Command::Operator(OperatorCommand::CashIn {
                amount: draft.amount,
                reason: draft.reason.trim().to_owned(),
            }));
        }
        let cash_out = ui.add_enabled_ui(reason_given, |ui| {
            quiet_button(ui, &texts.with("operator-cash-out", &[("amount", amount)]))
        });
        if cash_out.inner.clicked() {
            commands.push(Command::Operator(OperatorCommand::CashOut {
                amount: draft.amount,
                reason: draft.reason.trim().to_owned(),
            }));
        }
    });
    if !reason_given {
        ui.label(RichText::new(texts.get("operator-reason-needed")).color(palette::INK_SOFT));
    }
    ui.add_space(size::GAP);
    ui.label(RichText::new(texts.get("operator-last-movements")).strong());
    let rows: Vec<Vec<String>> = movements
        .iter()
        .map(|event| {
            vec![
                local_time(&event.at, context.time_zone),
                texts.get(match event.kind {
                    EventKind::CashOut => "operator-cash-out-kind",
                    _ => "operator-cash-in-kind",
                }),
                event.detail.clone(),
            ]
        })
        .collect();
    table(
        ui,
        "cash_movements",
        &[
            texts.get("operator-when"),
            texts.get("operator-what"),
            texts.get("operator-detail"),
        ],
        &rows,
    );
}
