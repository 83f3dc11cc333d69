//! "Vérifier cette partie": a settled unit of the history checked as its
//! player can (`guichet_core::unit_check`, computed by the app, never
//! here) — the block's commitment as published before its first sale, its
//! seed once it has closed, and each check, ✓ or ✗, with the verdict. While
//! the block still sells, when it will be verifiable.

use egui::{Align2, RichText, Stroke, Vec2};
use guichet_core::block::Commitment;
use guichet_core::money::Cents;
use guichet_core::money::group_thousands;
use guichet_core::unit_check::{Check, Outcome, UnitCheck};
use guichet_sale::{PublishedBlock, Unit};

use crate::command::{Command, Navigation};
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{local_time, primary_button, scroll_view};

/// The check of one unit, as the app made it.
pub struct CheckUnitPage {
    unit: Unit,
    block: PublishedBlock,
    checked: UnitCheck,
}

impl CheckUnitPage {
    /// The page of `unit`, sold from `block`, checked as `checked`.
    #[must_use]
    pub const fn new(unit: Unit, block: PublishedBlock, checked: UnitCheck) -> Self {
        Self {
            unit,
            block,
            checked,
        }
    }
}

/// 64 hex digits as four lines of sixteen, which fit every kiosk's width.
fn in_lines(hex: &str) -> String {
    hex.as_bytes()
        .chunks(16)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

impl View for CheckUnitPage {
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
        let zone = context.time_zone;
        theme::page_frame().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(texts.get("check-unit-title"))
                        .text_style(egui::TextStyle::Heading),
                );
            });
            ui.label(
                RichText::new(texts.with(
                    "check-unit-which",
                    &[
                        ("game", self.unit.emission.game.title().to_owned()),
                        ("stake", self.unit.emission.stake.to_string()),
                        ("unit", self.unit.id.to_string()),
                        ("time", local_time(&self.unit.sold_at, zone)),
                    ],
                ))
                .color(palette::INK_SOFT),
            );
            ui.add_space(size::GAP);
            verdict(ui, texts, &self.checked, &self.block);
            ui.add_space(size::GAP);
            if primary_button(ui, &texts.get("check-unit-back")).clicked() {
                commands.push(Command::Go(Navigation::History));
            }
            ui.add_space(size::GAP);
            scroll_view(ui, "unit check", |ui| {
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    for (check, outcome) in &self.checked.lines {
                        check_line(ui, &words(check, *outcome, texts, &self.unit), *outcome);
                    }
                });
                ui.add_space(size::GAP);
                published(ui, texts, zone, &self.block, self.unit.block);
                ui.add_space(size::GAP);
                ui.label(RichText::new(texts.get("check-unit-yourself")).color(palette::INK_SOFT));
            });
        });
    }
}

/// The verdict, large: every check holds, one fails, or it waits.
fn verdict(ui: &mut egui::Ui, texts: &Texts, checked: &UnitCheck, block: &PublishedBlock) {
    let (line, color) = if checked.holds() {
        (texts.get("check-unit-holds"), palette::WIN)
    } else if checked.waits() {
        (
            texts.with(
                "check-unit-waits",
                &[(
                    "left",
                    group_thousands(u64::from(block.size.saturating_sub(block.sold))),
                )],
            ),
            palette::INK,
        )
    } else {
        (texts.get("check-unit-fails"), palette::PROBLEM)
    };
    ui.add(
        egui::Label::new(RichText::new(line).text_style(style::amount()).color(color))
            .wrap_mode(egui::TextWrapMode::Wrap),
    );
}

