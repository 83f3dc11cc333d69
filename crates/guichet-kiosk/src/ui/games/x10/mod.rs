//! The X10 table, in its world: deep night blue, banknote greens, cut diamonds.
//! "Numéros gagnants" — three diamonds — on the left; "Vos numéros" — nine
//! bundles of banknotes, each hiding a number or a multiplier with its amount —
//! on the right. Each symbol opens with a short animation when tapped; a number
//! visible in both zones lights up in both, and its bundle shows its amount as
//! won; a multiplier shows "amount × coefficient = result" as it opens. Nothing
//! lights on a losing symbol. The lot is the unit's prize, shown by the bar.

mod bundle;
mod diamond;
mod glint;
mod look;

use egui::{Pos2, Rect, Vec2};
use guichet_core::games::Scenario;
use guichet_core::games::x10::game::{BUNDLES, DIAMONDS};
use guichet_core::games::x10::scenario::{Symbol, X10Scenario};
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use super::entry::{GameEntry, TileLook, table_of};
use super::table::paint::{Glow, caption, glow};
use super::table::{BarWords, GameTable, TableFrame};
use crate::ui::theme::{motion, palette};
use crate::ui::widgets::touch_rect;
use guichet_core::games::x10;

/// The table's geometry at the design size (scaled by the table's scale).
mod design {
    /// The column of the diamonds, from the board's left.
    pub const DIAMONDS_WIDTH: f32 = 320.0;
    /// The captions' height.
    pub const CAPTION: f32 = 44.0;
    /// The margin around the zones.
    pub const MARGIN: f32 = 24.0;
    /// The gap between bundles.
    pub const GAP: f32 = 16.0;
    /// The design on a portrait kiosk: the three diamonds in a row above the
    /// nine bundles.
    pub const PORTRAIT: egui::Vec2 = egui::Vec2::new(720.0, 860.0);
    /// On a portrait kiosk, the diamonds' row.
    pub const DIAMONDS_HEIGHT: f32 = 190.0;
}

/// X10 in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: x10::game::GAME,
    tile: TileLook {
        background: look::NIGHT,
        glow: palette::NIGHT_GLOW,
        highlight: palette::ACTION,
        illustration: egui::include_image!("x10.png"),
    },
    tier_words: None,
    table: table_of::<X10Table>,
};

/// The X10 table.
#[derive(Debug, Default)]
pub struct X10Table;

/// Where everything goes.
struct Layout {
    diamonds: [Rect; 3],
    bundles: [Rect; 9],
    diamonds_caption: Pos2,
    bundles_caption: Pos2,
}

impl Layout {
    fn new(board: Rect, scale: f32) -> Self {
        if board.height() > board.width() {
            return Self::portrait(board, scale);
        }
        let px = |design: f32| design * scale;
        let inner = board.shrink(px(design::MARGIN));
        let left = Rect::from_min_max(
            inner.min,
            Pos2::new(inner.left() + px(design::DIAMONDS_WIDTH), inner.bottom()),
        );
        let right = Rect::from_min_max(
            Pos2::new(left.right() + px(design::MARGIN), inner.top()),
            inner.max,
        );
        let zones_top = inner.top() + px(design::CAPTION);
        let diamond_height = (inner.bottom() - zones_top) / 3.0;
        let diamonds = std::array::from_fn(|row| {
            Rect::from_min_size(
                Pos2::new(left.left(), zones_top + diamond_height * row as f32),
                Vec2::new(left.width(), diamond_height),
            )
            .shrink(px(design::GAP) / 2.0)
        });
        let cell = Vec2::new(
            (right.width() - 2.0 * px(design::GAP)) / 3.0,
            (inner.bottom() - zones_top - 2.0 * px(design::GAP)) / 3.0,
        );
        let bundles = std::array::from_fn(|position| {
            let (row, column) = (position / 3, position % 3);
            Rect::from_min_size(
                Pos2::new(
                    right.left() + column as f32 * (cell.x + px(design::GAP)),
                    zones_top + row as f32 * (cell.y + px(design::GAP)),
                ),
                cell,
            )
        });
        Self {
            diamonds,
            bundles,
            diamonds_caption: Pos2::new(left.center().x, inner.top() + px(design::CAPTION) / 2.0),
            bundles_caption: Pos2::new(right.center().x, inner.top() + px(design::CAPTION) / 2.0),
        }
    }
}

