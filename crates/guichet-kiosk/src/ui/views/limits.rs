//! The play limits: a deposit limit and a stake limit over 7 rolling days,
//! each with its presets and an amount of the player's own, what the week has
//! left, and a raise waiting with its date. Set before the first deposit or
//! stake; the store enforces them.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::{Limit, LimitKind, MAX_LIMIT};

use crate::command::{Command, Navigation, ProtectionCommand};
use crate::ui::layout;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{amount_choice_button, local_moment, primary_button, quiet_button};

/// The amounts offered at a tap, in euros (others by "Moins" and "Plus").
const PRESETS: [i64; 4] = [20, 50, 100, 200];
/// The amount "Moins" and "Plus" start from when no limit is set.
const START: Cents = Cents::euros(100);
/// The lowest amount "Moins" goes to.
const LOWEST: Cents = Cents::euros(5);

/// The limits page: what the player has chosen and not yet saved.
#[derive(Default)]
pub struct LimitsPage {
    deposit: Option<Cents>,
    stake: Option<Cents>,
}

impl LimitsPage {
    /// The page, nothing chosen yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    const fn chosen(&mut self, kind: LimitKind) -> &mut Option<Cents> {
        match kind {
            LimitKind::Deposit => &mut self.deposit,
            LimitKind::Stake => &mut self.stake,
        }
    }
}

/// Tighter buttons, so that a card's row fits a 1024-pixel-wide context.
fn compact(ui: &mut egui::Ui) {
    let spacing = ui.spacing_mut();
    spacing.button_padding.x = size::GAP * 0.75;
    spacing.item_spacing.x = size::GAP / 2.0;
}

/// The step of "Moins" and "Plus" from `amount`: finer for small amounts.
fn step_from(amount: Cents) -> Cents {
    Cents::euros(match amount.get() / 100 {
        ..100 => 5,
        100..500 => 10,
        500..2_000 => 50,
        _ => 100,
    })
}

impl View for LimitsPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Shown
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        let Some(protection) = context.protection else {
            return;
        };
        theme::page_frame().show(ui, |ui| {
            crate::ui::widgets::scroll_view(ui, "limits", |ui| {
                ui.label(
                    RichText::new(texts.get("limits-title")).text_style(egui::TextStyle::Heading),
                );
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("limits-explanation")).color(palette::INK_SOFT),
                    )
                    .wrap(),
                );
                if !protection.limits_set() {
                    ui.add(
                        egui::Label::new(RichText::new(texts.get("limits-first")).strong()).wrap(),
                    );
                }
                ui.add_space(size::GAP);
                let kinds = [LimitKind::Deposit, LimitKind::Stake];
                if layout::is_portrait(ui.ctx().content_rect().size()) {
                    for kind in kinds {
                        self.card(ui, context, kind, protection.limit(kind));
                        ui.add_space(size::GAP);
                    }
                } else {
                    ui.columns(2, |columns| {
                        for (column, kind) in columns.iter_mut().zip(kinds) {
                            self.card(column, context, kind, protection.limit(kind));
                        }
                    });
                }
                ui.add_space(size::GAP);
                let complete = kinds.iter().all(|&kind| {
                    self.chosen(kind).is_some() || protection.limit(kind).current.is_some()
                });
                let changed = self.deposit.is_some() || self.stake.is_some();
                ui.horizontal_wrapped(|ui| {
                    let save = ui.add_enabled_ui(complete && changed, |ui| {
                        primary_button(ui, &texts.get("limits-save"))
                    });
                    if save.inner.clicked() {
                        commands.push(Command::Protection(ProtectionCommand::SetLimits {
                            deposit: self.deposit.take(),
                            stake: self.stake.take(),
                        }));
                    }
                    ui.add_space(size::GAP);
                    if quiet_button(ui, &texts.get("limits-pause")).clicked() {
                        commands.push(Command::Go(Navigation::Exclusion));
                    }
                });
            });
        });
    }
}

impl LimitsPage {
    /// One limit's card: its state, its presets, "Moins", the amount, "Plus".
    fn card(
        &mut self,
        ui: &mut egui::Ui,
        context: &PageContext<'_>,
        kind: LimitKind,
        limit: &Limit,
    ) {
        let texts = context.texts;
        let name = match kind {
            LimitKind::Deposit => "limits-deposit",
            LimitKind::Stake => "limits-stake",
        };
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(texts.get(name)).text_style(style::amount()));
            let state = match (limit.current, limit.left()) {
                (Some(current), Some(left)) => texts.with(
                    "limits-current",
                    &[("limit", current.to_string()), ("left", left.to_string())],
                ),
                _ => texts.get("limits-not-set"),
            };
            ui.add(egui::Label::new(RichText::new(state).color(palette::INK_SOFT)).wrap());
            if let Some(raise) = limit.pending {
                let pending = texts.with(
                    "limits-pending",
                    &[
                        ("amount", raise.amount.to_string()),
                        ("date", local_moment(raise.from, context.time_zone)),
                    ],
                );
                ui.add(egui::Label::new(RichText::new(pending).strong()).wrap());
            }
            ui.add_space(size::GAP / 2.0);
            let chosen = self.chosen(kind);
            ui.horizontal_wrapped(|ui| {
                compact(ui);
                for euros in PRESETS {
                    let amount = Cents::euros(euros);
                    if amount_choice_button(ui, amount, *chosen == Some(amount)).clicked() {
                        *chosen = Some(amount);
                    }
                }
            });
            ui.add_space(size::GAP / 2.0);
            let shown = chosen.or(limit.current).unwrap_or(START);
            ui.horizontal(|ui| {
                compact(ui);
                if quiet_button(ui, &texts.get("limits-less")).clicked() {
                    let lower = Cents(shown.get() - step_from(Cents(shown.get() - 1)).get());
                    *chosen = Some(lower.max(LOWEST));
                }
                let custom = !chosen.is_some_and(|amount| PRESETS.contains(&(amount.get() / 100)));
                let ink = if custom && chosen.is_some() {
                    palette::INK
                } else {
                    palette::INK_SOFT
                };
                // Whole euros, as the presets say them: "950 €", not "950,00 €".
                ui.label(
                    RichText::new(shown.short())
                        .text_style(style::amount())
                        .color(ink),
                );
                if quiet_button(ui, &texts.get("limits-more")).clicked() {
                    *chosen = Some(
                        (shown.checked_add(step_from(shown)).unwrap_or(MAX_LIMIT)).min(MAX_LIMIT),
                    );
                }
            });
        });
    }
}
