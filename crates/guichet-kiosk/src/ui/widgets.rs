//! Small pieces every screen uses: buttons sized for fingers, amounts, touch
//! areas, times.

// Buttons are built here and only here (clippy.toml disallows
// `egui::Button::new` elsewhere): every screen's buttons look alike.
#![allow(clippy::disallowed_methods)]

use egui::{Button, Color32, Response, RichText, Role, Sense, Vec2, WidgetInfo};
use guichet_core::money::Cents;

use crate::ui::theme::{font, palette, size, style};

/// A button in the button text style: `ink` on `fill`, at least `width` wide and a
/// touch target tall.
fn button(text: &str, ink: Color32, fill: Color32, width: f32) -> Button<'static> {
    styled_button(text, egui::TextStyle::Button, ink, fill, width)
}

/// A button whose words are in `style`: `ink` on `fill`, at least `width`
/// wide and a touch target tall.
fn styled_button(
    text: &str,
    style: egui::TextStyle,
    ink: Color32,
    fill: Color32,
    width: f32,
) -> Button<'static> {
    filled_button(
        RichText::new(text).text_style(style).color(ink),
        fill,
        width,
    )
}

/// A button of `word` on `fill`, at least `width` wide and a touch target tall.
fn filled_button(word: RichText, fill: Color32, width: f32) -> Button<'static> {
    Button::new(word)
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

/// A key of a keypad, every key of it the same `size`: gold for the one
/// that confirms (`primary`), quiet otherwise; its word grows with the key
/// (a button's type on a touch target's height).
pub fn key_button(ui: &mut egui::Ui, text: &str, size: Vec2, primary: bool) -> Response {
    let fill = if primary {
        palette::ACTION
    } else {
        palette::QUIET
    };
    let type_size = size::BUTTON * size.y / size::TOUCH;
    let word = RichText::new(text)
        .font(font(type_size, true))
        .color(palette::INK);
    ui.add_sized(size, filled_button(word, fill, size.x))
}

/// A secondary action.
pub fn quiet_button(ui: &mut egui::Ui, text: &str) -> Response {
    ui.add(button(text, palette::INK, palette::QUIET, size::TOUCH))
}

/// A secondary action of `size` whose short words need their context to be
/// named: screen readers and tests know it by `label` ("Vérifier la partie
/// …").
pub fn labelled_quiet_button(
    ui: &mut egui::Ui,
    text: &str,
    size: Vec2,
    label: impl Fn() -> String,
) -> Response {
    let response = ui.add_sized(size, button(text, palette::INK, palette::QUIET, size.x));
    response.widget_info(|| WidgetInfo::labeled(Role::Button, true, label()));
    response
}

/// An action on a dark table: light outline, white text.
pub fn table_button(ui: &mut egui::Ui, text: &str) -> Response {
    ui.add(
        button(
            text,
            palette::ON_DARK,
            palette::ON_DARK_VEIL,
            size::TOUCH * 2.0,
        )
        .stroke(egui::Stroke::new(2.0, palette::ON_DARK_SOFT)),
    )
}

/// One of several choices on the lounge (a preset amount, a duration): gold
/// when `chosen`.
pub fn choice_button(ui: &mut egui::Ui, text: &str, chosen: bool) -> Response {
    let fill = if chosen {
        palette::ACTION
    } else {
        palette::QUIET
    };
    ui.add(button(text, palette::INK, fill, size::TOUCH).selected(chosen))
}

/// One of several amounts to choose on the lounge (a limit, a pay-in), in
/// the amount style (an amount on its own is never under 28 px): gold when
/// `chosen`.
pub fn amount_choice_button(ui: &mut egui::Ui, amount: Cents, chosen: bool) -> Response {
    let fill = if chosen {
        palette::ACTION
    } else {
        palette::QUIET
    };
    ui.add(
        styled_button(
            &amount.short(),
            style::amount(),
            palette::INK,
            fill,
            size::TOUCH,
        )
        .selected(chosen),
    )
}

