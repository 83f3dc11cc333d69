//! The Bingo table, in its world: warm coral and cream, glossy balls, grids like
//! cards. The sphere — a glass drum of balls, tumbling while a ball is drawn,
//! still otherwise — on the left, the three "boules Bonus" under it; the row of
//! drawn balls along the rail at the top; "Grille 1" and "Grille 2", each with
//! its arrow of winning combinations. Each tap on the sphere draws the unit's
//! next ball: it leaves the drum and rolls along the rail to its place, its
//! number turning to face the player, then the matching cells are daubed. The
//! bonus balls open by a tap each, in any order. A combination lights on its
//! grid and its arrow once complete; a better one dims the lesser. The drum's
//! tumbling is decoration: the ball that comes out is always the unit's next.

mod ball;
mod grid;
mod look;

use std::time::Duration;

use egui::{Pos2, Rect, Stroke, Vec2};
use guichet_core::step::RevealStep;
use guichet_core::games::bingo::game::{BALLS, BONUS};
use guichet_core::games::Scenario;
use guichet_core::games::bingo::generator::combinations_for;
use guichet_core::money::Cents;
use guichet_core::games::bingo::scenario::{BingoScenario, CELLS, CORNERS, DIAGONALS, FirstGridCombination, FullRows, ROWS, SPHERE_BALLS, first_grid_of, full_rows_of, marked_by};
use guichet_sale::Unit;

use super::table::paint::{Glow, caption, glow};
use super::entry::{GameEntry, TileLook, table_of};
use super::table::{BarWords, GameTable, TableFrame};
use guichet_core::games::bingo;
use crate::sound::Cue;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, motion, palette, size};
use crate::ui::widgets::{label_rect, touch_rect};
use grid::{Entry, EntryState};

/// The table's geometry at the design size (scaled by the table's scale).
mod design {
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

/// How long a ball takes from the drum to its place on the rail.
const ROLL: f32 = look::BALL_DRAW;
/// How long a bonus ball takes to open.
const OPEN: f32 = motion::REVEAL;

/// Bingo in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: bingo::game::GAME,
    tile: TileLook {
        background: look::CORAL_DEEP,
        glow: look::CORAL,
        highlight: palette::CREAM,
        illustration: egui::include_image!("bingo.png"),
    },
    tier_words: Some(tier_words),
    table: table_of::<BingoTable>,
};

/// The Bingo table.
#[derive(Debug, Default)]
pub struct BingoTable;

/// Where everything goes.
struct Layout {
    sphere: Pos2,
    sphere_radius: f32,
    bonus: [Pos2; 3],
    bonus_caption: Pos2,
    rail: Rect,
    /// Where a drawn ball leaves the drum, and where it meets the rail.
    exit: Pos2,
    rail_start: Pos2,
    slots: [Pos2; SPHERE_BALLS],
    ball_radius: f32,
    cards: [Rect; 2],
    scale: f32,
}

impl Layout {
    /// The layout on `board`: landscape, the sphere's column on the left, the
    /// rail above the cards; portrait (a board taller than wide), the sphere
    /// and the bonus balls side by side above the rail and the cards.
    fn new(board: Rect, scale: f32) -> Self {
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
    fn on_the_way(&self, slot: usize, travelled: f32) -> Pos2 {
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

impl GameTable for BingoTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "bingo-invite",
            tap: "bingo-tap",
            auto: "bingo-auto",
        }
    }

    fn step_duration(&self, _unit: &Unit, step: RevealStep) -> f32 {
        if BONUS.contains(&step) {
            OPEN + look::DAUB_LANDING
        } else {
            ROLL + look::DAUB_LANDING
        }
    }

    fn auto_pause(&self) -> f32 {
        motion::AUTO_PAUSE_BRISK
    }

    /// Under "Auto" the next ball leaves the sphere while the one before
    /// still rolls to its place: eighteen draws in about ten seconds, each
    /// ball's roll and daub shown whole. A bonus ball opens after the one
    /// before is still.
    fn auto_lead(&self, _unit: &Unit, step: RevealStep) -> f32 {
        if BALLS.contains(&step) {
            look::AUTO_DRAW_LEAD
        } else {
            0.0
        }
    }

