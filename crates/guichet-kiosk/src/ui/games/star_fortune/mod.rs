//! The Star Fortune table, in its world: a violet night sky, pegs as small
//! lights, a glowing prize row, two BONUS cases. After "Jouer", three pucks
//! wait above the three slots; the player taps one and it falls through the
//! pegs — the core's physics, steered along the unit's stored way down — to
//! the place the unit holds. A puck caught in a BONUS case waits for "GO",
//! which rolls the case's amount up. Then three new pucks, for the second
//! drop. No "Auto": the règlement (4.3–4.4) has the player pick each puck and
//! press "GO". Each drop's result shows in its card; the lot is the unit's
//! prize, shown by the bar.

mod falls;
mod frame;
mod look;
mod puck;
mod still;

use std::time::Duration;

use egui::emath::easing;
use egui::{Align2, Pos2, Rect, Stroke, StrokeKind, Vec2};
use guichet_core::money::Cents;
use guichet_core::games::star_fortune::plinko::{Board, Geometry, Physics, Sample};
use guichet_core::step::RevealStep;
use guichet_core::games::Scenario;
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::{PUCKS, StarFortuneScenario};
use guichet_sale::Unit;

use super::table::paint::{Glow, glow};
use super::entry::{GameEntry, TileLook, table_of};
use super::table::{BarWords, GameTable, TableFrame};
use guichet_core::games::star_fortune;
use crate::sound::Cue;
use crate::ui::fonts;
use crate::ui::theme::{self, motion, palette, size};
use crate::ui::widgets::{label_rect, touch_rect};
use falls::Falls;
use frame::Frame;
use still::StillLayer;

