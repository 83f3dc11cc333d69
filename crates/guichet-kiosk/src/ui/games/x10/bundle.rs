//! A bundle of banknotes of "Vos numéros": a small stack of green notes held by
//! a paper band. Revealing it, the band slips off to the side and the symbol —
//! a number or a multiplier — comes up on a dark plate, its amount under it.

use egui::{Align2, Painter, Rect, Stroke, StrokeKind, Vec2, emath::easing};

use super::look;
use crate::ui::theme::{self, palette, size};

/// Notes in a bundle: always the same, so the stack tells nothing.
const NOTES: u8 = 3;

/// What a revealed bundle shows.
pub struct Face<'a> {
    /// "23" or "x5".
    pub symbol: &'a str,
    /// Its amount, or "5 € × 2 = 10 €" for a multiplier.
    pub amount: &'a str,
    /// Whether the symbol is a multiplier (drawn in gold).
    pub multiplier: bool,
    /// Whether it wins, and how far its light has come up (0 to 1).
    pub won: f32,
}

/// Paints a bundle in `rect`, `opened` of the way from banded to open (eased
/// here), at the table's `scale`.
pub fn paint(painter: &Painter, rect: Rect, face: Option<&Face<'_>>, opened: f32, scale: f32) {
    let opened = easing::cubic_out(opened.clamp(0.0, 1.0));
    let won = face.map_or(0.0, |face| face.won);
    if won > 0.0 {
        painter.rect_filled(
            rect.expand(8.0 * scale),
            size::RADIUS_LARGE,
            look::WIN_GLOW.gamma_multiply(won),
        );
    }
    let note = Rect::from_center_size(rect.center(), rect.size() * Vec2::new(0.9, 0.78));
    for layer in 0..NOTES {
        let offset = Vec2::new(-6.0, 6.0) * scale * f32::from(NOTES - 1 - layer);
        let sheet = note.translate(offset);
        let fill = if layer + 1 == NOTES {
            look::BANKNOTE_LIGHT
        } else {
            look::BANKNOTE
        };
        painter.rect_filled(sheet, size::RADIUS, fill);
        painter.rect_stroke(
            sheet,
            size::RADIUS,
            Stroke::new(2.0, look::BANKNOTE_EDGE),
            StrokeKind::Inside,
        );
    }
    // The top note's engraving.
    painter.rect_stroke(
        note.shrink(10.0 * scale),
        size::RADIUS,
        Stroke::new(1.5, look::BANKNOTE_LINE),
        StrokeKind::Inside,
    );
    painter.circle_stroke(
        note.center(),
        note.height() * 0.28,
        Stroke::new(2.0, look::BANKNOTE_LINE),
    );

    if let Some(face) = face.filter(|_| opened > 0.0) {
        let plate = Rect::from_center_size(note.center(), note.size() * Vec2::new(0.86, 0.84));
        painter.rect_filled(
            plate,
            size::RADIUS,
            look::NIGHT.gamma_multiply(0.9 * opened),
        );
        let ink = if face.multiplier {
            palette::ACTION
        } else {
            palette::ON_DARK
        };
        let type_scale = scale.max(1.0);
        painter.text(
            plate.center() - Vec2::new(0.0, plate.height() * 0.16),
            Align2::CENTER_CENTER,
            face.symbol,
            theme::font(look::SYMBOL * type_scale, true),
            ink.gamma_multiply(opened),
        );
        let amount_ink = if face.won > 0.0 {
            palette::ACTION
        } else {
            palette::ON_DARK_SOFT
        };
        painter.text(
            plate.center() + Vec2::new(0.0, plate.height() * 0.3),
            Align2::CENTER_CENTER,
            face.amount,
            theme::font(size::AMOUNT * type_scale, true),
            amount_ink.gamma_multiply(opened),
        );
    }

    // The band, slipping off to the right as the bundle opens.
    if opened < 1.0 {
        let band = Rect::from_center_size(
            note.center() + Vec2::new(note.width() * 0.75 * opened, 0.0),
            Vec2::new(note.width() * 0.16, note.height() + 10.0 * scale),
        );
        let left = 1.0 - opened;
        painter.rect_filled(band, 3.0, look::BAND.gamma_multiply(left));
        painter.rect_stroke(
            band,
            3.0,
            Stroke::new(2.0, look::BAND_EDGE.gamma_multiply(left)),
            StrokeKind::Inside,
        );
        painter.text(
            band.center(),
            Align2::CENTER_CENTER,
            "€",
            theme::font(size::AMOUNT * scale.max(1.0), true),
            look::BAND_EDGE.gamma_multiply(left),
        );
    }
}
