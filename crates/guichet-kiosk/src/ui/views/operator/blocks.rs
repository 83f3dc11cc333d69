//! The blocks: for each emission the block selling (its number, the units
//! left, the lots left per tier, its commitment), the blocks that no longer
//! sell with their published seeds, and the store's verification on demand.

use egui::RichText;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::money::group_thousands;
use guichet_sale::BlockStatus;
use guichet_sqlite::BlockRecord;

use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::PageContext;
use crate::ui::widgets::{local_time, primary_button};

/// Draws the blocks tab.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    selling: &[(&'static Emission, Option<BlockStatus>)],
    past: &[BlockRecord],
    verified: Option<&[String]>,
    commands: &mut Vec<Command>,
) {
    verification(ui, context, verified, commands);
    for (emission, status) in selling {
        selling_block(ui, context, emission, status.as_ref());
    }
    past_blocks(ui, context, past);
}

/// That the seal key is in a folder of the user's, when it is: a mode for
/// trials and demonstrations, said to the operator.
pub fn keys_notice(ui: &mut egui::Ui, context: &PageContext<'_>, trial_keys: bool) {
    if trial_keys {
        ui.label(RichText::new(context.texts.get("operator-keys-trial")).color(palette::PROBLEM));
        ui.add_space(size::GAP / 2.0);
    }
}

/// "Vérifier la base", and what it found.
fn verification(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    verified: Option<&[String]>,
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    ui.horizontal_wrapped(|ui| {
        if primary_button(ui, &texts.get("operator-verify")).clicked() {
            commands.push(Command::Operator(OperatorCommand::Verify));
        }
        match verified {
            None => {}
            Some([]) => {
                ui.label(RichText::new(texts.get("operator-verify-clean")).color(palette::WIN));
            }
            Some(findings) => {
                ui.label(
                    RichText::new(texts.with(
                        "operator-verify-findings",
                        &[("count", findings.len().to_string())],
                    ))
                    .color(palette::PROBLEM),
                );
            }
        }
    });
    for finding in verified.unwrap_or_default() {
        ui.label(RichText::new(finding).color(palette::PROBLEM));
    }
}

/// An emission's block selling, on a card: the game and stake, the block's
/// number and how much of it is sold (words and a bar), the lots left per
/// winning tier as chips, its commitment and the next block's, with their
/// times.
fn selling_block(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    emission: &Emission,
    status: Option<&BlockStatus>,
) {
    let texts = context.texts;
    ui.add_space(size::GAP / 2.0);
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(format!("{} · {}", emission.game.title(), emission.stake))
                .text_style(style::amount()),
        );
        let Some(status) = status else {
            ui.label(RichText::new(texts.get("operator-block-none")).color(palette::INK_SOFT));
            return;
        };
        ui.label(texts.with(
            "operator-block-selling",
            &[
                ("number", status.selling.number.to_string()),
                ("sold", group_thousands(u64::from(status.sold))),
                ("size", group_thousands(u64::from(status.size))),
                (
                    "left",
                    group_thousands(u64::from(status.size - status.sold)),
                ),
            ],
        ));
        sold_bar(ui, status);
        ui.label(RichText::new(texts.get("operator-block-lots")).color(palette::INK_SOFT));
        let chips: Vec<(String, bool)> = emission
            .tiers
            .iter()
            .zip(status.remaining_lots.iter().flatten())
            .filter(|(tier, _)| tier.prize.is_positive())
            .map(|(tier, left)| {
                // One lot's words never split across lines.
                (
                    format!(
                        "{}\u{a0}×\u{a0}{}",
                        tier.prize.short(),
                        group_thousands(u64::from(*left))
                    ),
                    *left == 0,
                )
            })
            .collect();
        lot_chips(ui, &chips);
        crate::ui::views::rules::commitment_lines(ui, context, status);
    });
}

