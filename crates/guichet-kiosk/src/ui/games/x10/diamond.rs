//! A cut diamond of "Numéros gagnants". Revealing it, it turns on itself and
//! catches the light — a glint sweeps its facets — and its number comes up.

use std::f32::consts::PI;

use egui::{Align2, Color32, Painter, Pos2, Rect, Shape, Stroke, Vec2, emath::easing};

use super::glint;
use super::look;
use crate::ui::theme::{self, palette, size};

/// Paints a diamond in `rect`, `turned` of the way through its reveal, its
/// `number` once turned; lit gold when `won` (0 to 1).
pub fn paint(
    painter: &Painter,
    rect: Rect,
    number: Option<&str>,
    turned: f32,
    won: f32,
    scale: f32,
) {
    let turned = turned.clamp(0.0, 1.0);
    let eased = easing::cubic_in_out(turned);
    // A turn about its vertical axis: narrow at mid-turn, whole again after.
    let width = (eased * PI).cos().abs().max(0.08);
    if won > 0.0 {
        let radius = rect.width().min(rect.height()) * 0.46;
        painter.circle_filled(
            rect.center(),
            radius,
            look::WIN_GLOW.gamma_multiply(0.45 * won),
        );
        painter.circle_stroke(
            rect.center(),
            radius,
            Stroke::new(4.0 * scale.max(1.0), palette::ACTION.gamma_multiply(won)),
        );
    }
    let center = rect.center();
    let half = Vec2::new(rect.width() * 0.45 * width, rect.height() * 0.42);
    let point = |x: f32, y: f32| Pos2::new(center.x + half.x * x, center.y + half.y * y);
    let girdle = -0.25;
    let table = -1.0;
    let facets: [(&[Pos2], Color32); 6] = [
        (
            &[
                point(-1.0, girdle),
                point(-0.55, table),
                point(-0.28, girdle),
            ],
            look::DIAMOND_BRIGHT,
        ),
        (
            &[
                point(-0.28, girdle),
                point(-0.55, table),
                point(0.55, table),
                point(0.28, girdle),
            ],
            look::DIAMOND_LIGHT,
        ),
        (
            &[point(0.28, girdle), point(0.55, table), point(1.0, girdle)],
            look::DIAMOND_DEEP,
        ),
        (
            &[point(-1.0, girdle), point(-0.28, girdle), point(0.0, 1.0)],
            look::DIAMOND,
        ),
        (
            &[point(-0.28, girdle), point(0.28, girdle), point(0.0, 1.0)],
            look::DIAMOND_WHITE,
        ),
        (
            &[point(0.28, girdle), point(1.0, girdle), point(0.0, 1.0)],
            look::DIAMOND_DARK,
        ),
    ];
    for (points, fill) in facets {
        painter.add(Shape::convex_polygon(
            points.to_vec(),
            fill,
            Stroke::new(1.5, look::DIAMOND_EDGE),
        ));
    }
    // The glint: light crossing the stone while it turns, on its outline
    // only — never on the night around it.
    let outline = [
        point(-1.0, girdle),
        point(-0.55, table),
        point(0.55, table),
        point(1.0, girdle),
        point(0.0, 1.0),
    ];
    painter.add(glint::mesh(&outline, turned));
    if let Some(number) = number.filter(|_| turned >= 0.5) {
        let appear = ((turned - 0.5) * 2.0).clamp(0.0, 1.0);
        let plate = Rect::from_center_size(
            point(0.0, -0.2),
            Vec2::new(half.x.max(1.0) * 1.1, rect.height() * 0.34),
        );
        // Opaque once up, rimmed: no facet line runs through the number.
        painter.rect_filled(plate, size::RADIUS, look::NIGHT.gamma_multiply(appear));
        painter.rect_stroke(
            plate,
            size::RADIUS,
            Stroke::new(1.5, look::DIAMOND_EDGE.gamma_multiply(appear)),
            egui::StrokeKind::Inside,
        );
        painter.text(
            plate.center(),
            Align2::CENTER_CENTER,
            number,
            theme::font(look::SYMBOL * scale.max(1.0), true),
            palette::ON_DARK.gamma_multiply(appear),
        );
    }
}
