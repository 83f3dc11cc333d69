//! The board's own px on the screen: where its (0, 0) is, and its scale.

use egui::{Pos2, Vec2};

/// The board's px, as drawn on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Where the board's (0, 0) is.
    pub origin: Pos2,
    /// Screen points per board px.
    pub k: f32,
}

impl Frame {
    /// The screen point of the board's (`x`, `y`).
    #[must_use]
    pub fn at(self, x: f64, y: f64) -> Pos2 {
        self.origin + Vec2::new(x as f32, y as f32) * self.k
    }

    /// A length of the board, on the screen.
    #[must_use]
    pub fn len(self, length: f64) -> f32 {
        length as f32 * self.k
    }
}