    /// A ball of the sphere knocks; a bonus ball opens with a swish.
    fn reveal_cues(&self, _unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        let cue = if BALLS.contains(&step) {
            Cue::Knock
        } else {
            Cue::Reveal
        };
        vec![(cue, Duration::ZERO)]
    }

    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, look::CORAL_DEEP);
        let center = Pos2::new(
            area.left() + area.width() * 0.22,
            area.top() + area.height() * 0.45,
        );
        let rings = Glow {
            rings: 5,
            radius: 0.55,
            shrink: 0.09,
            alpha: 0.2,
            brighten: 0.08,
        };
        glow(painter, center, area.height(), look::CORAL, rings);
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
            Scenario::Bingo(scenario) => Some(scenario),
            _ => None,
        });
        let draw = Draw::new(view, scenario);
        let mut tapped = None;

        // The rail and its empty places (a ball at rest hides its own).
        painter.rect_filled(layout.rail, layout.rail.height() / 2.0, look::RAIL);
        for (slot, &step) in layout.slots.iter().zip(&BALLS) {
            if view.progress(step, 0.0, ROLL) < 1.0 {
                painter.circle_stroke(
                    *slot,
                    layout.ball_radius,
                    Stroke::new(1.5, look::RAIL_SLOT),
                );
            }
        }

        // The sphere: a glass drum, the next ball drawn by a tap.
        tapped = tapped.or(paint_sphere(ui, &painter, &layout, view, &draw));

        // The bonus balls.
        tapped = tapped.or(paint_bonus_balls(ui, &painter, &layout, view, scenario));

        // The cards.
        if let Some(scenario) = scenario {
            for card in 0..2 {
                paint_card(ui, &painter, &layout, view, scenario, &draw, card);
            }
        } else {
            for card in 0..2 {
                paint_empty_card(&painter, &layout, view.texts, card);
            }
        }

        // The balls on the rail, the one in flight last, above everything.
        if let Some(scenario) = scenario {
            paint_rail_balls(ui, &painter, &layout, view, scenario);
        }
        tapped
    }

    fn celebration_area(&self, board: Rect, scale: f32) -> Rect {
        let layout = Layout::new(board, scale);
        layout.cards[0].union(layout.cards[1])
    }
}

