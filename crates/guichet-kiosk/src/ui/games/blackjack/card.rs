//! A playing card, painted: its back, its face with French indices (V, D, R, A)
//! and pips, and the turn from one to the other with a sense of depth (the card
//! lifts off the felt, its shadow widening, as it turns).

use std::f32::consts::PI;

use egui::{Color32, CornerRadius, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, emath};
use guichet_core::games::blackjack::scenario::{Rank, Suit};

use super::court;
use super::look;
use super::suit::{self, SuitPlacement};
use crate::ui::theme::{self, palette};

/// A card's width over its height.
pub const ASPECT: f32 = 0.7;

/// How far a card has turned: 0 shows its back, 1 its face.
pub type Turn = f32;

/// Paints a card in `rect` turned `turn` of the way from back to face, its lift
/// and shadow at the table's `scale`.
pub fn paint(painter: &Painter, rect: Rect, face: Option<(Rank, Suit)>, turn: Turn, scale: f32) {
    let turn = turn.clamp(0.0, 1.0);
    let lift = (turn * PI).sin();
    let width = (turn * PI).cos().abs().max(0.02);
    // Lifted mid-turn: a little larger, higher, with a longer shadow.
    let grow = 1.0 + 0.08 * lift;
    let center = rect.center() - Vec2::new(0.0, 14.0 * scale * lift);
    let size = Vec2::new(rect.width() * grow * width, rect.height() * grow);
    let card = Rect::from_center_size(center, size);
    let radius = CornerRadius::same((rect.width() * 0.08) as u8);
    let shadow = card
        .translate(Vec2::new(4.0 + 10.0 * lift, 6.0 + 16.0 * lift) * scale)
        .expand(2.0 * scale * lift);
    painter.rect_filled(shadow, radius, look::card_shadow(lift));

    match face {
        Some((rank, suit)) if turn >= 0.5 => paint_face(painter, card, radius, rank, suit, width),
        _ => paint_back(painter, card, radius),
    }
}

fn paint_back(painter: &Painter, card: Rect, radius: CornerRadius) {
    painter.rect_filled(card, radius, look::CARD_BACK);
    let inner = card.shrink(card.height() * 0.05);
    if inner.width() <= 1.0 {
        return;
    }
    let clipped = painter.with_clip_rect(inner.intersect(painter.clip_rect()));
    let step = card.height() * 0.07;
    let stroke = Stroke::new(1.5, look::CARD_BACK_PATTERN);
    let span = inner.width() + inner.height();
    let mut offset = -inner.height();
    while offset < span {
        let start = Pos2::new(inner.left() + offset, inner.top());
        clipped.line_segment(
            [start, start + Vec2::new(inner.height(), inner.height())],
            stroke,
        );
        clipped.line_segment(
            [
                start + Vec2::new(inner.height(), 0.0),
                start + Vec2::new(0.0, inner.height()),
            ],
            stroke,
        );
        offset += step;
    }
    painter.rect_stroke(
        inner,
        radius,
        Stroke::new(2.0, palette::CARD_FACE),
        StrokeKind::Inside,
    );
    painter.rect_stroke(
        card,
        radius,
        Stroke::new(1.0, look::CARD_BACK_PATTERN),
        StrokeKind::Inside,
    );
}

