//! The blocks: for each emission the block selling (its number, the units
//! left, the lots left per tier, its commitment), the blocks that no longer
//! sell with their published seeds, and the store's verification on demand.

use egui::RichText;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::money::group_thousands;
use guichet_sqlite::{BlockRecord, BlockStatus};

use super::grid::table;
use crate::command::{Command, OperatorCommand};
use crate::ui::theme::{palette, size};
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

/// An emission's block selling: its number, the units left, the lots left
/// per winning tier, its commitment and the next block's, with their times.
fn selling_block(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    emission: &Emission,
    status: Option<&BlockStatus>,
) {
    let texts = context.texts;
    ui.add_space(size::GAP / 2.0);
    ui.label(RichText::new(format!("{} · {}", emission.game.title(), emission.stake)).strong());
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
    let lots: Vec<String> = emission
        .tiers
        .iter()
        .zip(&status.remaining_lots)
        .filter(|(tier, _)| tier.prize.is_positive())
        .map(|(tier, left)| {
            // One lot's words never split across lines (`Texts` keeps the
            // thousands whole).
            format!(
                "{}\u{a0}×\u{a0}{}",
                tier.prize.short(),
                group_thousands(u64::from(*left))
            )
        })
        .collect();
    ui.add(
        egui::Label::new(texts.with("operator-block-lots", &[("lots", lots.join(" · "))])).wrap(),
    );
    crate::ui::views::rules::commitment_lines(ui, context, status);
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
