//! A bundle of banknotes of "Vos numéros": a small stack of green notes held by
//! a paper band. Revealing it, the band slips off to the side and the top note
//! shows what it is printed with: the symbol — a number or a multiplier — in
//! its pale cartouche, its amount on the note's denomination strip. Opened, it
//! is still a banknote.

use egui::{Align2, Painter, Rect, Stroke, StrokeKind, Vec2, emath::easing};

use super::glint;
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
    let note = Rect::from_center_size(rect.center(), rect.size() * Vec2::new(0.9, 0.78));
    let stack_offset = Vec2::new(-6.0, 6.0) * scale;
    if won > 0.0 {
        // The light around the stack as it lies (its lower notes showing to
        // the left), two soft layers, kept inside the bundle's own place.
        let stack = note.union(note.translate(stack_offset * f32::from(NOTES - 1)));
        for (grow, strength) in [(7.0, 0.45), (3.5, 0.8)] {
            painter.rect_filled(
                stack.expand(grow * scale),
                size::RADIUS_LARGE,
                look::WIN_GLOW.gamma_multiply(won * strength),
            );
        }
    }
    for layer in 0..NOTES {
        let sheet = note.translate(stack_offset * f32::from(NOTES - 1 - layer));
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
        Stroke::new(2.0, look::BANKNOTE_LINE.gamma_multiply(1.0 - opened)),
    );

    if let Some(face) = face.filter(|_| opened > 0.0) {
        paint_print(painter, note, face, opened, scale);
    }

    // The glint crossing the top note as it opens, on the note only.
    painter.add(glint::mesh(
        &glint::rounded_outline(note, f32::from(size::RADIUS)),
        opened,
    ));

    // The band, slipping off to the right as the bundle opens: whole, never
    // faded, and gone past the note's edge — never over the night beside it.
    if opened < 1.0 {
        let band = Rect::from_center_size(
            note.center() + Vec2::new(note.width() * 0.75 * opened, 0.0),
            Vec2::new(note.width() * 0.16, note.height() + 10.0 * scale),
        );
        let stack = note.union(note.translate(stack_offset * f32::from(NOTES - 1)));
        let clipped = painter.with_clip_rect(Rect::from_x_y_ranges(
            stack.left()..=note.right(),
            band.y_range(),
        ));
        clipped.rect_filled(band, 3.0, look::BAND);
        clipped.rect_stroke(
            band,
            3.0,
            Stroke::new(2.0, look::BAND_EDGE),
            StrokeKind::Inside,
        );
        clipped.text(
            band.center(),
            Align2::CENTER_CENTER,
            "€",
            theme::font(size::AMOUNT * scale.max(1.0), true),
            look::BAND_EDGE,
        );
    }
}

/// What an opened note is printed with, coming up as it opens (`opened`, 0
/// to 1): the symbol in a pale oval cartouche, the amount on the dark strip
/// of its denomination (gold when it wins), in type that fits the note.
fn paint_print(painter: &Painter, note: Rect, face: &Face<'_>, opened: f32, scale: f32) {
    let type_scale = scale.max(1.0);
    let cartouche = Rect::from_center_size(
        note.left_top() + Vec2::new(note.width() / 2.0, note.height() * 0.32),
        Vec2::new(note.width() * 0.56, note.height() * 0.52),
    );
    painter.add(egui::Shape::ellipse_filled(
        cartouche.center(),
        cartouche.size() / 2.0,
        look::NOTE_PAPER.gamma_multiply(opened),
    ));
    painter.add(egui::Shape::ellipse_stroke(
        cartouche.center(),
        cartouche.size() / 2.0,
        Stroke::new(1.5, look::BANKNOTE_EDGE.gamma_multiply(opened)),
    ));
    let symbol_ink = if face.multiplier {
        look::MULTIPLIER_INK
    } else {
        look::BANKNOTE_EDGE
    };
    painter.text(
        cartouche.center(),
        Align2::CENTER_CENTER,
        face.symbol,
        fitting_font(
            painter,
            face.symbol,
            look::SYMBOL * type_scale,
            cartouche.width() * 0.8,
        ),
        symbol_ink.gamma_multiply(opened),
    );
    let strip = Rect::from_center_size(
        note.left_top() + Vec2::new(note.width() / 2.0, note.height() * 0.77),
        Vec2::new(note.width() * 0.86, note.height() * 0.34),
    );
    let (fill, ink) = if face.won > 0.0 {
        (palette::ACTION, palette::INK)
    } else {
        (look::BANKNOTE_EDGE, palette::ON_DARK)
    };
    painter.rect_filled(strip, size::RADIUS, fill.gamma_multiply(opened));
    painter.text(
        strip.center(),
        Align2::CENTER_CENTER,
        face.amount,
        fitting_font(
            painter,
            face.amount,
            size::AMOUNT * type_scale,
            strip.width() * 0.94,
        ),
        ink.gamma_multiply(opened),
    );
}

/// Bold type of `wanted` size for `text`, smaller if it would run wider than
/// `width` (never below the kiosk's smallest type).
fn fitting_font(painter: &Painter, text: &str, wanted: f32, width: f32) -> egui::FontId {
    let font = theme::font(wanted, true);
    let measured = painter
        .layout_no_wrap(text.to_owned(), font.clone(), palette::INK)
        .size()
        .x;
    if measured <= width {
        font
    } else {
        theme::font((wanted * width / measured).max(size::SMALL), true)
    }
}
