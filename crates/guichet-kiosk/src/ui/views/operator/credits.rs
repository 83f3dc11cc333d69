//! Cash in and out of a named player's account (their card's number), each
//! with the operator's reason: ledger entries like any other (the player's
//! limits apply to cash in), logged with the reason. The players' balances,
//! limits and breaks are shown, never changed: those are the player's own.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::{Event, EventKind, Limit, PlayerSummary};

use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size, style};
use crate::ui::view::PageContext;
use crate::ui::widgets::{
    amount_choice_button, choice_button, local_moment, local_time, primary_button, quiet_button,
};

/// The amounts offered at a tap, in euros.
const PRESETS: [i64; 5] = [5, 10, 20, 50, 100];
/// The reasons offered at a tap (keys of the kiosk's words).
const REASONS: [&str; 3] = [
    "operator-reason-cash",
    "operator-reason-payout",
    "operator-reason-correction",
];

/// What the operator is typing: a card, an amount and a reason.
#[derive(Clone, Debug)]
pub struct Draft {
    /// The card of the player paid in or out.
    pub card: String,
    /// The amount.
    pub amount: Cents,
    /// The reason.
    pub reason: String,
}

impl Default for Draft {
    fn default() -> Self {
        Self {
            card: String::new(),
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

/// Draws the credits tab: the players, the card chosen, the amount and the
/// reason; then the last movements.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    draft: &mut Draft,
    (movements, players): (&[Event], &[PlayerSummary]),
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    players_table(ui, context, players, draft);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(texts.get("operator-card")).color(palette::INK_SOFT));
        ui.add(
            egui::TextEdit::singleline(&mut draft.card)
                .hint_text(texts.get("operator-card-hint"))
                .desired_width(size::TOUCH * 4.0)
                .min_size(egui::Vec2::new(0.0, size::TOUCH)),
        );
    });
    let chosen = players
        .iter()
        .find(|player| player.card == draft.card.trim());
    ui.label(
        RichText::new(chosen.map_or_else(
            || texts.get("operator-card-unknown"),
            |player| {
                texts.with(
                    "operator-balance",
                    &[("balance", player.balance.to_string())],
                )
            },
        ))
        .text_style(style::amount()),
    );
    ui.horizontal_wrapped(|ui| {
        for euros in PRESETS {
            let amount = Cents::euros(euros);
            if amount_choice_button(ui, amount, draft.amount == amount).clicked() {
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
    let ready = !draft.reason.trim().is_empty() && chosen.is_some();
    ui.horizontal_wrapped(|ui| {
        let amount = draft.amount.to_string();
        let cash_in = ui.add_enabled_ui(ready, |ui| {
            primary_button(
                ui,
                &texts.with("operator-cash-in", &[("amount", amount.clone())]),
            )
        });
        if cash_in.inner.clicked() {
            commands.push(Command::Operator(OperatorCommand::CashIn {
                card: draft.card.trim().to_owned(),
                amount: draft.amount,
                reason: draft.reason.trim().to_owned(),
            }));
        }
        let cash_out = ui.add_enabled_ui(ready, |ui| {
            quiet_button(ui, &texts.with("operator-cash-out", &[("amount", amount)]))
        });
        if cash_out.inner.clicked() {
            commands.push(Command::Operator(OperatorCommand::CashOut {
                card: draft.card.trim().to_owned(),
                amount: draft.amount,
                reason: draft.reason.trim().to_owned(),
            }));
        }
    });
    if !ready {
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

/// The players: card, balance, what their 7 days used of their limits, break — a tap on one chooses their
/// card.
fn players_table(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    players: &[PlayerSummary],
    draft: &mut Draft,
) {
    let texts = context.texts;
    // What the 7 days used, against the limit in force.
    let limit = |limit: &Limit| {
        let used = limit.used.to_string();
        limit.current.map_or_else(
            || texts.with("operator-players-used-unlimited", &[("used", used.clone())]),
            |amount| {
                texts.with(
                    "operator-players-used",
                    &[("used", used.clone()), ("limit", amount.to_string())],
                )
            },
        )
    };
    ui.label(RichText::new(texts.get("operator-players")).strong());
    egui::Grid::new("players")
        .striped(true)
        .spacing(egui::Vec2::new(size::GAP * 1.5, size::GAP / 2.0))
        .show(ui, |ui| {
            for heading in [
                "operator-players-card",
                "operator-players-balance",
                "operator-players-deposit",
                "operator-players-stake",
                "operator-players-break",
            ] {
                ui.label(RichText::new(texts.get(heading)).color(palette::INK_SOFT));
            }
            ui.end_row();
            for player in players {
                let name = texts.with("operator-choose-card", &[("card", player.card.clone())]);
                if choice_button(ui, &name, draft.card.trim() == player.card).clicked() {
                    draft.card.clone_from(&player.card);
                }
                ui.label(player.balance.to_string());
                ui.label(limit(&player.protection.deposit));
                ui.label(limit(&player.protection.stake));
                ui.label(player.protection.excluded_until.map_or_else(
                    || "—".to_owned(),
                    |until| local_moment(until, context.time_zone),
                ));
                ui.end_row();
            }
        });
    ui.add_space(size::GAP);
}
