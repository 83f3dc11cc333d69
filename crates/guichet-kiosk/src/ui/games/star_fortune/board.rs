//! What moves on the Star Fortune board: the pucks waiting for the player's
//! pick, the prize row lit where a puck lands, the BONUS cases, and the pegs
//! a falling puck lights.

use egui::emath::easing;
use egui::{Align2, Pos2, Rect, Stroke, StrokeKind, Vec2};
use guichet_core::games::star_fortune::plinko::{Board, Sample};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::{PUCKS, StarFortuneScenario};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use super::drop_view::DropView;
use super::frame::Frame;
use super::layout::amounts_strip;
use super::look;
use super::puck;
use crate::ui::games::table::TableFrame;
use crate::ui::theme::{self, motion, palette, size};
use crate::ui::widgets::{label_rect, touch_rect};

/// The three pucks above the slots, waiting for the player's pick for drop
/// `drop`.
pub fn paint_waiting_pucks(
    ui: &egui::Ui,
    painter: &egui::Painter,
    plinko: &Board,
    frame: Frame,
    view: &TableFrame<'_>,
    drop: usize,
) -> Option<RevealStep> {
    let mut tapped = None;
    let radius = frame.len(plinko.puck_radius);
    for (puck, start) in (0..PUCKS).zip(plinko.starts) {
        let center = frame.at(start[0], start[1]);
        let touch = Rect::from_center_size(center, Vec2::splat(size::TOUCH.max(radius * 4.0)));
        let label = || {
            view.texts.with(
                "star-fortune-puck-label",
                &[("number", (puck + 1).to_string())],
            )
        };
        let response = touch_rect(ui, touch, ("puck", drop, puck), label, view.takes_taps);
        if response.clicked() {
            tapped = Some(RevealStep::Puck {
                drop: drop as u8,
                puck,
            });
        }
        let halo = if response.hovered() && view.takes_taps {
            1.0
        } else {
            0.7
        };
        puck::paint(painter, center, radius, 0.0, halo);
    }
    tapped
}

