//! A stack of casino chips, and the plaque in front of it that hides, then
//! shows, a hand's amount.

use egui::{Align2, Painter, Pos2, Rect, Shape, Stroke, Vec2};

use super::look;
use crate::ui::theme::{self, palette, size};

/// Chips in a stack: always the same, so that the stack says nothing of the
/// amount it hides.
const CHIPS: u8 = 5;

/// Paints a stack of chips standing on `base` (the middle of its bottom edge).
pub fn paint_stack(painter: &Painter, base: Pos2, width: f32) {
    let radius = Vec2::new(width / 2.0, width * 0.16);
    let thickness = width * 0.1;
    for chip in 0..CHIPS {
        let center = base - Vec2::new(0.0, radius.y + f32::from(chip) * thickness);
        // The chip's edge, then its face, then the stripes around its face.
        painter.add(Shape::ellipse_filled(
            center + Vec2::new(0.0, thickness * 0.6),
            radius,
            palette::CHIP_DARK,
        ));
        painter.add(Shape::ellipse_filled(center, radius, look::CHIP_RED));
        for stripe in 0..6_u8 {
            let angle = f32::from(stripe) * std::f32::consts::TAU / 6.0 + 0.3;
            let at =
                center + Vec2::new(angle.cos() * radius.x * 0.86, angle.sin() * radius.y * 0.86);
            painter.add(Shape::ellipse_filled(
                at,
                Vec2::new(radius.x * 0.1, radius.y * 0.22),
                look::CHIP_WHITE,
            ));
        }
        if chip + 1 == CHIPS {
            painter.add(Shape::ellipse_stroke(
                center,
                radius * 0.62,
                Stroke::new(2.0, palette::GOLD),
            ));
        }
    }
}

/// The plaque under the chips: `text` (the amount, once revealed) in gold, or
/// nothing while hidden; dimmed, its amount greyed, once its hand has `lost`
/// (only a winning hand's plaque shines); its height and type at the table's
/// `scale` (the type never below its design size). Returns its rectangle.
pub fn paint_plaque(
    painter: &Painter,
    center: Pos2,
    width: f32,
    text: Option<&str>,
    (opacity, lost): (f32, bool),
    scale: f32,
) -> Rect {
    let type_scale = scale.max(1.0);
    let rect = Rect::from_center_size(center, Vec2::new(width, (46.0 * scale).max(40.0)));
    let (fill, rim, ink) = if lost {
        (
            look::PLAQUE_LOST,
            palette::GOLD.gamma_multiply(0.25),
            palette::ON_DARK_SOFT.gamma_multiply(0.8),
        )
    } else {
        (
            palette::BALANCE.gamma_multiply(0.85),
            palette::GOLD.gamma_multiply(0.8),
            palette::ACTION,
        )
    };
    painter.rect_filled(rect, size::RADIUS, fill);
    painter.rect_stroke(
        rect,
        size::RADIUS,
        Stroke::new(1.5, rim),
        egui::StrokeKind::Inside,
    );
    match text {
        Some(text) if opacity > 0.0 => {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                text,
                theme::font(size::AMOUNT * type_scale, true),
                ink.gamma_multiply(opacity),
            );
        }
        _ => {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                "•••",
                theme::font(size::BODY * type_scale, true),
                palette::ON_DARK_SOFT,
            );
        }
    }
    rect
}