impl Layout {
    /// On a portrait kiosk: "Numéros gagnants" across the top, the three
    /// diamonds side by side; "Vos numéros" under them, the nine bundles.
    fn portrait(board: Rect, scale: f32) -> Self {
        let px = |design: f32| design * scale;
        let inner = board.shrink(px(design::MARGIN));
        let caption = px(design::CAPTION);
        let gap = px(design::GAP);
        let diamonds_top = inner.top() + caption;
        let diamond_width = (inner.width() - 2.0 * gap) / 3.0;
        let diamonds = std::array::from_fn(|column| {
            Rect::from_min_size(
                Pos2::new(
                    inner.left() + column as f32 * (diamond_width + gap),
                    diamonds_top,
                ),
                Vec2::new(diamond_width, px(design::DIAMONDS_HEIGHT)),
            )
        });
        let bundles_caption_y = diamonds_top + px(design::DIAMONDS_HEIGHT) + gap;
        let bundles_top = bundles_caption_y + caption;
        let cell = Vec2::new(
            (inner.width() - 2.0 * gap) / 3.0,
            (inner.bottom() - bundles_top - 2.0 * gap) / 3.0,
        );
        let bundles = std::array::from_fn(|position| {
            let (row, column) = (position / 3, position % 3);
            Rect::from_min_size(
                Pos2::new(
                    inner.left() + column as f32 * (cell.x + gap),
                    bundles_top + row as f32 * (cell.y + gap),
                ),
                cell,
            )
        });
        Self {
            diamonds,
            bundles,
            diamonds_caption: Pos2::new(inner.center().x, inner.top() + caption / 2.0),
            bundles_caption: Pos2::new(inner.center().x, bundles_caption_y + caption / 2.0),
        }
    }
}

/// How far `step` has opened (0 to 1).
fn opened(view: &TableFrame<'_>, step: RevealStep) -> f32 {
    view.progress(step, 0.0, motion::REVEAL)
}

/// Whether `step` shows its symbol (half opened or more).
fn visible(view: &TableFrame<'_>, step: RevealStep) -> bool {
    opened(view, step) >= 0.5
}

/// The symbol of a bundle as printed: "23" or "x5".
fn symbol_text(symbol: Symbol) -> String {
    match symbol {
        Symbol::Number { number } => number.to_string(),
        Symbol::Multiplier { multiplier } => format!("x{multiplier}"),
    }
}