/// The prize row: each place with its amount written in it, the one a puck
/// landed on lit.
pub fn paint_places(
    ui: &egui::Ui,
    painter: &egui::Painter,
    plinko: &Board,
    frame: Frame,
    view: &TableFrame<'_>,
    scenario: Option<&StarFortuneScenario>,
    shown: &[DropView; 2],
) {
    let divider_top = plinko.divider_top();
    // The amounts' strip, under the places: reaching below the board on a
    // small screen (the layout kept it room).
    let strip = amounts_strip(frame.len(plinko.height - plinko.places[0].y));
    let row = Rect::from_min_max(
        frame.at(plinko.walls[0], divider_top),
        Pos2::new(
            frame.at(plinko.walls[1], 0.0).x,
            frame.at(0.0, plinko.places[0].y).y + strip,
        ),
    );
    // The row glows: soft layers of gold light around it.
    for layer in 1..=3_u8 {
        let spread = frame.len(8.0 * f64::from(layer));
        painter.rect_filled(row.expand(spread), spread * 1.5, look::PRIZE_GLOW);
    }
    // The amounts under the row: on one line when each fits under its own
    // place in type as large as the strip allows, else on two lines, every
    // other place's on the lower one, so that each has two places' width.
    let place_width = frame.len(plinko.places[1].x1 - plinko.places[1].x0) * 0.92;
    let most = size::AMOUNT * view.scale.max(1.0);
    let one_line = (strip * look::PLACE_TYPE * look::ONE_LINE).min(most);
    let fits_one_line = plinko.places.iter().all(|place| {
        let amount = Cents(place.amount_cents).short();
        painter
            .layout_no_wrap(amount, theme::amount_font(one_line), palette::ON_DARK)
            .size()
            .x
            <= place_width * look::ONE_LINE_ROOM
    });
    let (lines, largest) = if fits_one_line {
        (1.0, one_line)
    } else {
        (2.0, (strip / 2.0 * look::PLACE_TYPE).min(most))
    };
    let line = strip / lines;
    for (slot, place) in plinko.places.iter().enumerate() {
        let lit = (0..2)
            .filter_map(|drop| {
                let landed = scenario.is_some_and(|scenario| {
                    scenario.drops[drop].landing == Landing::Slot { slot: slot as u8 }
                });
                match shown[drop] {
                    DropView::Landed { since, .. } if landed => {
                        Some(easing::cubic_out((since / motion::REVEAL).clamp(0.0, 1.0)))
                    }
                    _ => None,
                }
            })
            .fold(0.0, f32::max);
        let inside =
            Rect::from_min_max(frame.at(place.x0, divider_top), frame.at(place.x1, place.y))
                .shrink(frame.len(4.0));
        painter.rect_filled(inside, frame.len(6.0), look::PLACE);
        if lit > 0.0 {
            // A win lights gold; a place of 0 € only shows where the puck is.
            let light = if place.amount_cents > 0 {
                palette::ACTION
            } else {
                look::BOARD_RIM
            };
            painter.rect_filled(inside, frame.len(6.0), light.gamma_multiply(lit));
        }
        let amount = Cents(place.amount_cents).short();
        let center_x = frame.at(f64::midpoint(place.x0, place.x1), 0.0).x;
        let lower = !fits_one_line && slot % 2 == 1;
        let top = frame.at(0.0, place.y).y + if lower { line } else { 0.0 };
        let room = place_width * lines;
        let label_area =
            Rect::from_center_size(Pos2::new(center_x, top + line / 2.0), Vec2::new(room, line));
        let color = if lit > 0.5 && place.amount_cents > 0 {
            palette::ACTION
        } else {
            palette::ON_DARK
        };
        if lower {
            // A thread from the place to its amount, past the upper line.
            painter.line_segment(
                [
                    Pos2::new(center_x, inside.bottom()),
                    Pos2::new(center_x, label_area.top() + line * 0.1),
                ],
                Stroke::new(frame.len(2.0).max(1.0), look::BOARD_RIM.gamma_multiply(0.6)),
            );
        }
        let mut galley = painter.layout_no_wrap(amount.clone(), theme::amount_font(largest), color);
        if galley.size().x > room {
            // Never wider than its room: the type shrinks to fit, down to
            // the smallest an amount may be.
            let fitted = largest * room / galley.size().x;
            galley = painter.layout_no_wrap(amount.clone(), theme::amount_font(fitted), color);
        }
        painter.galley(label_area.center() - galley.size() / 2.0, galley, color);
        // Its node: the place and, below it, its own column down to its
        // amount (the amount is wider, over its neighbours' columns).
        let node = Rect::from_x_y_ranges(inside.x_range(), inside.top()..=label_area.bottom());
        label_rect(ui, node, ("place", slot), || {
            view.texts.with(
                "star-fortune-place-label",
                &[
                    ("number", (slot + 1).to_string()),
                    ("amount", amount.clone()),
                ],
            )
        });
    }
}

