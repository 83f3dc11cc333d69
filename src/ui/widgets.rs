//! Small pieces every screen uses: buttons sized for fingers, notices, amounts,
//! times.

use egui::{Button, Color32, Response, RichText, Role, Sense, Vec2, WidgetInfo};

use crate::app::{Command, Notice};
use crate::ui::i18n::Texts;
use crate::ui::theme::{palette, size, style};

/// A button in the button text style: `ink` on `fill`, at least `width` wide and a
/// touch target tall.
fn button(text: &str, ink: Color32, fill: Color32, width: f32) -> Button<'static> {
    Button::new(
        RichText::new(text)
            .text_style(egui::TextStyle::Button)
            .color(ink),
    )
    .fill(fill)
    .min_size(Vec2::new(width, size::TOUCH))
}

/// The main action of a screen: gold, bold, at least a touch target tall.
pub fn primary_button(ui: &mut egui::Ui, text: &str) -> Response {
    ui.add(button(
        text,
        palette::INK,
        palette::ACTION,
        size::TOUCH * 2.5,
    ))
}

/// A secondary action.
pub fn quiet_button(ui: &mut egui::Ui, text: &str) -> Response {
    ui.add(button(text, palette::INK, palette::QUIET, size::TOUCH))
}

/// An action on a dark table: light outline, white text.
pub fn table_button(ui: &mut egui::Ui, text: &str) -> Response {
    ui.add(
        button(
            text,
            palette::ON_DARK,
            Color32::from_white_alpha(28),
            size::TOUCH * 2.0,
        )
        .stroke(egui::Stroke::new(2.0, palette::ON_DARK_SOFT)),
    )
}

/// An amount in the amount style.
#[must_use]
pub fn amount(text: impl Into<String>) -> RichText {
    RichText::new(text).text_style(style::amount())
}

/// The notice bar at the top of a page, with its "OK" to dismiss it.
pub fn notice(ui: &mut egui::Ui, notice: &Notice, texts: &Texts, commands: &mut Vec<Command>) {
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
            ui.horizontal(|ui| {
                ui.label(RichText::new(&notice.text).color(ink).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if quiet_button(ui, &texts.get("notice-dismiss")).clicked() {
                        commands.push(Command::DismissNotice);
                    }
                });
            });
        });
}

/// Allocates a painted, clickable area that screen readers and tests know by
/// `label`, as they know a button. `id` tells it from every other on the page.
pub fn touch_area(
    ui: &mut egui::Ui,
    size: Vec2,
    id: impl egui::AsIdSalt,
    label: &str,
    enabled: bool,
) -> Response {
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    touch_rect(ui, rect, id, label, enabled)
}

/// A clickable area over `rect`, painted by the caller where it chose, that
/// screen readers and tests know by `label`, as they know a button. `id` tells
/// it from every other on the page.
#[must_use]
pub fn touch_rect(
    ui: &egui::Ui,
    rect: egui::Rect,
    id: impl egui::AsIdSalt,
    label: &str,
    enabled: bool,
) -> Response {
    let sense = if enabled {
        Sense::click()
    } else {
        Sense::hover()
    };
    let response = ui.interact(rect, ui.scope_id().with(id), sense);
    let label = label.to_owned();
    response.widget_info(move || WidgetInfo::labeled(Role::Button, enabled, &label));
    response
}

/// A stored time (`2026-11-29T20:01:02Z`) as the kiosk shows it, in its time
/// zone: `29/11/2026 21:01`.
#[must_use]
pub fn local_time(stored: &str, zone: &jiff::tz::TimeZone) -> String {
    stored.parse::<jiff::Timestamp>().map_or_else(
        |_| stored.to_owned(),
        |timestamp| {
            timestamp
                .to_zoned(zone.clone())
                .strftime("%d/%m/%Y %H:%M")
                .to_string()
        },
    )
}
