//! The reality check: every so often during a session, over whatever page is
//! shown, the time played and the session's net position, with "Continuer"
//! and "Arrêter".

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::RealityChoice;

use crate::command::{Command, ProtectionCommand};
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::widgets::{primary_button, quiet_button};

/// What a reality check says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RealityFacts {
    /// Minutes played in the session.
    pub minutes: u32,
    /// The session's net position: won − staked.
    pub net: Cents,
}

/// A duration of play in words: "45 min", "1 h 05".
#[must_use]
pub fn played(texts: &Texts, minutes: u32) -> String {
    if minutes < 60 {
        texts.with("session-time", &[("minutes", minutes.to_string())])
    } else {
        texts.with(
            "session-hours",
            &[
                ("hours", (minutes / 60).to_string()),
                ("minutes", format!("{:02}", minutes % 60)),
            ],
        )
    }
}

/// A net position with its sign: "+4,00 €", "−2,00 €", "0,00 €".
#[must_use]
pub fn signed(net: Cents) -> String {
    match net.get() {
        0 => net.to_string(),
        cents if cents > 0 => format!("+{net}"),
        cents => format!("−{}", Cents(-cents)),
    }
}

/// Draws the reality check over everything; the page under it takes no taps.
pub fn show(ui: &egui::Ui, facts: RealityFacts, texts: &Texts, commands: &mut Vec<Command>) {
    egui::Modal::new(ui.scope_id().with("reality_check"))
        .frame(theme::card_frame())
        .show(ui.ctx(), |ui| {
            ui.set_max_width(size::TOUCH * 9.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(texts.get("reality-title")).text_style(egui::TextStyle::Heading),
                );
                ui.add_space(size::GAP);
                ui.label(texts.with(
                    "reality-played",
                    &[("duration", played(texts, facts.minutes))],
                ));
                ui.label(
                    RichText::new(texts.with("reality-net", &[("net", signed(facts.net))]))
                        .text_style(style::amount())
                        .color(palette::INK),
                );
                ui.add_space(size::GAP * 1.5);
                ui.horizontal(|ui| {
                    if primary_button(ui, &texts.get("reality-continue")).clicked() {
                        commands.push(Command::Protection(ProtectionCommand::RealityCheck(
                            RealityChoice::Continue,
                        )));
                    }
                    ui.add_space(size::GAP);
                    if quiet_button(ui, &texts.get("reality-stop")).clicked() {
                        commands.push(Command::Protection(ProtectionCommand::RealityCheck(
                            RealityChoice::Stop,
                        )));
                    }
                });
            });
        });
}
