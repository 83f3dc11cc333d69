//! The BONUS moment: once "GO" is pressed, the case's amount rises over the
//! board, counting up in a burst of light, then flies down into its card.

use egui::emath::easing;
use egui::{Align2, Pos2, Vec2};
use guichet_core::games::star_fortune::plinko::Board;
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::StarFortuneScenario;
use guichet_core::money::Cents;

use super::card::card_amount_at;
use super::drop_view::DropView;
use super::layout::Layout;
use super::look;
use crate::ui::games::table::TableFrame;
use crate::ui::games::table::paint::{Glow, glow};
use crate::ui::theme::{self, palette, size};

/// The BONUS moment of each drop whose "GO" amount is rolling up.
pub fn paint_bonus_moments(
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    plinko: &Board,
    scenario: &StarFortuneScenario,
    shown: &[DropView; 2],
) {
    for (drop, card) in layout.cards.iter().enumerate() {
        let (
            DropView::Landed {
                go: Some(rolled), ..
            },
            Landing::Bonus { bonus, bonus_cents },
        ) = (shown[drop], scenario.drops[drop].landing)
        else {
            continue;
        };
        if rolled < 1.0 {
            let case = plinko.bonus[usize::from(bonus.min(1))];
            let from = layout.frame.at(case.center_x(), case.y0);
            let to = card_amount_at(*card, view);
            paint_bonus_moment(painter, layout, view, [from, to], rolled, bonus_cents);
        }
    }
}

/// The BONUS moment, once "GO" is pressed (`rolled`, 0 to 1, of the roll):
/// the amount rises out of its case over the board, counting up and growing
/// large in a burst of light, then flies down into its card (from the case
/// to where the card shows it), where it settles.
pub fn paint_bonus_moment(
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    [from, to]: [Pos2; 2],
    rolled: f32,
    amount: Cents,
) {
    let scale = view.scale.max(1.0);
    let card_size = size::AMOUNT * scale * 1.4;
    // At the top of its rise, the whole amount stays inside the board's walls.
    let widest = painter
        .layout_no_wrap(
            amount.to_string(),
            theme::font(card_size * look::BONUS_PEAK, true),
            palette::ACTION,
        )
        .size()
        .x;
    let board = layout.plinko;
    let peak_x = if board.width() > widest {
        from.x
            .clamp(board.left() + widest / 2.0, board.right() - widest / 2.0)
    } else {
        board.center().x
    };
    let peak = Pos2::new(peak_x, from.y - layout.frame.len(look::BONUS_RISE));
    let (at, font_size, counted) = if rolled < look::BONUS_RISING {
        let rise = easing::cubic_out(rolled / look::BONUS_RISING);
        (
            from.lerp(peak, rise),
            card_size * (1.0 + (look::BONUS_PEAK - 1.0) * rise),
            rise,
        )
    } else {
        let fly = easing::cubic_in_out((rolled - look::BONUS_RISING) / (1.0 - look::BONUS_RISING));
        (
            peak.lerp(to, fly),
            card_size * (look::BONUS_PEAK - (look::BONUS_PEAK - 1.0) * fly),
            1.0,
        )
    };
    // A burst of light behind the amount, strongest at the top of the rise.
    let burst = 1.0 - (rolled / look::BONUS_RISING - 1.0).abs().min(1.0);
    let rings = Glow {
        rings: 12,
        radius: 1.0,
        shrink: 0.075,
        alpha: 0.07 * (0.4 + 0.6 * burst),
        brighten: 0.012,
    };
    glow(painter, at, font_size * 3.0, look::BONUS_CASE, rings);
    #[allow(clippy::cast_possible_truncation)] // at most the amount itself
    let shown = (amount.get() as f64 * f64::from(counted)).round() as i64;
    let words = Cents(shown).to_string();
    let font = theme::font(font_size, true);
    // A dark edge under the gold, for the stars and pegs behind it.
    painter.text(
        at + Vec2::splat(font_size * 0.05),
        Align2::CENTER_CENTER,
        &words,
        font.clone(),
        look::BOARD_NIGHT,
    );
    painter.text(at, Align2::CENTER_CENTER, words, font, palette::ACTION);
}
