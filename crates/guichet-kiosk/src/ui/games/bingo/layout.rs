//! Where the Bingo table's parts go at a size: the sphere and the bonus
//! balls, the rail of drawn balls, and the two grids' cards.

use egui::{Pos2, Rect, Vec2};
use guichet_core::games::bingo::scenario::SPHERE_BALLS;

use crate::ui::theme::size;

/// The table's geometry at the design size (scaled by the table's scale).
pub mod design {
    /// Around everything.
    pub const MARGIN: f32 = 20.0;
    /// The sphere's column.
    pub const SPHERE_COLUMN: f32 = 280.0;
    /// The sphere's radius.
    pub const SPHERE: f32 = 118.0;
    /// A drawn ball's radius, on the rail.
    pub const BALL: f32 = 25.0;
    /// A bonus ball's radius.
    pub const BONUS_BALL: f32 = 34.0;
    /// Between the bonus balls' centers.
    pub const BONUS_SPACING: f32 = 90.0;
    /// The rail's height.
    pub const RAIL: f32 = 64.0;
    /// Between a card's cells.
    pub const CELL_GAP: f32 = 6.0;
    /// A card's title.
    pub const CARD_TITLE: f32 = 36.0;
    /// Between a card's edge and its arrow.
    pub const CARD_INSET: f32 = 8.0;
    /// The board on a portrait kiosk.
    pub const PORTRAIT: egui::Vec2 = egui::Vec2::new(720.0, 930.0);
    /// Balls tumbling in the drum before the first draw: one fewer for each
    /// ball drawn, so that the drum empties as the draw goes.
    pub const DRUM_BALLS: u8 = 18;
    /// The last ball drawn, shown big in the sphere, in the sphere's radius.
    pub const LAST_DRAWN: f32 = 0.42;
}

/// Where everything goes.
pub struct Layout {
    /// The sphere's center.
    pub sphere: Pos2,
    /// The sphere's radius.
    pub sphere_radius: f32,
    /// The three bonus balls' centers.
    pub bonus: [Pos2; 3],
    /// Where the bonus balls' caption goes.
    pub bonus_caption: Pos2,
    /// The rail of the drawn balls.
    pub rail: Rect,
    /// Where a drawn ball leaves the drum.
    pub exit: Pos2,
    /// Where a drawn ball meets the rail.
    pub rail_start: Pos2,
    /// Each drawn ball's place on the rail.
    pub slots: [Pos2; SPHERE_BALLS],
    /// A drawn ball's radius, on the rail.
    pub ball_radius: f32,
    /// The two grids' cards.
    pub cards: [Rect; 2],
    /// The table's scale.
    pub scale: f32,
}

impl Layout {
    /// The layout on `board`: landscape, the sphere's column on the left, the
    /// rail above the cards; portrait (a board taller than wide), the sphere
    /// and the bonus balls side by side above the rail and the cards.
    pub fn new(board: Rect, scale: f32) -> Self {
        let px = |design: f32| design * scale;
        let inner = board.shrink(px(design::MARGIN));
        let sphere_radius = px(design::SPHERE);
        let portrait = board.height() > board.width();
        let (sphere, bonus_column, rail) = if portrait {
            let top = Rect::from_min_size(
                inner.min,
                Vec2::new(inner.width(), 2.0 * sphere_radius + px(20.0)),
            );
            let sphere = Pos2::new(
                top.right() - px(design::SPHERE_COLUMN) / 2.0,
                top.center().y,
            );
            let bonus_column = Rect::from_min_max(
                top.min,
                Pos2::new(top.right() - px(design::SPHERE_COLUMN), top.bottom()),
            );
            let rail = Rect::from_min_size(
                Pos2::new(inner.left(), top.bottom() + px(design::MARGIN)),
                Vec2::new(inner.width(), px(design::RAIL)),
            );
            (sphere, bonus_column, rail)
        } else {
            let column = Rect::from_min_size(
                inner.min,
                Vec2::new(px(design::SPHERE_COLUMN), inner.height()),
            );
            let sphere = Pos2::new(
                column.center().x,
                inner.top() + px(design::RAIL) + sphere_radius + px(10.0),
            );
            let rail = Rect::from_min_max(
                Pos2::new(column.right() + px(design::MARGIN), inner.top()),
                Pos2::new(inner.right(), inner.top() + px(design::RAIL)),
            );
            (sphere, column, rail)
        };
        let bonus_y = if portrait {
            sphere.y + px(30.0)
        } else {
            (sphere.y + sphere_radius + px(90.0)).min(inner.bottom() - px(design::BONUS_BALL))
        };
        // Three touch targets side by side, never closer than the kiosk's
        // spacing between targets.
        let bonus_spacing = px(design::BONUS_SPACING)
            .max(size::TOUCH.max(px(2.0 * design::BONUS_BALL)) + size::GAP);
        let bonus = std::array::from_fn(|k| {
            Pos2::new(
                bonus_column.center().x + (k as f32 - 1.0) * bonus_spacing,
                bonus_y,
            )
        });
        // Balls roll in from the drum's end of the rail and stop against the
        // ones before them: the first drawn lies at the far end.
        let slot = rail.width() / SPHERE_BALLS as f32;
        let (exit, rail_start, slots) = if portrait {
            (
                sphere + Vec2::splat(sphere_radius * 0.7),
                Pos2::new(rail.right(), rail.center().y),
                std::array::from_fn(|i| {
                    Pos2::new(rail.left() + slot * (i as f32 + 0.5), rail.center().y)
                }),
            )
        } else {
            (
                sphere + Vec2::new(sphere_radius * 0.55, -sphere_radius * 0.85),
                Pos2::new(rail.left(), rail.center().y),
                std::array::from_fn(|i| {
                    Pos2::new(rail.right() - slot * (i as f32 + 0.5), rail.center().y)
                }),
            )
        };
        let cards_top = rail.bottom() + px(design::MARGIN);
        let card_width = (inner.right() - rail.left() - px(design::MARGIN)) / 2.0;
        let cards = std::array::from_fn(|k| {
            let left = rail.left() + k as f32 * (card_width + px(design::MARGIN));
            Rect::from_min_max(
                Pos2::new(left, cards_top),
                Pos2::new(left + card_width, inner.bottom()),
            )
        });
        Self {
            sphere,
            sphere_radius,
            bonus,
            bonus_caption: Pos2::new(
                bonus_column.center().x,
                bonus_y - px(design::BONUS_BALL) - px(22.0),
            ),
            rail,
            exit,
            rail_start,
            slots,
            ball_radius: px(design::BALL).min(slot * 0.46),
            cards,
            scale,
        }
    }

    /// Where the ball drawn into slot `slot` is, `travelled` of its way (eased):
    /// out of the drum, to the rail's end, then along it to the balls already
    /// there — never over them.
    pub fn on_the_way(&self, slot: usize, travelled: f32) -> Pos2 {
        let end = self.slots[slot];
        let first = self.exit.distance(self.rail_start);
        let along = first + self.rail_start.distance(end);
        let at = travelled.clamp(0.0, 1.0) * along;
        if at <= first {
            self.exit.lerp(self.rail_start, at / first.max(1.0))
        } else {
            self.rail_start
                .lerp(end, (at - first) / (along - first).max(1.0))
        }
    }
}
