//! The court cards — Valet, Dame, Roi — as a French deck draws them: a
//! double-headed figure, the upper half's bust mirrored below across a gold
//! line, each in its robe of the suit's colour, its head under a cap (Valet),
//! a tiara (Dame) or a crown (Roi), the suit beside it. Shapes only, squeezed
//! horizontally as the card turns.

use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, Vec2};
use guichet_core::games::blackjack::scenario::{Rank, Suit};

use super::look;
use super::suit::{self, SuitPlacement};
use crate::ui::theme::palette;

/// One half of the figure: points given as (across, up) in the half's own
/// units — across from -1 (left) to 1, up from 0 (the middle line) to 1 (the
/// frame's edge) — placed upright (the upper half) or turned about the
/// card's centre (the lower half).
#[derive(Clone, Copy)]
struct Half {
    center: Pos2,
    /// Half the frame's width, squeezed by the turn.
    across: f32,
    /// Half the frame's height.
    up: f32,
    /// The lower half: every point turned about the centre.
    turned: bool,
}

impl Half {
    fn at(self, x: f32, y: f32) -> Pos2 {
        let offset = Vec2::new(x * self.across, -y * self.up);
        if self.turned {
            self.center - offset
        } else {
            self.center + offset
        }
    }

    fn polygon(self, points: &[(f32, f32)], fill: Color32, stroke: Stroke) -> Shape {
        Shape::convex_polygon(
            points.iter().map(|&(x, y)| self.at(x, y)).collect(),
            fill,
            stroke,
        )
    }

    fn ellipse(self, x: f32, y: f32, radii: (f32, f32), fill: Color32, stroke: Stroke) -> Shape {
        let center = self.at(x, y);
        let radius = Vec2::new(radii.0 * self.across, radii.1 * self.up);
        Shape::Ellipse(egui::epaint::EllipseShape {
            center,
            radius,
            fill,
            stroke,
            angle: 0.0,
        })
    }
}

/// Paints the court card `rank` of `suit` in `frame`, its robe in `ink`,
/// squeezed to `width` (1 facing the player).
pub fn paint(painter: &Painter, frame: Rect, rank: Rank, suit: Suit, ink: Color32, width: f32) {
    let outline = Stroke::new(1.0, ink);
    painter.rect_filled(frame, 4.0, look::COURT_GROUND);
    for turned in [false, true] {
        let half = Half {
            center: frame.center(),
            across: frame.width() / 2.0 * width,
            up: frame.height() / 2.0,
            turned,
        };
        let mut shapes = bust(half, ink, outline);
        shapes.extend(headgear(half, rank, ink, outline));
        painter.extend(shapes);
        suit::paint(
            painter,
            suit,
            SuitPlacement {
                center: half.at(-0.66, 0.8),
                size: frame.height() * 0.11,
                x_scale: width,
                upside_down: turned,
            },
            ink,
        );
    }
    // The middle line the two halves meet on, and the frame.
    let middle = frame.center().y;
    painter.line_segment(
        [
            Pos2::new(frame.left(), middle),
            Pos2::new(frame.right(), middle),
        ],
        Stroke::new(1.5, palette::GOLD),
    );
    painter.rect_stroke(
        frame,
        4.0,
        Stroke::new(2.0, palette::GOLD),
        egui::StrokeKind::Inside,
    );
}

/// The robe, its gold panel, the collar and the head.
fn bust(half: Half, ink: Color32, outline: Stroke) -> Vec<Shape> {
    vec![
        half.polygon(
            &[(-0.9, 0.02), (0.9, 0.02), (0.62, 0.46), (-0.62, 0.46)],
            ink,
            Stroke::NONE,
        ),
        half.polygon(
            &[(-0.24, 0.02), (0.24, 0.02), (0.14, 0.46), (-0.14, 0.46)],
            look::COURT_GOLD,
            outline,
        ),
        half.ellipse(0.0, 0.48, (0.42, 0.06), look::COURT_COLLAR, outline),
        half.ellipse(0.0, 0.64, (0.2, 0.13), look::COURT_SKIN, outline),
        // The eyes and the mouth, small and dark.
        half.ellipse(-0.07, 0.66, (0.025, 0.014), ink, Stroke::NONE),
        half.ellipse(0.07, 0.66, (0.025, 0.014), ink, Stroke::NONE),
        half.polygon(
            &[(-0.05, 0.585), (0.05, 0.585), (0.0, 0.57)],
            look::CARD_RED,
            Stroke::NONE,
        ),
    ]
}

/// What each rank wears on its head: a cap and its feather, a tiara of
/// pearls, or a three-pointed crown.
fn headgear(half: Half, rank: Rank, ink: Color32, outline: Stroke) -> Vec<Shape> {
    let gold = look::COURT_GOLD;
    match rank {
        Rank::Valet => vec![
            half.polygon(
                &[
                    (-0.26, 0.74),
                    (0.26, 0.74),
                    (0.2, 0.86),
                    (-0.02, 0.92),
                    (-0.22, 0.86),
                ],
                ink,
                outline,
            ),
            // The feather: no outline (a thin shape's sharp corners would
            // spike).
            half.polygon(&[(0.1, 0.84), (0.44, 0.97), (0.3, 0.8)], gold, Stroke::NONE),
        ],
        Rank::Dame => {
            let mut shapes = vec![half.polygon(
                &[(-0.24, 0.74), (0.24, 0.74), (0.18, 0.82), (-0.18, 0.82)],
                gold,
                outline,
            )];
            for x in [-0.14, 0.0, 0.14] {
                shapes.push(half.ellipse(x, 0.86, (0.05, 0.03), look::COURT_COLLAR, outline));
            }
            shapes
        }
        _ => {
            let mut shapes = vec![half.polygon(
                &[(-0.24, 0.74), (0.24, 0.74), (0.24, 0.82), (-0.24, 0.82)],
                gold,
                outline,
            )];
            for x in [-0.18, 0.0, 0.18] {
                shapes.push(half.polygon(
                    &[(x - 0.07, 0.82), (x + 0.07, 0.82), (x, 0.96)],
                    gold,
                    outline,
                ));
            }
            shapes
        }
    }
}
