//! Where the Star Fortune table's parts go at a size: the board with its
//! amounts' strip under it, and the two drops' cards beside it (landscape)
//! or under it (portrait).

use egui::{Pos2, Rect, Vec2};
use guichet_core::games::star_fortune::plinko::Geometry;

use super::frame::Frame;
use super::look;
use crate::ui::theme::size;

/// The table's geometry at the design size (scaled by the table's scale).
pub mod design {
    use egui::Vec2;

    /// The margin around the board and the cards.
    pub const MARGIN: f32 = 16.0;
    /// The gap between the board and a card.
    pub const GAP: f32 = 24.0;
    /// A drop's card's height, beside the board.
    pub const CARD_HEIGHT: f32 = 300.0;
    /// The cards' height under the board, on a portrait kiosk.
    pub const PORTRAIT_CARDS: f32 = 230.0;
    /// The design on a portrait kiosk: the board above, the cards under it.
    pub const PORTRAIT: Vec2 = Vec2::new(720.0, 1160.0);
    /// The "GO" button.
    pub const GO: Vec2 = Vec2::new(168.0, 80.0);
}

/// The height the prize row's amounts need under its places, in pixels at
/// any size: two lines of amounts never under [`size::LEAST_AMOUNT`].
pub const AMOUNTS_LEAST: f32 = 2.0 * size::LEAST_AMOUNT / look::PLACE_TYPE;

/// The strip under the prize row's places where their amounts go, `strip`
/// pixels high on the board itself: at least [`AMOUNTS_LEAST`], reaching
/// below the board where a small screen draws it small.
pub fn amounts_strip(strip: f32) -> f32 {
    strip.max(AMOUNTS_LEAST)
}

/// The scale of a board of `measures` fitting `height` pixels with its
/// amounts' strip ([`amounts_strip`]) under it.
pub fn fitting_height(height: f32, measures: &Geometry) -> f32 {
    let above = (measures.floor_y) as f32;
    let board = measures.height as f32;
    (height / board).min((height - AMOUNTS_LEAST) / above)
}

/// Where everything goes.
pub struct Layout {
    /// The board.
    pub plinko: Rect,
    /// The board's px on the screen.
    pub frame: Frame,
    /// The cards of the first and the second drop.
    pub cards: [Rect; 2],
}

impl Layout {
    /// Where a board of `measures` and the cards go in the table's `board`.
    pub fn new(board: Rect, scale: f32, measures: &Geometry) -> Self {
        let (width, height) = (measures.width as f32, measures.height as f32);
        let px = |design: f32| design * scale;
        let inner = board.shrink(px(design::MARGIN));
        let (plinko, cards) = if board.height() > board.width() {
            // Portrait: the board across, the two cards under it, the two
            // together in the middle of the table's height.
            let cards_height = px(design::PORTRAIT_CARDS);
            let room_height = inner.height() - cards_height - px(design::GAP);
            let k = (inner.width() / width).min(fitting_height(room_height, measures));
            let size = Vec2::new(width, height) * k;
            let strip = (measures.height - measures.floor_y) as f32 * k;
            let below = amounts_strip(strip) - strip;
            let spare = room_height - size.y - below;
            let plinko = Rect::from_min_size(
                Pos2::new(inner.center().x - size.x / 2.0, inner.top() + spare / 2.0),
                size,
            );
            let top = plinko.bottom() + below + px(design::GAP);
            let half = (inner.width() - px(design::GAP)) / 2.0;
            let card = |left: f32| {
                Rect::from_min_size(Pos2::new(left, top), Vec2::new(half, cards_height))
            };
            (
                plinko,
                [
                    card(inner.left()),
                    card(inner.left() + half + px(design::GAP)),
                ],
            )
        } else {
            // Landscape: the board in the middle, a card on each side.
            let k = fitting_height(inner.height(), measures).min(inner.width() * 0.5 / width);
            // The board and its amounts' strip, together in the middle.
            let strip = (measures.height - measures.floor_y) as f32 * k;
            let below = amounts_strip(strip) - strip;
            let plinko = Rect::from_center_size(
                inner.center() - Vec2::new(0.0, below / 2.0),
                Vec2::new(width, height) * k,
            );
            let half_height = px(design::CARD_HEIGHT).min(inner.height()) / 2.0;
            let (top, bottom) = (
                inner.center().y - half_height,
                inner.center().y + half_height,
            );
            (
                plinko,
                [
                    Rect::from_min_max(
                        Pos2::new(inner.left(), top),
                        Pos2::new(plinko.left() - px(design::GAP), bottom),
                    ),
                    Rect::from_min_max(
                        Pos2::new(plinko.right() + px(design::GAP), top),
                        Pos2::new(inner.right(), bottom),
                    ),
                ],
            )
        };
        Self {
            plinko,
            frame: Frame {
                origin: plinko.min,
                k: plinko.width() / width,
            },
            cards,
        }
    }
}
