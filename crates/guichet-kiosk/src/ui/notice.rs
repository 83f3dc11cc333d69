//! A notice over the page: something went wrong, or something to know, in the
//! kiosk's language, until dismissed or replaced; and what each store error
//! means to the player, in words ([`words_for`]).

use egui::RichText;

use guichet_sale::{LimitKind, StoreError};

use crate::command::{Command, ScreenCommand};
use crate::ui::i18n::Texts;
use crate::ui::theme::{palette, size};
use crate::ui::widgets::{local_moment, quiet_button, text_width};

/// A message over the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Whether something went wrong (or is only information).
    pub is_problem: bool,
}

/// Draws the notice bar at the top of a page, with its "OK" to dismiss it.
pub fn show(ui: &mut egui::Ui, notice: &Notice, texts: &Texts, commands: &mut Vec<Command>) {
    let (fill, ink) = if notice.is_problem {
        (palette::PROBLEM_BACKGROUND, palette::PROBLEM)
    } else {
        (palette::NOTICE_BACKGROUND, palette::INK)
    };
    egui::Frame::NONE
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(24, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let dismiss = texts.get("notice-dismiss");
            let button = text_width(ui, &dismiss, egui::TextStyle::Button) + 48.0 + size::GAP;
            ui.horizontal(|ui| {
                // The words wrap in what the button leaves them.
                ui.allocate_ui_with_layout(
                    egui::Vec2::new(ui.available_width() - button, 0.0),
                    egui::Layout::top_down(egui::Align::LEFT),
                    |ui| {
                        ui.add(
                            egui::Label::new(RichText::new(&notice.text).color(ink).strong())
                                .wrap(),
                        );
                    },
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if quiet_button(ui, &dismiss).clicked() {
                        commands.push(Command::Screen(ScreenCommand::DismissNotice));
                    }
                });
            });
        });
}

/// What a store error means to the player, in the kiosk's language (times in
/// `zone`).
#[must_use]
pub fn words_for(texts: &Texts, error: &StoreError, zone: &jiff::tz::TimeZone) -> String {
    match error {
        StoreError::NoLimits => texts.get("notice-no-limits"),
        StoreError::Excluded { until } => {
            texts.with("notice-excluded", &[("date", local_moment(*until, zone))])
        }
        StoreError::LimitReached {
            kind,
            amount,
            limit,
            left,
            fits_from,
        } => {
            let message = texts.with(
                match kind {
                    LimitKind::Deposit => "notice-deposit-limit",
                    LimitKind::Stake => "notice-stake-limit",
                },
                &[
                    ("amount", amount.to_string()),
                    ("limit", limit.to_string()),
                    ("left", left.to_string()),
                ],
            );
            fits_from.map_or_else(
                || texts.with("notice-limit-never", &[("message", message.clone())]),
                |from| {
                    texts.with(
                        "notice-limit-frees",
                        &[
                            ("message", message.clone()),
                            ("date", local_moment(from, zone)),
                        ],
                    )
                },
            )
        }
        StoreError::InsufficientFunds { balance, stake } => texts.with(
            "notice-insufficient-funds",
            &[
                ("balance", balance.to_string()),
                ("stake", stake.to_string()),
            ],
        ),
        StoreError::UnitUnfinished(_) => texts.get("notice-unit-unfinished"),
        StoreError::PlayedElsewhere { .. } => texts.get("notice-played-elsewhere"),
        StoreError::AlreadySettled(_) | StoreError::NotFinished(_) | StoreError::Step { .. } => {
            texts.get("notice-moved-on")
        }
        StoreError::SealKeyLost { .. } => texts.get("notice-sales-suspended"),
        StoreError::BalanceCeiling { max, .. } => {
            texts.with("notice-balance-ceiling", &[("max", max.to_string())])
        }
        StoreError::DepositTooLarge { max, .. } => {
            texts.with("notice-deposit-too-large", &[("max", max.to_string())])
        }
        StoreError::Locked { .. } => texts.get("notice-locked"),
        other => texts.with("notice-store-error", &[("reason", other.to_string())]),
    }
}
