//! A drop's card beside the board: its title and what the drop shows — to
//! come, pick a puck, the fall, its place's amount, or BONUS with "GO".

use egui::emath::easing;
use egui::{Align2, Pos2, Rect, Stroke, StrokeKind};
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;

use super::drop_view::DropView;
use super::layout::design;
use super::look;
use crate::ui::fonts;
use crate::ui::games::table::TableFrame;
use crate::ui::theme::{self, motion, palette, size};
use crate::ui::widgets::{label_rect, touch_rect};

/// A drop's card: its title and what it shows — to come, pick a puck, the
/// fall, the amount of its place, or BONUS with "GO" and the amount rolling up.
pub fn paint_card(
    ui: &egui::Ui,
    painter: &egui::Painter,
    card: Rect,
    view: &TableFrame<'_>,
    drop: usize,
    shown: DropView,
    outcome: Option<(Landing, Cents)>,
) -> Option<RevealStep> {
    let landing = outcome.map(|(landing, _)| landing);
    let amount = outcome.map_or(Cents::ZERO, |(_, amount)| amount);
    let texts = view.texts;
    let scale = view.scale.max(1.0);
    painter.rect_filled(card, f32::from(size::RADIUS_LARGE), look::DROP_CARD);
    let current = matches!(shown, DropView::Waiting | DropView::Falling(_))
        || matches!(
            (shown, landing),
            (
                DropView::Landed { go: None, .. },
                Some(Landing::Bonus { .. })
            )
        );
    if current {
        painter.rect_stroke(
            card,
            f32::from(size::RADIUS_LARGE),
            Stroke::new(2.0, palette::GOLD),
            StrokeKind::Inside,
        );
    }
    let title = texts.with("star-fortune-drop", &[("number", (drop + 1).to_string())]);
    let title_at = Pos2::new(card.center().x, card.top() + size::BODY * scale * 1.2);
    painter.text(
        title_at,
        Align2::CENTER_CENTER,
        &title,
        theme::font(size::BODY * scale, true),
        palette::ON_DARK,
    );
    let middle = Pos2::new(card.center().x, card.center().y + size::BODY * scale * 0.4);
    let words = |key: &str| {
        painter.text(
            middle,
            Align2::CENTER_CENTER,
            texts.get(key),
            theme::font(size::BODY * scale, false),
            palette::ON_DARK_SOFT,
        );
    };
    let mut tapped = None;
    let state = match (shown, landing) {
        (DropView::Later, _) | (_, None) => {
            words("star-fortune-later");
            texts.get("star-fortune-later")
        }
        (DropView::Waiting, _) => {
            words("star-fortune-choose");
            texts.get("star-fortune-choose")
        }
        (DropView::Falling(_), _) => {
            words("star-fortune-falling");
            texts.get("star-fortune-falling")
        }
        (DropView::Landed { since, .. }, Some(Landing::Slot { .. })) => {
            let appear = easing::cubic_out((since / motion::REVEAL).clamp(0.0, 1.0));
            let color = if amount == Cents::ZERO {
                palette::ON_DARK_SOFT
            } else {
                palette::ACTION
            };
            painter.text(
                middle,
                Align2::CENTER_CENTER,
                amount.to_string(),
                theme::font(size::AMOUNT * scale * 1.4, true),
                color.gamma_multiply(appear),
            );
            amount.to_string()
        }
        (DropView::Landed { go, .. }, Some(Landing::Bonus { .. })) => {
            let (state, go_tapped) = paint_bonus_stage(ui, painter, card, view, drop, go, amount);
            tapped = go_tapped;
            state
        }
    };
    label_rect(ui, card, ("drop card", drop), || {
        format!("{title}: {state}")
    });
    tapped
}

/// A drop's BONUS stage in its card: "GO" until pressed, then the amount it
/// reveals, rolling up to `amount`. Returns what the card says, and "GO" if
/// tapped.
pub fn paint_bonus_stage(
    ui: &egui::Ui,
    painter: &egui::Painter,
    card: Rect,
    view: &TableFrame<'_>,
    drop: usize,
    go: Option<f32>,
    amount: Cents,
) -> (String, Option<RevealStep>) {
    let scale = view.scale.max(1.0);
    let below = card_amount_at(card, view);
    let bonus_at = Pos2::new(card.center().x, card.center().y - size::BODY * scale * 0.8);
    painter.text(
        bonus_at,
        Align2::CENTER_CENTER,
        view.texts.get("star-fortune-bonus"),
        theme::font(size::AMOUNT * scale, true),
        look::BONUS_CASE,
    );
    match go {
        None => {
            let button = Rect::from_center_size(below, design::GO * scale);
            (
                view.texts.get("star-fortune-case-caught"),
                go_button(ui, painter, button, view, drop),
            )
        }
        Some(rolled) => {
            // While it rises over the board and flies here, the card waits;
            // then the amount settles in it.
            if rolled >= 1.0 {
                painter.text(
                    below,
                    Align2::CENTER_CENTER,
                    amount.to_string(),
                    theme::font(size::AMOUNT * scale * 1.4, true),
                    palette::ACTION,
                );
            }
            (amount.to_string(), None)
        }
    }
}

/// The "GO" button of drop `drop`'s BONUS stage.
pub fn go_button(
    ui: &egui::Ui,
    painter: &egui::Painter,
    button: Rect,
    view: &TableFrame<'_>,
    drop: usize,
) -> Option<RevealStep> {
    let response = touch_rect(
        ui,
        button,
        ("go", drop),
        || view.texts.get("go"),
        view.takes_taps,
    );
    let fill = if response.hovered() && view.takes_taps {
        palette::ACTION_HOVER
    } else {
        palette::ACTION
    };
    painter.rect_filled(button, button.height() / 2.0, fill);
    painter.text(
        button.center(),
        Align2::CENTER_CENTER,
        view.texts.get("go"),
        egui::FontId::new(size::AMOUNT * view.scale.max(1.0), fonts::bold()),
        palette::INK,
    );
    response
        .clicked()
        .then_some(RevealStep::Go { drop: drop as u8 })
}

/// Where a drop's card shows its amount.
pub fn card_amount_at(card: Rect, view: &TableFrame<'_>) -> Pos2 {
    let scale = view.scale.max(1.0);
    let bonus_at = Pos2::new(card.center().x, card.center().y - size::BODY * scale * 0.8);
    Pos2::new(card.center().x, bonus_at.y + size::AMOUNT * scale * 2.0)
}