/// The table's geometry at the design size (scaled by the table's scale).
mod design {
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
const AMOUNTS_LEAST: f32 = 2.0 * size::LEAST_AMOUNT / look::PLACE_TYPE;

/// The strip under the prize row's places where their amounts go, `strip`
/// pixels high on the board itself: at least [`AMOUNTS_LEAST`], reaching
/// below the board where a small screen draws it small.
fn amounts_strip(strip: f32) -> f32 {
    strip.max(AMOUNTS_LEAST)
}

/// The scale of a board of `measures` fitting `height` pixels with its
/// amounts' strip ([`amounts_strip`]) under it.
fn fitting_height(height: f32, measures: &Geometry) -> f32 {
    let above = (measures.floor_y) as f32;
    let board = measures.height as f32;
    (height / board).min((height - AMOUNTS_LEAST) / above)
}

/// Where everything goes.
struct Layout {
    /// The board.
    plinko: Rect,
    /// The board's px on the screen.
    frame: Frame,
    /// The cards of the first and the second drop.
    cards: [Rect; 2],
}

impl Layout {
    /// Where a board of `measures` and the cards go in the table's `board`.
    fn new(board: Rect, scale: f32, measures: &Geometry) -> Self {
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

/// How one drop shows at this frame.
#[derive(Clone, Copy, Debug)]
enum DropView {
    /// Its turn has not come.
    Later,
    /// Three pucks wait for the player's pick.
    Waiting,
    /// Its puck falls, and is here.
    Falling(Sample),
    /// Its puck rests at `at`, `since` seconds after it landed; `go` is how
    /// far the amount "GO" revealed has rolled up, once pressed.
    Landed {
        at: Sample,
        since: f32,
        go: Option<f32>,
    },
}

/// Star Fortune in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: star_fortune::game::GAME,
    tile: TileLook {
        background: look::SKY,
        glow: look::SKY_GLOW,
        highlight: palette::STARLIGHT,
        illustration: egui::include_image!("star-fortune.png"),
    },
    tier_words: None,
    table: table_of::<StarFortuneTable>,
};

/// The Star Fortune table.
#[derive(Debug, Default)]
pub struct StarFortuneTable {
    falls: Falls,
    still: StillLayer,
    /// The physics of the board last painted: the unit's on the table, or
    /// the one new units are sold with.
    physics: Physics,
}

impl StarFortuneTable {
    /// How drop `drop` of `unit` shows now; `its_turn` when the drops before it
    /// have ended on screen.
    fn drop_view(
        &self,
        view: &TableFrame<'_>,
        unit: &Unit,
        drop: usize,
        its_turn: bool,
    ) -> DropView {
        let not_yet = if its_turn {
            DropView::Waiting
        } else {
            DropView::Later
        };
        let Some(puck) = unit.progress.puck(drop) else {
            return not_yet;
        };
        let step = RevealStep::Puck {
            drop: drop as u8,
            puck,
        };
        let Some(start) = view.clock.started(step).filter(|&start| view.now >= start) else {
            return not_yet;
        };
        let Some(fall) = self.falls.of(unit, drop) else {
            return not_yet;
        };
        let elapsed = view.now - start;
        let duration = fall.duration();
        if elapsed < duration {
            return DropView::Falling(fall.at(elapsed));
        }
        let go_step = RevealStep::Go { drop: drop as u8 };
        let go = view
            .clock
            .started(go_step)
            .filter(|&start| view.now >= start)
            .map(|_| view.progress(go_step, 0.0, look::COUNTER));
        DropView::Landed {
            at: fall.at(duration),
            since: (elapsed - duration) as f32,
            go,
        }
    }
}

/// Whether a drop has ended on screen: landed on a place, or its "GO" amount
/// rolled up.
fn has_ended(shown: DropView, landing: Landing) -> bool {
    match (shown, landing) {
        (DropView::Landed { .. }, Landing::Slot { .. }) => true,
        (DropView::Landed { go, .. }, Landing::Bonus { .. }) => go.is_some_and(|go| go >= 1.0),
        _ => false,
    }
}

impl GameTable for StarFortuneTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "star-fortune-invite",
            tap: "star-fortune-tap",
            // No "Auto" here.
            auto: "star-fortune-tap",
        }
    }

    fn has_auto(&self) -> bool {
        // The règlement (4.3–4.4) has the player pick each puck and press "GO".
        false
    }

    fn step_duration(&self, unit: &Unit, step: RevealStep) -> f32 {
        match step {
            RevealStep::Puck { drop, .. } => {
                self.falls
                    .of(unit, usize::from(drop))
                    .map_or(0.0, |fall| fall.duration() as f32)
                    + motion::REVEAL
            }
            RevealStep::Go { .. } => look::COUNTER + motion::SETTLE,
            RevealStep::Zone { .. } => 0.0,
        }
    }

    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    /// A puck ticks at each peg it meets on its way down, timed on its fall;
    /// "GO" opens with a swish.
    fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        let RevealStep::Puck { drop, .. } = step else {
            return vec![(Cue::Reveal, Duration::ZERO)];
        };
        let Some(fall) = self.falls.of(unit, usize::from(drop)) else {
            return Vec::new();
        };
        let measures = match &unit.scenario {
            Scenario::StarFortune(scenario) => Geometry::of(scenario.physics),
            _ => Geometry::of(Physics::CURRENT),
        };
        let mut rows = 0;
        let mut ticks = Vec::new();
        for sample in &fall.samples {
            let passed = fall.rows_passed(measures, sample.t);
            if passed > rows {
                rows = passed;
                ticks.push((Cue::Tick, Duration::from_secs_f64(sample.t)));
            }
        }
        ticks
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        painter.rect_filled(area, 0.0, look::SKY);
        let center = Pos2::new(area.center().x, area.top() + area.height() * 0.4);
        let rings = Glow {
            rings: 4,
            radius: 0.6,
            shrink: 0.12,
            alpha: 0.15,
            brighten: 0.08,
        };
        glow(painter, center, area.height(), look::SKY_GLOW, rings);
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep> {
        let painter = ui.painter().clone();
        let unit = view.unit;
        let scenario = unit.and_then(|unit| match &unit.scenario {
            Scenario::StarFortune(scenario) => Some(scenario),
            _ => None,
        });
        // The board the unit was sold on (a replay of an older unit shows
        // its own), or, before one is bought, the one sold now.
        self.physics = scenario.map_or(Physics::CURRENT, |scenario| scenario.physics);
        let plinko = Board::of(view.emission, self.physics);
        let layout = Layout::new(board, view.scale, plinko.geometry());
        painter.add(self.still.shape(&plinko, board, layout.frame));

        let shown: [DropView; 2] = match (unit, scenario) {
            (Some(unit), Some(scenario)) => {
                let first = self.drop_view(view, unit, 0, true);
                let first_ended = has_ended(first, scenario.drops[0].landing);
                [first, self.drop_view(view, unit, 1, first_ended)]
            }
            _ => [DropView::Later; 2],
        };
        // How long the board has been moving (a puck falling, an amount
        // rolling up), if it is: the cases pulse on that clock, so a frame
        // depends on the unit's steps alone.
        let moving_for = shown.iter().find_map(|drop| match *drop {
            DropView::Falling(at) => Some(at.t as f32),
            DropView::Landed { go: Some(go), .. } if go < 1.0 => Some(go * look::COUNTER),
            _ => None,
        });

        paint_places(ui, &painter, &plinko, layout.frame, view, scenario, &shown);
        paint_cases(
            ui,
            &painter,
            &plinko,
            layout.frame,
            view,
            scenario,
            &shown,
            moving_for,
        );
        if let (Some(unit), Some(falling)) = (
            unit,
            shown
                .iter()
                .position(|drop| matches!(drop, DropView::Falling(_))),
        ) && let Some(fall) = self.falls.of(unit, falling)
        {
            paint_lit_pegs(
                &painter,
                &plinko,
                layout.frame,
                &fall.samples,
                view,
                unit,
                falling,
            );
        }
        let radius = layout.frame.len(plinko.puck_radius);
        for drop in shown {
            if let DropView::Falling(at) | DropView::Landed { at, .. } = drop {
                puck::paint(
                    &painter,
                    layout.frame.at(at.x, at.y),
                    radius,
                    at.angle as f32,
                    0.0,
                );
            }
        }

        let mut tapped = None;
        if let Some(waiting) = shown
            .iter()
            .position(|drop| matches!(drop, DropView::Waiting))
        {
            tapped = paint_waiting_pucks(ui, &painter, &plinko, layout.frame, view, waiting);
        }
        for (drop, card) in layout.cards.iter().enumerate() {
            // What the drop pays, as the core evaluates it.
            let outcome = scenario
                .map(|scenario| (scenario.drops[drop].landing, scenario.drop_payouts()[drop]));
            tapped = tapped.or(paint_card(
                ui,
                &painter,
                *card,
                view,
                drop,
                shown[drop],
                outcome,
            ));
        }
        if let Some(scenario) = scenario {
            paint_bonus_moments(&painter, &layout, view, &plinko, scenario, &shown);
        }
        tapped
    }

    fn celebration_area(&self, board: Rect, scale: f32) -> Rect {
        Layout::new(board, scale, Geometry::of(self.physics)).plinko
    }
}