/// The block's public record: its commitment and, once closed, its seed.
fn published(
    ui: &mut egui::Ui,
    texts: &Texts,
    zone: &jiff::tz::TimeZone,
    block: &PublishedBlock,
    number: u32,
) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(texts.with(
                "check-unit-commitment",
                &[
                    ("block", number.to_string()),
                    ("time", local_time(&block.committed_at, zone)),
                ],
            ))
            .strong(),
        );
        hex_block(ui, &block.commitment);
        ui.add_space(size::GAP);
        match (&block.seed, &block.closed_at) {
            (Some(seed), closed_at) => {
                ui.label(
                    RichText::new(
                        texts.with(
                            "check-unit-seed",
                            &[(
                                "time",
                                closed_at
                                    .as_deref()
                                    .map_or_else(String::new, |time| local_time(time, zone)),
                            )],
                        ),
                    )
                    .strong(),
                );
                ui.label(RichText::new(in_lines(&seed.expose_hex())).color(palette::INK_SOFT));
            }
            (None, _) => {
                ui.label(RichText::new(texts.get("check-unit-no-seed")).color(palette::INK_SOFT));
            }
        }
    });
}

fn hex_block(ui: &mut egui::Ui, commitment: &Commitment) {
    ui.label(RichText::new(in_lines(&commitment.to_string())).color(palette::INK_SOFT));
}

/// One check: its mark (painted: ✓, ✗ or …) and its words.
fn check_line(ui: &mut egui::Ui, text: &str, outcome: Outcome) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(size::BODY * 1.4), egui::Sense::hover());
        let painter = ui.painter();
        let center = rect.center();
        let radius = rect.width() / 2.0;
        let color = match outcome {
            Outcome::Holds => palette::WIN,
            Outcome::Fails => palette::PROBLEM,
            Outcome::Waits | Outcome::OtherGenerators => palette::INK_SOFT,
        };
        painter.circle_filled(center, radius, color);
        let stroke = Stroke::new(3.0, palette::ON_DARK);
        let at = |x: f32, y: f32| center + Vec2::new(x, y) * radius;
        match outcome {
            Outcome::Holds => {
                painter.line_segment([at(-0.5, 0.0), at(-0.15, 0.4)], stroke);
                painter.line_segment([at(-0.15, 0.4), at(0.5, -0.4)], stroke);
            }
            Outcome::Fails => {
                painter.line_segment([at(-0.4, -0.4), at(0.4, 0.4)], stroke);
                painter.line_segment([at(-0.4, 0.4), at(0.4, -0.4)], stroke);
            }
            Outcome::Waits | Outcome::OtherGenerators => {
                painter.text(
                    center,
                    Align2::CENTER_CENTER,
                    "…",
                    theme::font(size::SMALL, true),
                    palette::ON_DARK,
                );
            }
        }
        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Wrap));
    });
    ui.add_space(size::GAP / 2.0);
}

/// What a check says, in the player's words.
fn words(check: &Check, outcome: Outcome, texts: &Texts, unit: &Unit) -> String {
    let paid = ("paid", unit.prize.to_string());
    let index = ("index", group_thousands(u64::from(unit.index)));
    if outcome == Outcome::Waits {
        return match check {
            Check::SeedGivesCommitment => texts.get("check-unit-line-commitment-waits"),
            Check::TierIsThePrizePaid { .. } => {
                texts.with("check-unit-line-tier-waits", &[index, paid])
            }
            _ => texts.get("check-unit-line-stream-waits"),
        };
    }
    match check {
        Check::SeedGivesCommitment => texts.get("check-unit-line-commitment"),
        Check::TierIsThePrizePaid {
            tier: Some(tier),
            block_prize,
        } => texts.with(
            "check-unit-line-tier",
            &[
                index,
                ("tier", (tier + 1).to_string()),
                ("prize", block_prize.to_string()),
                paid,
            ],
        ),
        Check::TierIsThePrizePaid { tier: None, .. } => {
            texts.with("check-unit-line-no-tier", &[index, paid])
        }
        Check::StreamDrawsTheScenario if outcome == Outcome::OtherGenerators => {
            texts.get("check-unit-line-other-generators")
        }
        Check::StreamDrawsTheScenario => texts.get("check-unit-line-stream"),
        Check::ScenarioPaysThePrize { pays } => {
            texts.with("check-unit-line-pays", &[("pays", pays.to_string()), paid])
        }
        Check::ScenarioIsLegal(Ok(())) => texts.get("check-unit-line-legal"),
        Check::ScenarioIsLegal(Err(reason)) => {
            texts.with("check-unit-line-illegal", &[("reason", reason.clone())])
        }
    }
}