/// The two BONUS cases, pulsing softly while the board moves (`moving_for`
/// seconds so far); the one a puck fell into opens.
#[allow(clippy::too_many_arguments)] // One call, from `paint`.
pub fn paint_cases(
    ui: &egui::Ui,
    painter: &egui::Painter,
    plinko: &Board,
    frame: Frame,
    view: &TableFrame<'_>,
    scenario: Option<&StarFortuneScenario>,
    shown: &[DropView; 2],
    moving_for: Option<f32>,
) {
    let pulse = moving_for.map_or(0.6, |seconds| 0.5 + 0.5 * (seconds * 4.0).sin());
    for (number, case) in plinko.bonus.iter().enumerate() {
        let caught = (0..2).find_map(|drop| {
            let landing = scenario?.drops[drop].landing;
            match (shown[drop], landing) {
                (DropView::Landed { since, go, .. }, Landing::Bonus { bonus, bonus_cents })
                    if usize::from(bonus) == number =>
                {
                    Some((since, go, bonus_cents))
                }
                _ => None,
            }
        });
        let rect = Rect::from_min_max(frame.at(case.x0, case.y0), frame.at(case.x1, case.y1));
        let open = caught.map_or(0.0, |(since, ..)| {
            easing::cubic_out((since / motion::REVEAL).clamp(0.0, 1.0))
        });
        // The plaque around the case, the word BONUS written across it.
        let [width, height] = look::CASE_PLAQUE.map(|share| share * plinko.geometry().half_spacing);
        let plaque = Rect::from_center_size(
            frame.at(case.center_x(), f64::midpoint(case.y0, case.y1)),
            Vec2::new(frame.len(width), frame.len(height)),
        );
        let glow = plaque.expand(frame.len(8.0 + 6.0 * f64::from(pulse)));
        painter.rect_filled(
            glow,
            frame.len(18.0),
            look::BONUS_GLOW.gamma_multiply(0.6 + 0.4 * pulse.max(open)),
        );
        painter.rect(
            plaque,
            plaque.height() / 2.0,
            look::BONUS_CASE.gamma_multiply(0.55 + 0.45 * open),
            Stroke::new(
                frame.len(3.0).max(1.0),
                palette::STARLIGHT.gamma_multiply(0.8),
            ),
            StrokeKind::Outside,
        );
        painter.text(
            plaque.center(),
            Align2::CENTER_CENTER,
            view.texts.get("star-fortune-bonus"),
            theme::font(plaque.height() * look::CASE_WORD, true),
            palette::ON_DARK.gamma_multiply(1.0 - 0.7 * open),
        );
        // The case itself, where the puck rests: its walls and floor.
        painter.rect_stroke(
            rect,
            frame.len(4.0),
            Stroke::new(
                frame.len(3.0).max(1.0),
                palette::STARLIGHT.gamma_multiply(0.5 * open),
            ),
            StrokeKind::Outside,
        );
        label_rect(ui, plaque, ("case", number), || {
            let state = match caught {
                Some((_, Some(_), amount)) => amount.to_string(),
                Some((_, None, _)) => view.texts.get("star-fortune-case-caught"),
                None => view.texts.get("star-fortune-case-empty"),
            };
            view.texts.with(
                "star-fortune-case-label",
                &[("number", (number + 1).to_string()), ("state", state)],
            )
        });
    }
}

/// The pegs the falling puck of drop `drop` touched in the last moments, lit
/// brighter as it hits them.
pub fn paint_lit_pegs(
    painter: &egui::Painter,
    plinko: &Board,
    frame: Frame,
    samples: &[Sample],
    view: &TableFrame<'_>,
    unit: &Unit,
    drop: usize,
) {
    let Some(puck) = unit.progress.puck(drop) else {
        return;
    };
    let step = RevealStep::Puck {
        drop: drop as u8,
        puck,
    };
    let Some(start) = view.clock.started(step) else {
        return;
    };
    let elapsed = view.now - start;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a sample's index
    let newest = ((elapsed.max(0.0) * 60.0) as usize).min(samples.len() - 1);
    let reach = plinko.puck_radius + plinko.peg_radius + 1.0;
    for sample in &samples[newest.saturating_sub(9)..=newest] {
        let age = (elapsed - sample.t) as f32;
        for peg in &plinko.pegs {
            let (dx, dy) = (peg[0] - sample.x, peg[1] - sample.y);
            if dx.abs() < reach && dy.abs() < reach && dx * dx + dy * dy < reach * reach {
                let light = (1.0 - age / 0.15).clamp(0.0, 1.0);
                let center = frame.at(peg[0], peg[1]);
                painter.circle_filled(
                    center,
                    frame.len(plinko.peg_radius * 2.6),
                    palette::STARLIGHT.gamma_multiply(0.7 * light),
                );
            }
        }
    }
}