/// A stake to choose on a dark table, in the amount style: gold when
/// `chosen`.
pub fn stake_button(ui: &mut egui::Ui, stake: Cents, chosen: bool) -> Response {
    let (ink, fill) = if chosen {
        (palette::INK, palette::ACTION)
    } else {
        (palette::ON_DARK, palette::ON_DARK_VEIL)
    };
    ui.add(styled_button(
        &stake.short(),
        style::amount(),
        ink,
        fill,
        size::TOUCH,
    ))
}

/// An amount in the amount style.
#[must_use]
pub fn amount(text: impl Into<String>) -> RichText {
    RichText::new(text).text_style(style::amount())
}

/// Allocates a painted, clickable area that screen readers and tests know by
/// `label`, as they know a button. `id` tells it from every other on the page.
/// The label is made only when asked for (a screen reader or a test running).
pub fn touch_area(
    ui: &mut egui::Ui,
    size: Vec2,
    id: impl egui::AsIdSalt,
    label: impl Fn() -> String,
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
    label: impl Fn() -> String,
    enabled: bool,
) -> Response {
    let sense = if enabled {
        Sense::click()
    } else {
        Sense::hover()
    };
    let response = ui.interact(rect, ui.scope_id().with(id), sense);
    response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, label()));
    response
}

/// A painted text or figure over `rect` that screen readers and tests know by
/// `label` (a bingo cell, a ball on the rail); it takes no taps. The label is
/// made only when asked for.
pub fn label_rect(
    ui: &egui::Ui,
    rect: egui::Rect,
    id: impl egui::AsIdSalt,
    label: impl Fn() -> String,
) {
    let response = ui.interact(rect, ui.scope_id().with(id), Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(Role::Label, true, label()));
}

/// A stored time (`2026-11-29T20:01:02Z`) as the kiosk shows it, in its time
/// zone: `29/11/2026 21:01`.
#[must_use]
pub fn local_time(stored: &str, zone: &jiff::tz::TimeZone) -> String {
    stored.parse::<jiff::Timestamp>().map_or_else(
        |_| stored.to_owned(),
        |timestamp| local_moment(timestamp, zone),
    )
}

/// A moment as the kiosk shows it, in its time zone: `29/11/2026 21:01`.
#[must_use]
pub fn local_moment(moment: jiff::Timestamp, zone: &jiff::tz::TimeZone) -> String {
    moment
        .to_zoned(zone.clone())
        .strftime("%d/%m/%Y %H:%M")
        .to_string()
}

/// How wide `text` is in `style`, laid out on one line.
#[must_use]
pub fn text_width(ui: &egui::Ui, text: &str, style: impl Into<egui::TextStyle>) -> f32 {
    let font = style.into().resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_owned(), font, palette::INK)
        .size()
        .x
}

/// A vertical scroll area that screen readers and tests know as a scroll view:
/// what it holds is seen only through it.
pub fn scroll_view<R>(
    ui: &mut egui::Ui,
    id_salt: impl egui::AsIdSalt,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_role(Role::ScrollView),
        |ui| {
            let view = ui.unique_id();
            // A solid bar, beside the content, never over a card's edge.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            let shown = egui::ScrollArea::vertical()
                .id_salt(id_salt)
                .auto_shrink([false, false])
                .show(ui, add_contents);
            // Containers carry no bounds of their own: the view's are what it shows.
            let points = ui.ctx().pixels_per_point();
            let rect = shown.inner_rect;
            ui.ctx().accesskit_node_builder(view, |node| {
                node.set_bounds(egui::accesskit::Rect {
                    x0: f64::from(rect.min.x * points),
                    y0: f64::from(rect.min.y * points),
                    x1: f64::from(rect.max.x * points),
                    y1: f64::from(rect.max.y * points),
                });
            });
            shown.inner
        },
    )
    .inner
}