/// The three bonus balls, closed until tapped, in any order.
fn paint_bonus_balls(
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
fn paint_rail_balls(
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
fn paint_sphere(
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

/// How far the draw has come at this frame.
struct Draw {
    /// Sphere balls begun to come out.
    started: usize,
    /// How long balls have been tumbling, in seconds: the drum's phase.
    tumble: f32,
    /// The numbers out and shown (arrived, or opened), with how far their
    /// daubs have landed.
    out: Vec<(u8, f32)>,
    /// The sphere's last ball arrived on the rail, shown big in the sphere.
    last_drawn: Option<u8>,
}

impl Draw {
    fn new(view: &TableFrame<'_>, scenario: Option<&BingoScenario>) -> Self {
        let started = BALLS
            .iter()
            .filter(|&&step| view.is_shown(step))
            .count();
        let tumble = BALLS
            .iter()
            .map(|&step| view.progress(step, 0.0, ROLL) * ROLL)
            .sum();
        let mut out = Vec::new();
        let mut last_drawn = None;
        if let Some(scenario) = scenario {
            for (slot, &step) in BALLS.iter().enumerate() {
                if view.progress(step, 0.0, ROLL) >= 1.0 {
                    last_drawn = Some(scenario.balls[slot]);
                    out.push((
                        scenario.balls[slot],
                        view.progress(step, ROLL, look::DAUB_LANDING),
                    ));
                }
            }
            for (k, &step) in BONUS.iter().enumerate() {
                if view.progress(step, 0.0, OPEN) >= 1.0 {
                    out.push((
                        scenario.bonus_balls[k],
                        view.progress(step, OPEN, look::DAUB_LANDING),
                    ));
                }
            }
        }
        Self {
            started,
            tumble,
            out,
            last_drawn,
        }
    }

    fn numbers(&self) -> Vec<u8> {
        self.out.iter().map(|&(number, _)| number).collect()
    }

    fn daub(&self, number: u8) -> f32 {
        self.out
            .iter()
            .find(|&&(out, _)| out == number)
            .map_or(0.0, |&(_, daub)| egui::emath::easing::cubic_out(daub))
    }
}

/// The cards' arrows: laid out alike on both, so that both grids are the same
/// size.
struct Arrows {
    /// Columns of entries: two where every entry of both fits in half a card.
    columns: usize,
    /// The room the longer arrow takes.
    height: f32,
    /// An arrow's width.
    width: f32,
}

impl Arrows {
    fn new(painter: &egui::Painter, layout: &Layout, texts: &Texts) -> Self {
        let width = layout.cards[0].width() - 2.0 * design::CARD_INSET * layout.scale;
        let entries = [0, 1].map(|card| arrow_entries(texts, card, None));
        let columns = entries
            .iter()
            .map(|entries| grid::columns(painter, width, entries, layout.scale))
            .min()
            .unwrap_or(1);
        let rows = entries
            .iter()
            .map(|entries| entries.len().div_ceil(columns))
            .max()
            .unwrap_or(0);
        Self {
            columns,
            height: grid::arrow_height(rows, layout.scale),
            width,
        }
    }
}

/// Paints card `card`'s frame, title and arrow of `entries`, and returns
/// where its cells go and where each entry of the arrow lies: the cells, a
/// square, in the room the arrows leave, the arrow right under them.
fn paint_card_frame(
    painter: &egui::Painter,
    layout: &Layout,
    texts: &Texts,
    card: usize,
    entries: &[Entry],
) -> (Rect, Vec<Rect>) {
    let scale = layout.scale;
    let rect = layout.cards[card];
    painter.rect_filled(
        rect.translate(Vec2::new(0.0, 6.0)),
        size::RADIUS_LARGE,
        palette::SHADOW,
    );
    painter.rect_filled(rect, size::RADIUS_LARGE, look::CARD_PAPER);
    painter.text(
        Pos2::new(
            rect.center().x,
            rect.top() + design::CARD_TITLE * scale / 2.0,
        ),
        egui::Align2::CENTER_CENTER,
        texts.with("bingo-grid-title", &[("number", (card + 1).to_string())]),
        theme::font(size::BODY * scale.max(1.0), true),
        look::CORAL_DEEP,
    );
    let arrows = Arrows::new(painter, layout, texts);
    let inset = design::CARD_INSET * scale;
    let cells_room = Rect::from_min_max(
        Pos2::new(
            rect.left() + 1.5 * inset,
            rect.top() + design::CARD_TITLE * scale,
        ),
        Pos2::new(
            rect.right() - 1.5 * inset,
            rect.bottom() - 2.0 * inset - arrows.height,
        ),
    );
    let side = cells_room.width().min(cells_room.height()).max(0.0);
    let cells = Rect::from_center_size(cells_room.center(), Vec2::splat(side));
    let placed = grid::paint_arrow(
        painter,
        Pos2::new(rect.center().x, cells.bottom() + inset),
        arrows.width,
        entries,
        arrows.columns,
        scale,
    );
    (cells, placed)
}

fn paint_empty_card(painter: &egui::Painter, layout: &Layout, texts: &Texts, card: usize) {
    let entries = arrow_entries(texts, card, None);
    let (cells, _) = paint_card_frame(painter, layout, texts, card, &entries);
    for rect in grid::cells(cells, design::CELL_GAP * layout.scale) {
        painter.rect_filled(rect, size::RADIUS, palette::CREAM);
    }
}

/// The arrow's entries of card `card`, with where each stands given the marks.
fn arrow_entries(texts: &Texts, card: usize, marks: Option<&[bool; CELLS]>) -> Vec<Entry> {
    let full = |cells: &[usize]| marks.is_some_and(|marks| cells.iter().all(|&cell| marks[cell]));
    if card == 0 {
        let best = marks.map_or(FirstGridCombination::None, first_grid_of);
        let complete = |combination: FirstGridCombination| match combination {
            FirstGridCombination::Corners => full(&CORNERS),
            FirstGridCombination::OneDiagonal => DIAGONALS.iter().any(|diagonal| full(diagonal)),
            FirstGridCombination::TwoDiagonals => DIAGONALS.iter().all(|diagonal| full(diagonal)),
            FirstGridCombination::None => false,
        };
        [
            (FirstGridCombination::Corners, "bingo-corners"),
            (FirstGridCombination::OneDiagonal, "bingo-one-diagonal"),
            (FirstGridCombination::TwoDiagonals, "bingo-two-diagonals"),
        ]
        .into_iter()
        .map(|(combination, key)| Entry {
            name: texts.get(key),
            amount: combination.prize().short(),
            state: entry_state(combination == best, complete(combination)),
        })
        .collect()
    } else {
        let best = marks.map_or(FullRows(0), full_rows_of);
        (1..=4_u8)
            .map(|rows| Entry {
                name: if rows == 4 {
                    texts.get("bingo-full-grid")
                } else {
                    texts.with("bingo-rows", &[("rows", rows.to_string())])
                },
                amount: FullRows(rows).prize().short(),
                state: entry_state(FullRows(rows) == best, best.0 >= rows),
            })
            .collect()
    }
}

const fn entry_state(best: bool, complete: bool) -> EntryState {
    match (best, complete) {
        (true, true) => EntryState::Best,
        (false, true) => EntryState::Replaced,
        _ => EntryState::Open,
    }
}

/// The cells of the best combination complete on card `card`.
fn lit_cells(card: usize, marks: &[bool; CELLS]) -> Vec<usize> {
    let full = |cells: &[usize]| cells.iter().all(|&cell| marks[cell]);
    if card == 0 {
        match first_grid_of(marks) {
            FirstGridCombination::TwoDiagonals => DIAGONALS.concat(),
            FirstGridCombination::OneDiagonal => DIAGONALS
                .iter()
                .find(|diagonal| full(&diagonal[..]))
                .map(|diagonal| diagonal.to_vec())
                .unwrap_or_default(),
            FirstGridCombination::Corners => CORNERS.to_vec(),
            FirstGridCombination::None => Vec::new(),
        }
    } else {
        ROWS.iter()
            .filter(|row| full(&row[..]))
            .flatten()
            .copied()
            .collect()
    }
}

fn paint_card(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    scenario: &BingoScenario,
    draw: &Draw,
    card: usize,
) {
    let texts = view.texts;
    let grid = &scenario.grids[card];
    let marks = marked_by(grid, &draw.numbers());
    let entries = arrow_entries(texts, card, Some(&marks));
    let (cells_area, placed) = paint_card_frame(painter, layout, texts, card, &entries);
    let rects = grid::cells(cells_area, design::CELL_GAP * layout.scale);
    let cells: [grid::Cell; CELLS] = std::array::from_fn(|cell| grid::Cell {
        daub: grid[cell].map_or(1.0, |number| draw.daub(number)),
    });
    grid::paint_cells(
        painter,
        &rects,
        grid,
        &cells,
        &lit_cells(card, &marks),
        layout.scale,
    );
    for (entry, (index, rect)) in entries.iter().zip(placed.iter().enumerate()) {
        let state = match entry.state {
            EntryState::Open => "open",
            EntryState::Best => "best",
            EntryState::Replaced => "replaced",
        };
        let label = || {
            texts.with(
                "bingo-entry-label",
                &[
                    ("grid", (card + 1).to_string()),
                    ("name", entry.name.clone()),
                    ("amount", entry.amount.clone()),
                    ("state", state.to_owned()),
                ],
            )
        };
        label_rect(ui, *rect, ("entry", card, index), label);
    }
    for (cell, rect) in rects.iter().enumerate() {
        let label = || {
            let value =
                grid[cell].map_or_else(|| texts.get("bingo-joker"), |number| number.to_string());
            let state = texts.get(if marks[cell] {
                "bingo-marked"
            } else {
                "bingo-unmarked"
            });
            texts.with(
                "bingo-cell-label",
                &[
                    ("grid", (card + 1).to_string()),
                    ("row", (cell / 4 + 1).to_string()),
                    ("column", (cell % 4 + 1).to_string()),
                    ("value", value),
                    ("state", state),
                ],
            )
        };
        label_rect(ui, *rect, ("cell", card, cell), label);
    }
}

/// The one way a prize is made, in words (règlement 4.9): its rules page
/// says it beside each tier.
fn tier_words(prize: Cents, texts: &Texts) -> String {
    let Some((first, second)) = combinations_for(prize) else {
        return String::new();
    };
    let first = match first {
        FirstGridCombination::None => None,
        FirstGridCombination::Corners => Some(texts.get("bingo-corners")),
        FirstGridCombination::OneDiagonal => Some(texts.get("bingo-one-diagonal")),
        FirstGridCombination::TwoDiagonals => Some(texts.get("bingo-two-diagonals")),
    };
    let second = match second {
        FullRows(0) => None,
        FullRows(4) => Some(texts.get("bingo-full-grid")),
        FullRows(rows) => Some(texts.with("bingo-rows", &[("rows", rows.to_string())])),
    };
    [first, second]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" + ")
}
