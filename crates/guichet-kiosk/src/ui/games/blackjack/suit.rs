//! The four suits, painted as shapes (no font has to carry them), squeezable
//! horizontally for a card turning over.

use egui::{Color32, Painter, Pos2, Shape, Vec2};
use guichet_core::games::blackjack::scenario::Suit;

/// Where and how large a suit is painted.
#[derive(Clone, Copy, Debug)]
pub struct SuitPlacement {
    /// The center of the symbol.
    pub center: Pos2,
    /// Its height.
    pub size: f32,
    /// Horizontal squeeze, 1 when the card faces the player squarely.
    pub x_scale: f32,
    /// Upside down, as the pips of a card's lower half.
    pub upside_down: bool,
}

impl SuitPlacement {
    /// A point of the unit symbol (height 1, centered on the origin), placed.
    fn at(self, x: f32, y: f32) -> Pos2 {
        let y = if self.upside_down { -y } else { y };
        self.center + Vec2::new(x * self.size * self.x_scale, y * self.size)
    }

    fn disc(self, x: f32, y: f32, radius: f32, color: Color32) -> Shape {
        Shape::ellipse_filled(
            self.at(x, y),
            Vec2::new(radius * self.size * self.x_scale, radius * self.size),
            color,
        )
    }

    fn polygon(self, points: &[(f32, f32)], color: Color32) -> Shape {
        Shape::convex_polygon(
            points.iter().map(|&(x, y)| self.at(x, y)).collect(),
            color,
            egui::Stroke::NONE,
        )
    }
}

/// Paints `suit` in `color`.
pub fn paint(painter: &Painter, suit: Suit, placement: SuitPlacement, color: Color32) {
    let shapes = match suit {
        Suit::Hearts => vec![
            placement.disc(-0.24, -0.16, 0.26, color),
            placement.disc(0.24, -0.16, 0.26, color),
            placement.polygon(&[(-0.49, -0.08), (0.49, -0.08), (0.0, 0.48)], color),
        ],
        Suit::Diamonds => {
            vec![placement.polygon(&[(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)], color)]
        }
        Suit::Spades => vec![
            placement.disc(-0.24, 0.1, 0.25, color),
            placement.disc(0.24, 0.1, 0.25, color),
            placement.polygon(&[(-0.48, 0.04), (0.48, 0.04), (0.0, -0.52)], color),
            placement.polygon(&[(0.0, 0.12), (0.17, 0.5), (-0.17, 0.5)], color),
        ],
        Suit::Clubs => vec![
            placement.disc(0.0, -0.24, 0.22, color),
            placement.disc(-0.24, 0.08, 0.22, color),
            placement.disc(0.24, 0.08, 0.22, color),
            placement.disc(0.0, 0.0, 0.14, color),
            placement.polygon(&[(0.0, 0.04), (0.16, 0.5), (-0.16, 0.5)], color),
        ],
    };
    painter.extend(shapes);
}