fn paint_face(
    painter: &Painter,
    card: Rect,
    radius: CornerRadius,
    rank: Rank,
    suit: Suit,
    width: f32,
) {
    painter.rect_filled(card, radius, palette::CARD_FACE);
    painter.rect_stroke(
        card,
        radius,
        Stroke::new(1.0, look::CARD_EDGE),
        StrokeKind::Inside,
    );
    let ink = if suit.is_red() {
        look::CARD_RED
    } else {
        look::CARD_BLACK
    };
    // The indices fade in as the card faces the player: text cannot be squeezed.
    let text_opacity = ((width - 0.6) / 0.4).clamp(0.0, 1.0);
    let height = card.height();
    let index_font = theme::font(height * 0.15, true);
    let corner = Vec2::new(card.width() * 0.08, height * 0.04);
    if text_opacity > 0.0 {
        // Both indices read upright (a turned "V" would read "Λ"): the upper
        // one with its suit under it, the lower one with its suit above.
        let galley = painter.layout_no_wrap(rank.index().to_owned(), index_font, ink);
        let text_size = galley.size();
        for lower in [false, true] {
            let top_left = if lower {
                card.right_bottom() - corner - text_size
            } else {
                card.left_top() + corner
            };
            painter.add(
                egui::epaint::TextShape::new(top_left, galley.clone(), ink)
                    .with_opacity_factor(text_opacity),
            );
            let pip_y = if lower {
                top_left.y - height * 0.045
            } else {
                top_left.y + text_size.y + height * 0.045
            };
            suit::paint(
                painter,
                suit,
                SuitPlacement {
                    center: Pos2::new(top_left.x + text_size.x * 0.5, pip_y),
                    size: height * 0.075,
                    x_scale: width,
                    upside_down: lower,
                },
                ink.gamma_multiply(text_opacity),
            );
        }
    }
    let inner = Rect::from_center_size(card.center(), Vec2::new(card.width() * 0.34, height * 0.7));
    match rank {
        Rank::As => suit::paint(
            painter,
            suit,
            SuitPlacement {
                center: card.center(),
                size: height * 0.4,
                x_scale: width,
                upside_down: false,
            },
            ink,
        ),
        Rank::Valet | Rank::Dame | Rank::Roi => {
            let frame =
                Rect::from_center_size(card.center(), Vec2::new(card.width() * 0.6, height * 0.8));
            court::paint(painter, frame, rank, suit, ink, width);
        }
        _ => paint_pips(painter, inner, rank, suit, ink, width),
    }
}

/// The pips of a number card, in their usual places; those of the lower half
/// upside down.
fn paint_pips(painter: &Painter, inner: Rect, rank: Rank, suit: Suit, ink: Color32, width: f32) {
    let pip = inner.height() * 0.16;
    let center_x = inner.center().x;
    for &(x, y) in pip_layout(rank) {
        let position = Pos2::new(
            center_x + (x - 0.5) * inner.width() * width,
            emath::lerp(inner.top() + pip * 0.5..=inner.bottom() - pip * 0.5, y),
        );
        suit::paint(
            painter,
            suit,
            SuitPlacement {
                center: position,
                size: pip,
                x_scale: width,
                upside_down: y > 0.55,
            },
            ink,
        );
    }
}

/// Where the pips of a number card go, as (column, row) in `0..=1`.
fn pip_layout(rank: Rank) -> &'static [(f32, f32)] {
    const THIRD: f32 = 1.0 / 3.0;
    const TWO_THIRDS: f32 = 2.0 / 3.0;
    match rank {
        Rank::Two => &[(0.5, 0.0), (0.5, 1.0)],
        Rank::Three => &[(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
        Rank::Four => &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
        Rank::Five => &[(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
        Rank::Six => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Seven => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Eight => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.5, 0.75),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Nine => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, THIRD),
            (1.0, THIRD),
            (0.5, 0.5),
            (0.0, TWO_THIRDS),
            (1.0, TWO_THIRDS),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Ten => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 1.0 / 6.0),
            (0.0, THIRD),
            (1.0, THIRD),
            (0.0, TWO_THIRDS),
            (1.0, TWO_THIRDS),
            (0.5, 5.0 / 6.0),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Valet | Rank::Dame | Rank::Roi | Rank::As => &[],
    }
}

/// Rings of a glow: many thin ones, each fainter, so the light fades with no
/// band showing.
const GLOW_RINGS: u8 = 10;

/// A soft gold glow around a card or zone, `strength` from 0 to 1.
pub fn glow(painter: &Painter, rect: Rect, strength: f32) {
    for ring in 0..GLOW_RINGS {
        let out = f32::from(ring) / f32::from(GLOW_RINGS);
        let grow = 3.0 + f32::from(ring) * 2.2;
        let alpha = strength * 0.42 * (1.0 - out) * (1.0 - out);
        painter.add(Shape::rect_stroke(
            rect.expand(grow),
            CornerRadius::same(14 + ring * 2),
            Stroke::new(2.6, palette::ACTION.gamma_multiply(alpha)),
            StrokeKind::Middle,
        ));
    }
}
