//! The law's words on every screen that promotes play: the warning message of
//! the arrêté of 29 July 2022 (JORF of 2 August 2022; code de la sécurité
//! intérieure, art. L. 320-12 and D. 320-2), which "ne peut pas être modifié",
//! (in French on every screen, an English screen adding its rendering marked
//! as a translation), and "Jeu interdit aux mineurs" with an 18+ mark
//! (art. L. 320-8; on the lobby and the attract loop) — on a band
//! of their own at the foot of the screen, apart from the games' words and
//! illustrations: body-size type (20 px), white on ink (16:1), never cut nor
//! broken mid-word, the band as tall as the words need.

use egui::{Align, Layout, Margin, RichText, Stroke, Vec2};

use crate::ui::i18n::Texts;
use crate::ui::theme::{palette, size};
use crate::ui::widgets::text_width;

/// The band's words, their style: body size at least.
fn words(text: String, bold: bool) -> RichText {
    let text = RichText::new(text)
        .size(size::SMALL)
        .color(palette::WARNING_TEXT);
    if bold { text.strong() } else { text }
}

/// The band at the foot of `ui` (the window, or the attract loop's card): a
/// panel of its own, so that nothing lies under it; with `minors`, "Jeu
/// interdit aux mineurs" too. Returns the rect it takes.
pub fn band(ui: &mut egui::Ui, id: &str, texts: &Texts, minors: bool) -> egui::Rect {
    let bottom = ui.max_rect().bottom();
    let shown = egui::Panel::bottom(id)
        .frame(band_frame())
        .resizable(false)
        .show_separator_line(false)
        .show(ui, |ui| contents(ui, texts, minors));
    keep_whole(ui, shown.response.rect, bottom);
    shown.response.rect
}

/// The band's frame: ink, the page's margins.
fn band_frame() -> egui::Frame {
    egui::Frame::NONE
        .fill(palette::WARNING_BAND)
        .inner_margin(Margin::symmetric(size::MARGIN as i8, 8))
}

/// A panel takes the height of its words a frame late: when they change
/// (another language, another width) the band would stand off the foot of
/// `ui` (cut, or over a gap); the frame is then laid out again before it is
/// shown, so that the band is never seen so.
fn keep_whole(ui: &egui::Ui, band: egui::Rect, bottom: f32) {
    if (band.bottom() - bottom).abs() > 0.5 {
        ui.ctx()
            .request_discard("the legal warning's band took its height");
    }
}

/// `text` with its phone number and its French colon never split across
/// lines: their spaces are no-break spaces (U+00A0, the one epaint keeps).
/// Only the spaces change; the words are the law's.
fn unbroken(text: &str) -> String {
    text.replace("09 74 75 13 13", "09\u{a0}74\u{a0}75\u{a0}13\u{a0}13")
        .replace(" :", "\u{a0}:")
}

/// The band's contents in `ui`: the warning, word for word, then (with
/// `minors`) the 18+ mark and "Jeu interdit aux mineurs".
fn contents(ui: &mut egui::Ui, texts: &Texts, minors: bool) {
    let minors = minors.then(|| texts.get("legal-minors"));
    let badge = "18+";
    let minors_width = minors.as_ref().map_or(0.0, |minors| {
        text_width(ui, badge, egui::TextStyle::Small)
            + text_width(ui, minors, egui::TextStyle::Small)
            + 4.0 * size::GAP
    });
    // A row as tall as its words (`ui.horizontal` would make it a touch
    // target's height).
    let row = Vec2::new(ui.available_width(), 0.0);
    ui.allocate_ui_with_layout(row, Layout::left_to_right(Align::Center), |ui| {
        let warning_width = (ui.available_width() - minors_width - size::GAP).max(size::TOUCH);
        ui.allocate_ui_with_layout(
            Vec2::new(warning_width, 0.0),
            Layout::top_down(Align::LEFT),
            |ui| {
                // The law's words are French on every screen; an English
                // screen adds their rendering, marked as a translation.
                let warning = texts.in_french("legal-warning");
                ui.add(egui::Label::new(words(unbroken(&warning), false)).wrap());
                let rendering = texts.get("legal-warning");
                if rendering != warning {
                    ui.add(egui::Label::new(words(unbroken(&rendering), false).italics()).wrap());
                }
            },
        );
        let Some(minors) = minors else {
            return;
        };
        ui.add_space(size::GAP);
        egui::Frame::NONE
            .stroke(Stroke::new(2.0, palette::WARNING_TEXT))
            .corner_radius(size::RADIUS)
            .inner_margin(Margin::symmetric(8, 2))
            .show(ui, |ui| {
                ui.label(words(badge.to_owned(), true));
            });
        ui.label(words(minors, true));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance of an sRGB color.
    fn luminance(color: egui::Color32) -> f64 {
        let channel = |value: u8| {
            let value = f64::from(value) / 255.0;
            if value <= 0.039_28 {
                value / 12.92
            } else {
                ((value + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(color.r()) + 0.7152 * channel(color.g()) + 0.0722 * channel(color.b())
    }

    #[test]
    fn the_warning_reads_at_least_4_5_to_1_on_its_band_at_body_size() {
        let (text, band) = (
            luminance(palette::WARNING_TEXT),
            luminance(palette::WARNING_BAND),
        );
        let contrast = (text.max(band) + 0.05) / (text.min(band) + 0.05);
        assert!(contrast >= 4.5, "{contrast:.1}:1");
        const { assert!(size::SMALL >= 20.0) };
    }
}
