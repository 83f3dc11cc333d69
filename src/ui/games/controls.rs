//! The controls every table shares: the stake (for games sold at several), "Jouer"
//! and "Auto", and a word when the balance is short.

use egui::RichText;
use guichet_core::emission::Emission;
use guichet_store::UnitState;

use super::Table;
use crate::app::Command;
use crate::ui::theme::{palette, size};
use crate::ui::widgets::{primary_button, table_button};

/// Whether a unit is on the table and not yet settled: no new purchase then.
#[must_use]
pub fn unit_in_progress(table: &Table<'_>) -> bool {
    table
        .unit
        .is_some_and(|unit| unit.state != UnitState::Settled)
}

/// "Jouer 2 €" and "Auto", with the stakes of a game sold at several. Both buy a
/// new unit when none is being revealed; while one is, "Jouer" waits and "Auto"
/// reveals the rest of it: then this returns `true`, for the screen to start.
pub fn play_bar(ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>) -> bool {
    let texts = table.texts;
    let emission = table.emission;
    let enabled = !unit_in_progress(table);
    let mut auto_rest = false;
    ui.horizontal(|ui| {
        let stakes: Vec<&'static Emission> = emission.game.emissions().collect();
        if stakes.len() > 1 {
            ui.label(RichText::new(texts.get("stake")).color(palette::ON_DARK));
            for other in stakes {
                let label = other.stake.short();
                let chosen = other == emission;
                let button = egui::Button::new(
                    RichText::new(label)
                        .text_style(egui::TextStyle::Button)
                        .color(if chosen {
                            palette::INK
                        } else {
                            palette::ON_DARK
                        }),
                )
                .fill(if chosen {
                    palette::ACTION
                } else {
                    egui::Color32::from_white_alpha(28)
                })
                .min_size(egui::Vec2::splat(size::TOUCH));
                if ui.add_enabled(enabled, button).clicked() && !chosen {
                    commands.push(Command::ShowGame(other));
                }
            }
            ui.add_space(size::GAP);
        }
        let play = texts.with("play", &[("price", emission.stake.short())]);
        if ui
            .add_enabled_ui(enabled, |ui| primary_button(ui, &play))
            .inner
            .clicked()
        {
            commands.push(Command::Buy {
                emission,
                auto: false,
            });
        }
        if table_button(ui, &texts.get("auto")).clicked() {
            if enabled {
                commands.push(Command::Buy {
                    emission,
                    auto: true,
                });
            } else {
                auto_rest = true;
            }
        }
        if enabled && table.balance < emission.stake {
            ui.label(
                RichText::new(texts.get("balance-short"))
                    .color(palette::ON_DARK)
                    .strong(),
            );
        }
    });
    auto_rest
}
