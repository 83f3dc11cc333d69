//! The Bingo draw's side of the table: the sphere, a glass drum whose next
//! ball a tap draws; the three bonus balls, opened by a tap each; and the
//! balls drawn, rolling to their places on the rail.

use egui::{Rect, Stroke, Vec2};
use guichet_core::games::bingo::game::{BALLS, BONUS};
use guichet_core::games::bingo::scenario::BingoScenario;
use guichet_core::step::RevealStep;

use super::ball;
use super::draw::{Draw, OPEN, ROLL};
use super::layout::{Layout, design};
use super::look;
use crate::ui::games::table::TableFrame;
use crate::ui::games::table::paint::caption;
use crate::ui::theme::{palette, size};
use crate::ui::widgets::{label_rect, touch_rect};

/// The three bonus balls, closed until tapped, in any order.
pub fn paint_bonus_balls(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    scenario: Option<&BingoScenario>,
) -> Option<RevealStep> {
    let mut tapped = None;
    caption(
        painter,
        layout.bonus_caption,
        &view.texts.get("bingo-bonus-balls"),
        view.scale,
    );
    for (k, (&step, &center)) in BONUS.iter().zip(&layout.bonus).enumerate() {
        let radius = design::BONUS_BALL * view.scale;
        let opened = view.progress(step, 0.0, OPEN);
        let number = scenario.map(|scenario| scenario.bonus_balls[k]);
        let label = || {
            let state = number.filter(|_| opened >= 1.0).map_or_else(
                || view.texts.get("bingo-hidden"),
                |number| number.to_string(),
            );
            view.texts.with(
                "bingo-bonus-label",
                &[("number", (k + 1).to_string()), ("state", state)],
            )
        };
        let rect = Rect::from_center_size(
            center,
            Vec2::splat(radius * 2.0).max(Vec2::splat(size::TOUCH)),
        );
        if touch_rect(
            ui,
            rect,
            ("bonus", k),
            label,
            view.takes_taps && !view.is_shown(step),
        )
        .clicked()
        {
            tapped = Some(step);
        }
        match number.filter(|_| view.is_shown(step)) {
            Some(number) => ball::paint(
                painter,
                center,
                radius,
                ball::color(number),
                &ball::Disc::Number(&number.to_string(), opened),
            ),
            None => ball::paint(
                painter,
                center,
                radius,
                look::BONUS_BALL,
                &ball::Disc::Closed,
            ),
        }
    }
    tapped
}

/// The balls drawn, on the rail, the one rolling drawn last.
pub fn paint_rail_balls(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    scenario: &BingoScenario,
) {
    for (slot, &step) in BALLS.iter().enumerate() {
        if !view.is_shown(step) {
            continue;
        }
        let travelled = view.progress(step, 0.0, ROLL);
        let at = layout.on_the_way(slot, egui::emath::easing::cubic_out(travelled));
        let number = scenario.balls[slot];
        let turned = ((travelled - 0.7) / 0.3).clamp(0.0, 1.0);
        ball::paint(
            painter,
            at,
            layout.ball_radius,
            ball::color(number),
            &ball::Disc::Number(&number.to_string(), turned),
        );
        if travelled >= 1.0 {
            let label = || {
                view.texts.with(
                    "bingo-drawn-label",
                    &[
                        ("number", (slot + 1).to_string()),
                        ("ball", number.to_string()),
                    ],
                )
            };
            let rect = Rect::from_center_size(at, Vec2::splat(layout.ball_radius * 2.0));
            label_rect(ui, rect, ("drawn", slot), label);
        }
    }
}

/// The sphere: a glass drum whose balls tumble while a ball is drawn; a tap
/// draws the unit's next ball.
pub fn paint_sphere(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    draw: &Draw,
) -> Option<RevealStep> {
    let center = layout.sphere;
    let radius = layout.sphere_radius;
    painter.circle_filled(
        center + Vec2::new(0.0, radius * 0.08),
        radius,
        palette::SHADOW,
    );
    painter.circle_filled(center, radius, look::GLASS);
    // Balls tumbling inside: they turn only while a ball is drawn.
    let left = usize::from(design::DRUM_BALLS).saturating_sub(draw.started);
    for ball_index in 0..left {
        let angle = ball_index as f32 * 2.399 + draw.tumble * 2.2;
        let reach = radius * (0.25 + 0.5 * ((ball_index * 7 % 10) as f32 / 10.0));
        let at = center
            + Vec2::new(
                angle.cos() * reach,
                angle.sin() * reach * 0.8 + radius * 0.12,
            );
        ball::paint(
            painter,
            at,
            radius * 0.16,
            look::BALL_COLORS[ball_index % look::BALL_COLORS.len()],
            &ball::Disc::Blank,
        );
    }
    painter.circle_stroke(
        center,
        radius,
        Stroke::new(3.0 * layout.scale, look::GLASS_RIM),
    );
    painter.add(egui::Shape::ellipse_filled(
        center + Vec2::new(-radius * 0.35, -radius * 0.45),
        Vec2::new(radius * 0.32, radius * 0.16),
        look::GLOSS,
    ));
    if let Some(number) = draw.last_drawn {
        ball::paint(
            painter,
            center,
            radius * design::LAST_DRAWN,
            ball::color(number),
            &ball::Disc::Number(&number.to_string(), 1.0),
        );
    }
    let next = BALLS.get(draw.started).copied();
    // The sphere's node says the draw so far and the number shown big.
    let label = || {
        let sphere = view
            .texts
            .with("bingo-sphere-label", &[("drawn", draw.started.to_string())]);
        match draw.last_drawn {
            Some(number) => view.texts.with(
                "bingo-sphere-last",
                &[("sphere", sphere), ("ball", number.to_string())],
            ),
            None => sphere,
        }
    };
    let rect = Rect::from_center_size(center, Vec2::splat(radius * 2.0));
    let tappable = view.takes_taps && next.is_some();
    if touch_rect(ui, rect, "sphere", label, tappable).clicked() {
        return next;
    }
    None
}