/// How much of the block is sold, as a thin bar across the card.
fn sold_bar(ui: &mut egui::Ui, status: &BlockStatus) {
    let (bar, _) = ui.allocate_exact_size(
        egui::Vec2::new(ui.available_width(), SOLD_BAR_HEIGHT),
        egui::Sense::hover(),
    );
    let painter = ui.painter();
    let radius = SOLD_BAR_HEIGHT / 2.0;
    painter.rect_filled(bar, radius, palette::QUIET);
    let sold = f64::from(status.sold) / f64::from(status.size.max(1));
    if status.sold > 0 {
        // A block begun shows at least a sliver, however large it is.
        let width = (bar.width() * sold as f32).max(SOLD_BAR_HEIGHT);
        let filled = egui::Rect::from_min_size(bar.min, egui::Vec2::new(width, bar.height()));
        painter.rect_filled(filled, radius, palette::ACTION);
    }
}

/// The height of the bar of units sold.
const SOLD_BAR_HEIGHT: f32 = 10.0;

/// The tiers' lots left as chips, in rows: a chip goes on the next row when
/// it would run past the card (a frame's size is known only once drawn, so
/// the rows are packed from the texts' measured widths first).
fn lot_chips(ui: &mut egui::Ui, chips: &[(String, bool)]) {
    let gap = size::GAP / 2.0;
    let available = ui.available_width();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut rows: Vec<Vec<&(String, bool)>> = Vec::new();
    let mut used = 0.0;
    for chip in chips {
        let width = ui
            .painter()
            .layout_no_wrap(chip.0.clone(), font.clone(), palette::INK)
            .size()
            .x
            + 2.0 * CHIP_MARGIN.0
            + 2.0;
        match rows.last_mut() {
            Some(row) if used + gap + width <= available => {
                row.push(chip);
                used += gap + width;
            }
            _ => {
                rows.push(vec![chip]);
                used = width;
            }
        }
    }
    ui.spacing_mut().item_spacing = egui::Vec2::splat(gap);
    for row in rows {
        ui.horizontal(|ui| {
            for (text, gone) in row {
                lot_chip(ui, text, *gone);
            }
        });
    }
}

/// A chip's margin inside its border, across and down.
const CHIP_MARGIN: (f32, f32) = (12.0, 6.0);

/// A tier's lots left, as a chip; dimmed when none is left.
fn lot_chip(ui: &mut egui::Ui, text: &str, gone: bool) {
    egui::Frame::NONE
        .fill(palette::LOUNGE)
        .stroke(egui::Stroke::new(1.0, palette::LINE))
        .corner_radius(size::RADIUS)
        .inner_margin(egui::Margin::symmetric(
            CHIP_MARGIN.0 as i8,
            CHIP_MARGIN.1 as i8,
        ))
        .show(ui, |ui| {
            let color = if gone {
                palette::INK_SOFT
            } else {
                palette::INK
            };
            ui.label(RichText::new(text).strong().color(color));
        });
}

/// The blocks that no longer sell, each with its published seed (or why it
/// was voided).
fn past_blocks(ui: &mut egui::Ui, context: &PageContext<'_>, past: &[BlockRecord]) {
    let texts = context.texts;
    ui.add_space(size::GAP);
    ui.label(RichText::new(texts.get("operator-blocks-past")).strong());
    if past.is_empty() {
        ui.label(RichText::new(texts.get("operator-blocks-past-none")).color(palette::INK_SOFT));
        return;
    }
    let rows: Vec<Vec<String>> = past
        .iter()
        .map(|record| {
            vec![
                format!(
                    "{} · {}",
                    record.emission.game.title(),
                    record.emission.stake
                ),
                record.facts.number.to_string(),
                record
                    .closed_at
                    .as_deref()
                    .map(|at| local_time(at, context.time_zone))
                    .unwrap_or_default(),
                record.seed.as_ref().map_or_else(
                    || record.void_reason.clone().unwrap_or_default(),
                    Seed::expose_hex,
                ),
            ]
        })
        .collect();
    table(
        ui,
        "past_blocks",
        &[
            texts.get("operator-game"),
            texts.get("operator-block-number"),
            texts.get("operator-block-closed"),
            texts.get("operator-block-seed"),
        ],
        &rows,
    );
}
