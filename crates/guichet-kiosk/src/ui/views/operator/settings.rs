//! The kiosk's settings: language, sound and volume, idle timeout, attract
//! loop; and, in kiosk mode, the way out.

use egui::RichText;

use crate::command::{Command, OperatorCommand, Setting};
use crate::settings::{IDLE_CHOICES, KioskSettings, REALITY_CHOICES};
use crate::ui::i18n::Language;
use crate::ui::theme::{palette, size, style};
use crate::ui::view::PageContext;
use crate::ui::widgets::{choice_button, quiet_button, text_width};

/// The settings' names, in the order of their rows.
const NAMES: [&str; 5] = [
    "settings-language",
    "settings-sound",
    "settings-idle",
    "settings-reality",
    "settings-attract",
];

/// A row: its name in a column `name_width` wide — every row's choices start
/// at the same place — then its choices, wrapping where they do not fit.
fn row(ui: &mut egui::Ui, name: &str, name_width: f32, choices: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = size::GAP / 2.0;
        ui.allocate_ui_with_layout(
            egui::Vec2::new(name_width, size::TOUCH),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(name_width);
                ui.label(RichText::new(name).strong());
            },
        );
        ui.horizontal_wrapped(|ui| choices(ui));
    });
}

/// Draws the settings tab.
pub fn ui(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    settings: KioskSettings,
    kiosk_mode: bool,
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    let name_width = NAMES
        .iter()
        .map(|name| text_width(ui, &texts.get(name), egui::TextStyle::Body))
        .fold(0.0, f32::max)
        + size::GAP;
    let mut change =
        |setting| commands.push(Command::Operator(OperatorCommand::ChangeSetting(setting)));
    row(ui, &texts.get("settings-language"), name_width, |ui| {
        for (language, name) in [
            (Language::French, "Français"),
            (Language::English, "English"),
        ] {
            if choice_button(ui, name, settings.language == language).clicked() {
                change(Setting::Language(language));
            }
        }
    });
    row(ui, &texts.get("settings-sound"), name_width, |ui| {
        for on in [true, false] {
            let name = texts.get(if on { "settings-on" } else { "settings-off" });
            if choice_button(ui, &name, settings.sound == on).clicked() {
                change(Setting::Sound(on));
            }
        }
        // The volume's less, level and more stay together on a line of
        // their own when the row wraps.
        ui.horizontal(|ui| {
            if quiet_button(ui, &texts.get("limits-less")).clicked() {
                change(Setting::Volume(settings.volume.saturating_sub(10)));
            }
            ui.label(
                RichText::new(texts.with(
                    "settings-volume",
                    &[("volume", settings.volume.to_string())],
                ))
                .text_style(style::amount()),
            );
            if quiet_button(ui, &texts.get("limits-more")).clicked() {
                change(Setting::Volume((settings.volume + 10).min(100)));
            }
        });
    });
    row(ui, &texts.get("settings-idle"), name_width, |ui| {
        for seconds in IDLE_CHOICES {
            let name = texts.with(
                "settings-minutes",
                &[("minutes", (seconds / 60).to_string())],
            );
            if choice_button(ui, &name, settings.idle_seconds == seconds).clicked() {
                change(Setting::IdleSeconds(seconds));
            }
        }
    });
    row(ui, &texts.get("settings-reality"), name_width, |ui| {
        for minutes in REALITY_CHOICES {
            let name = texts.with("settings-minutes", &[("minutes", minutes.to_string())]);
            if choice_button(ui, &name, settings.reality_minutes == minutes).clicked() {
                change(Setting::RealityMinutes(minutes));
            }
        }
    });
    row(ui, &texts.get("settings-attract"), name_width, |ui| {
        for on in [true, false] {
            let name = texts.get(if on { "settings-on" } else { "settings-off" });
            if choice_button(ui, &name, settings.attract == on).clicked() {
                change(Setting::Attract(on));
            }
        }
    });
    ui.add_space(size::GAP);
    if kiosk_mode {
        ui.label(RichText::new(texts.get("settings-exit-explained")).color(palette::INK_SOFT));
        if quiet_button(ui, &texts.get("settings-exit")).clicked() {
            commands.push(Command::Operator(OperatorCommand::ExitKiosk));
        }
    }
}