impl GameTable for X10Table {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "x10-invite",
            tap: "x10-tap",
            auto: "x10-auto",
        }
    }

    fn step_duration(&self, _unit: &Unit, _step: RevealStep) -> f32 {
        motion::REVEAL + motion::SETTLE
    }

    fn auto_pause(&self) -> f32 {
        // Twelve symbols: "Auto" goes through them briskly.
        motion::AUTO_PAUSE_BRISK
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, look::NIGHT);
        // A soft light behind "Vos numéros".
        let center = Pos2::new(
            area.left() + area.width() * 0.62,
            area.top() + area.height() * 0.45,
        );
        let rings = Glow {
            rings: 5,
            radius: 0.7,
            shrink: 0.12,
            alpha: 0.12,
            brighten: 0.05,
        };
        glow(painter, center, area.height(), palette::NIGHT_GLOW, rings);
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep> {
        let painter = ui.painter().clone();
        let layout = Layout::new(board, view.scale);
        let scenario = view.unit.and_then(|unit| match &unit.scenario {
            Scenario::X10(scenario) => Some(scenario),
            _ => None,
        });
        let texts = view.texts;
        caption(
            &painter,
            layout.diamonds_caption,
            &texts.get("x10-winning-numbers"),
            view.scale,
        );
        caption(
            &painter,
            layout.bundles_caption,
            &texts.get("x10-your-numbers"),
            view.scale,
        );
        let hidden = texts.get("x10-hidden");
        let label_of = |key: &str, position: usize, state: &str| {
            let number = (position + 1).to_string();
            texts.with(key, &[("number", number), ("state", state.to_owned())])
        };
        let mut tapped = None;

        // Which numbers are visible in both zones: they light up in both.
        let lit = |number: u8| {
            scenario.is_some_and(|scenario| {
                DIAMONDS
                    .iter()
                    .zip(scenario.winning_numbers)
                    .any(|(&step, winning)| winning == number && visible(view, step))
                    && BUNDLES.iter().zip(scenario.cells).any(|(&step, cell)| {
                        cell.symbol == Symbol::Number { number } && visible(view, step)
                    })
            })
        };

        for (position, (&step, rect)) in DIAMONDS.iter().zip(layout.diamonds).enumerate() {
            let number = scenario.map(|scenario| scenario.winning_numbers[position]);
            let shown = number.filter(|_| visible(view, step));
            let state = shown.map_or_else(|| hidden.clone(), |number| number.to_string());
            let label = || label_of("x10-diamond-label", position, &state);
            let response = touch_rect(
                ui,
                rect,
                ("diamond", position),
                label,
                view.takes_taps && !view.is_shown(step),
            );
            if response.clicked() {
                tapped = Some(step);
            }
            let won = f32::from(u8::from(number.is_some_and(lit)));
            diamond::paint(
                &painter,
                rect,
                shown.map(|number| number.to_string()).as_deref(),
                opened(view, step),
                won,
                view.scale,
            );
        }

        for (position, (&step, rect)) in BUNDLES.iter().zip(layout.bundles).enumerate() {
            let face = scenario.map(|scenario| bundle_face(scenario, position, step, view, &lit));
            let shown = face.as_ref().filter(|_| visible(view, step));
            let state = shown.map_or_else(
                || hidden.clone(),
                |(symbol, amount, _, _)| format!("{symbol}, {amount}"),
            );
            let label = || label_of("x10-bundle-label", position, &state);
            let response = touch_rect(
                ui,
                rect,
                ("bundle", position),
                label,
                view.takes_taps && !view.is_shown(step),
            );
            if response.clicked() {
                tapped = Some(step);
            }
            let face = face
                .as_ref()
                .map(|(symbol, amount, multiplier, won)| bundle::Face {
                    symbol,
                    amount,
                    multiplier: *multiplier,
                    won: *won,
                });
            bundle::paint(
                &painter,
                rect,
                face.as_ref(),
                opened(view, step),
                view.scale,
            );
        }
        tapped
    }

    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    fn celebration_area(&self, board: Rect, _scale: f32) -> Rect {
        board
    }
}

/// What bundle `position` shows once open: its symbol, its amount (with the
/// product for a multiplier: what the core pays for it), whether it is a
/// multiplier, and how lit it is.
fn bundle_face(
    scenario: &X10Scenario,
    position: usize,
    step: RevealStep,
    view: &TableFrame<'_>,
    lit: &impl Fn(u8) -> bool,
) -> (String, String, bool, f32) {
    let cell = scenario.cells[position];
    let paid = scenario.cell_payouts()[position];
    match cell.symbol {
        Symbol::Multiplier { multiplier } => (
            symbol_text(cell.symbol),
            view.texts.with(
                "x10-multiplied",
                &[
                    ("amount", cell.amount.short()),
                    ("coefficient", multiplier.to_string()),
                    ("paid", paid.short()),
                ],
            ),
            true,
            // A multiplier always wins: lit as soon as it shows, never before.
            f32::from(u8::from(visible(view, step))),
        ),
        Symbol::Number { number } => (
            symbol_text(cell.symbol),
            cell.amount.short(),
            false,
            f32::from(u8::from(lit(number))),
        ),
    }
}
