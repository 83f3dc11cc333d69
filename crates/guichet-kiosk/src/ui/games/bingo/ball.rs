//! A bingo ball, glossy, with its number on a cream disc — the disc turning to
//! face the player as the ball arrives — or, still closed, a "?" on it.

use egui::{Align2, Painter, Pos2, Vec2};

use super::look;
use crate::ui::theme::{self, palette};

/// The color of the ball showing `number`, by its range of fifteen, as bingo
/// halls color them.
#[must_use]
pub fn color(number: u8) -> egui::Color32 {
    look::BALL_COLORS[usize::from(number.saturating_sub(1) / 15).min(4)]
}

/// The cream disc's radius, in the ball's.
const DISC: f32 = 0.68;
/// The widest the disc grows to hold its number, in the ball's radius.
const DISC_MOST: f32 = 0.84;
/// The disc's radius its number needs, in the number's type size.
const DISC_PER_TYPE: f32 = 0.8;
/// Two digits' type size, in the ball's radius.
const TWO_DIGITS: f32 = 0.62;

/// What a ball shows on its disc.
pub enum Disc<'a> {
    /// Its number, turned `turned` of the way to face the player (0 to 1).
    Number(&'a str, f32),
    /// Nothing yet: a closed bonus ball.
    Closed,
    /// No disc: a ball inside the sphere.
    Blank,
}

/// Paints a ball of `radius` centered on `center`, in `color`: its shadow and
/// shaded lower side, but for a ball inside the sphere (many, small, behind
/// glass), which is its color and its gloss only.
pub fn paint(painter: &Painter, center: Pos2, radius: f32, color: egui::Color32, disc: &Disc<'_>) {
    if matches!(disc, Disc::Blank) {
        painter.circle_filled(center, radius, color);
    } else {
        // A soft shadow: two light layers, the wider fainter.
        painter.circle_filled(
            center + Vec2::new(radius * 0.06, radius * 0.16),
            radius * 1.04,
            look::BALL_SHADOW,
        );
        painter.circle_filled(
            center + Vec2::new(radius * 0.04, radius * 0.1),
            radius * 0.98,
            look::BALL_SHADOW,
        );
        // The shaded lower side, under the lit upper one.
        painter.circle_filled(center, radius, color.gamma_multiply(0.92));
        painter.circle_filled(
            center - Vec2::new(radius * 0.07, radius * 0.09),
            radius * 0.9,
            color,
        );
    }
    let font_size = radius * 0.78;
    match *disc {
        Disc::Number(number, turned) => {
            let width = turned.clamp(0.0, 1.0);
            if width > 0.02 {
                // Two digits in smaller type; on a small ball, whose type is
                // never under the smallest text, a wider disc: they stay on it.
                let font = theme::font(
                    if number.len() > 1 {
                        radius * TWO_DIGITS
                    } else {
                        font_size
                    },
                    true,
                );
                let disc_radius =
                    (font.size * DISC_PER_TYPE).clamp(radius * DISC, radius * DISC_MOST);
                let disc = Vec2::new(disc_radius * width, disc_radius);
                painter.add(egui::Shape::ellipse_filled(center, disc, palette::CREAM));
                if width > 0.5 {
                    painter.text(center, Align2::CENTER_CENTER, number, font, palette::INK);
                }
            }
        }
        Disc::Closed => {
            painter.circle_filled(center, radius * DISC, palette::CREAM);
            painter.text(
                center,
                Align2::CENTER_CENTER,
                "?",
                theme::font(font_size, true),
                look::CORAL_DEEP,
            );
        }
        Disc::Blank => {}
    }
    // The gloss on the ball's shoulder, off the disc and its number.
    painter.add(egui::Shape::ellipse_filled(
        center + Vec2::new(-radius * 0.5, -radius * 0.62),
        Vec2::new(radius * 0.24, radius * 0.12),
        look::GLOSS,
    ));
}