/// The three pucks above the slots, waiting for the player's pick for drop
/// `drop`.
fn paint_waiting_pucks(
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
fn paint_places(
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
        painter.layout_no_wrap(amount, theme::amount_font(one_line), palette::ON_DARK).size().x
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
fn paint_cases(
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
            Stroke::new(frame.len(3.0).max(1.0), palette::STARLIGHT.gamma_multiply(0.8)),
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
            Stroke::new(frame.len(3.0).max(1.0), palette::STARLIGHT.gamma_multiply(0.5 * open)),
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

/// The BONUS moment of each drop whose "GO" amount is rolling up.
fn paint_bonus_moments(
    painter: &egui::Painter,
    layout: &Layout,
    view: &TableFrame<'_>,
    plinko: &Board,
    scenario: &StarFortuneScenario,
    shown: &[DropView; 2],
) {
    for (drop, card) in layout.cards.iter().enumerate() {
        let (DropView::Landed { go: Some(rolled), .. }, Landing::Bonus { bonus, bonus_cents }) =
            (shown[drop], scenario.drops[drop].landing)
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
fn paint_bonus_moment(
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

/// Where a drop's card shows its amount.
fn card_amount_at(card: Rect, view: &TableFrame<'_>) -> Pos2 {
    let scale = view.scale.max(1.0);
    let bonus_at = Pos2::new(card.center().x, card.center().y - size::BODY * scale * 0.8);
    Pos2::new(card.center().x, bonus_at.y + size::AMOUNT * scale * 2.0)
}

/// The pegs the falling puck of drop `drop` touched in the last moments, lit
/// brighter as it hits them.
fn paint_lit_pegs(
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

/// A drop's card: its title and what it shows — to come, pick a puck, the
/// fall, the amount of its place, or BONUS with "GO" and the amount rolling up.
fn paint_card(
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
fn paint_bonus_stage(
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
fn go_button(
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
