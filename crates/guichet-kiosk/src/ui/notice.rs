//! A notice over the page: something went wrong, or something to know, in the
//! kiosk's language, until dismissed or replaced; what each store error
//! means to the player, in words ([`words_for`]); and each of the store's
//! warnings to the operator ([`warning_words`]).

use egui::RichText;

use guichet_sale::{Exposed, LimitKind, SignInRefusal, StoreError, StoreWarning};

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
/// `zone`): every variant named, so no error reaches the window without words
/// (the store's own English line is for the command line and the journal).
#[must_use]
// One arm per error, in one match: split, it could no longer be exhaustive.
#[allow(clippy::too_many_lines)]
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
        StoreError::SealKeyLost { .. } | StoreError::SealKeyUnreadable { .. } => {
            texts.get("notice-sales-suspended")
        }
        StoreError::InsufficientBalance { balance, amount } => texts.with(
            "notice-insufficient-balance",
            &[
                ("balance", balance.to_string()),
                ("amount", amount.to_string()),
            ],
        ),
        StoreError::LimitOutOfRange { max, .. } => {
            texts.with("notice-limit-out-of-range", &[("max", max.to_string())])
        }
        StoreError::ExclusionOutOfRange { max, .. } => {
            texts.with("notice-exclusion-out-of-range", &[("max", max.to_string())])
        }
        StoreError::PinFormat { min, max } => texts.with(
            "notice-pin-format",
            &[("min", min.to_string()), ("max", max.to_string())],
        ),
        StoreError::PlayerPinFormat { min, max } => texts.with(
            "notice-player-pin-format",
            &[("min", min.to_string()), ("max", max.to_string())],
        ),
        StoreError::CardTaken(card) => texts.with("notice-card-taken", &[("card", card.clone())]),
        StoreError::BalanceCeiling { max, .. } => {
            texts.with("notice-balance-ceiling", &[("max", max.to_string())])
        }
        StoreError::DepositTooLarge { max, .. } => {
            texts.with("notice-deposit-too-large", &[("max", max.to_string())])
        }
        StoreError::Locked { .. } => texts.get("notice-locked"),
        StoreError::SignIn(refusal) => refusal_words(texts, *refusal, zone),
        StoreError::SignedOut => texts.get("sign-in-session-ended"),
        StoreError::NotADatabase { .. }
        | StoreError::NotGuichet { .. }
        | StoreError::Truncated { .. }
        | StoreError::Corrupt { .. }
        | StoreError::NewerSchema { .. }
        | StoreError::UnknownSchema { .. }
        | StoreError::OldSchema { .. }
        | StoreError::Inconsistent { .. }
        | StoreError::Sqlite { .. } => texts.get("notice-store-damaged"),
        StoreError::ReadOnly { .. }
        | StoreError::ReadOnlyFolder { .. }
        | StoreError::ReadOnlyOpen { .. }
        | StoreError::NoPermission { .. } => texts.get("notice-store-read-only"),
        StoreError::DatabaseGone { .. }
        | StoreError::NotAFile { .. }
        | StoreError::NoDatabase { .. }
        | StoreError::CannotOpen { .. }
        | StoreError::FileReplaced { .. }
        | StoreError::LogReplaced { .. }
        | StoreError::RolledBack { .. }
        | StoreError::SideFile { .. } => texts.get("notice-store-gone"),
        StoreError::Forged { .. } => texts.get("notice-store-forged"),
        StoreError::ClockBehind { .. } => texts.get("notice-clock-behind"),
        StoreError::NotPositive(_) => texts.get("notice-not-positive"),
        StoreError::NotAnAdult => texts.get("notice-not-adult"),
        StoreError::CardFormat(_) => texts.get("notice-card-format"),
        StoreError::NoReason => texts.get("notice-no-reason"),
        StoreError::PinHash(_) => texts.get("notice-pin-hash"),
        StoreError::NoSuchUnit(_) => texts.get("notice-no-such-unit"),
        StoreError::Entropy(_) => texts.get("notice-entropy"),
        StoreError::KioskRefused(_) => texts.get("notice-kiosk-refused"),
        StoreError::Network(_) => texts.get("notice-network"),
    }
}

/// What a refused sign-in means, as the sign-in page says it.
fn refusal_words(texts: &Texts, refusal: SignInRefusal, zone: &jiff::tz::TimeZone) -> String {
    match refusal {
        SignInRefusal::WrongPin { tries_left } => {
            texts.with("sign-in-wrong", &[("left", tries_left.to_string())])
        }
        SignInRefusal::Locked { until } => {
            texts.with("sign-in-locked", &[("date", local_moment(until, zone))])
        }
        SignInRefusal::UnknownCard => texts.get("sign-in-unknown"),
    }
}

/// What a warning of the kiosk's file means to the operator, in the kiosk's
/// language.
#[must_use]
pub fn warning_words(texts: &Texts, warning: &StoreWarning) -> String {
    match warning {
        StoreWarning::OpenToOthers { what, path, mode } => texts.with(
            match what {
                Exposed::Database => "warning-exposed-database",
                Exposed::Folder => "warning-exposed-folder",
                Exposed::KeyStore => "warning-exposed-key-store",
                Exposed::SealKey => "warning-exposed-seal-key",
            },
            &[
                ("path", path.display().to_string()),
                ("mode", format!("{mode:03o}")),
            ],
        ),
        StoreWarning::LegacyKeyUnused { path } => texts.with(
            "warning-legacy-key-unused",
            &[("path", path.display().to_string())],
        ),
        StoreWarning::LegacyKeyOther { path, kept } => texts.with(
            "warning-legacy-key-other",
            &[
                ("path", path.display().to_string()),
                ("kept", kept.display().to_string()),
            ],
        ),
        StoreWarning::TallyRebuilt { path } => texts.with(
            "warning-tally-rebuilt",
            &[("path", path.display().to_string())],
        ),
        StoreWarning::TallyUnwritten { path, reason } => texts.with(
            "warning-tally-unwritten",
            &[
                ("path", path.display().to_string()),
                ("reason", reason.clone()),
            ],
        ),
    }
}
