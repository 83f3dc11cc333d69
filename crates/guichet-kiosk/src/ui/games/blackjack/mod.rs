//! The Black Jack table: green felt under a soft light, the "Banque" pair at the
//! top, "Vos jeux" — three pairs of cards over stacks of chips, "Gain 1/2/3" —
//! below. The shared table layer draws the bar, the result and the celebration.
//!
//! The table draws the stored unit and nothing else: a zone turns over only
//! once the store has journaled its reveal, the totals and the winning hands are
//! the core's (`BlackJackScenario::outcomes`).

mod card;
mod chips;
mod court;
mod look;
mod suit;

use egui::{Mesh, Pos2, Rect, Vec2, emath::easing};
use guichet_core::games::Scenario;
use guichet_core::games::blackjack::game::{BANK_CARD, HANDS};
use guichet_core::games::blackjack::scenario::{BlackJackScenario, HandOutcome};
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use super::entry::{GameEntry, TileLook, table_of};
use super::table::paint::{badge, badge_size, caption};
use super::table::{BarWords, GameTable, TableFrame};
use crate::ui::theme::{motion, palette, size};
use crate::ui::widgets::touch_rect;
use guichet_core::games::blackjack;

/// How far a hand's second card lies to the right of its first, in card widths.
const FAN: f32 = 0.72;
/// How long after the first card of a hand its second one turns.
const SECOND_CARD_DELAY: f32 = 0.08;

/// The table's geometry at the design size (scaled by the table's scale).
mod design {
    /// The gap between the bank's two cards.
    pub const BANK_GAP: f32 = 16.0;
    /// The board on a portrait kiosk.
    pub const PORTRAIT: egui::Vec2 = egui::Vec2::new(720.0, 640.0);
    /// The height of the board not given to the two rows of cards.
    pub const NOT_CARDS: f32 = 300.0;
    /// The smallest and the largest card heights.
    pub const CARD_HEIGHTS: (f32, f32) = (96.0, 230.0);
    /// From the board's top to the bank's cards.
    pub const BANK_TOP: f32 = 64.0;
    /// From the bank's cards to the hands.
    pub const BANK_TO_HANDS: f32 = 72.0;
    /// A hand's zone beyond its cards, across.
    pub const HAND_PADDING: f32 = 48.0;
    /// Under the hands, above the bar.
    pub const BOTTOM_MARGIN: f32 = 12.0;
    /// The "Vos jeux" caption above the hands.
    pub const HANDS_CAPTION: f32 = 40.0;
    /// The least air around the "Vos jeux" caption, above and below it
    /// together, in pixels.
    pub const HANDS_CAPTION_AIR: f32 = 8.0;
    /// The "Banque" caption above the bank's cards.
    pub const BANK_CAPTION: f32 = 26.0;
    /// The bank's total, right of its cards.
    pub const BANK_TOTAL: f32 = 56.0;
    /// The winning glow, inside a hand's zone.
    pub const GLOW_INSET: f32 = 6.0;
    /// A hand's total, from the top right corner of its cards.
    pub const TOTAL_CORNER: (f32, f32) = (-6.0, 4.0);
    /// The chips' base, under the cards.
    pub const CHIPS_BELOW_CARDS: f32 = 74.0;
    /// The plaque's center, under the chips' base.
    pub const PLAQUE_BELOW_CHIPS: f32 = 30.0;
    /// The plaque, narrower than its zone.
    pub const PLAQUE_INSET: f32 = 24.0;
    /// "Gain n", under the plaque.
    pub const NAME_BELOW_PLAQUE: f32 = 20.0;
    /// The felt's gold rim, inside its edge, and its width.
    pub const RIM: (f32, f32) = (12.0, 3.0);
}

/// Black Jack in the kiosk's registry of games.
pub static ENTRY: GameEntry = GameEntry {
    game: blackjack::game::GAME,
    tile: TileLook {
        background: look::FELT,
        glow: look::FELT_LIGHT,
        highlight: palette::ACTION,
        illustration: egui::include_image!("blackjack.png"),
    },
    tier_words: None,
    table: table_of::<BlackJackTable>,
};

/// The Black Jack table.
#[derive(Debug, Default)]
pub struct BlackJackTable;

impl GameTable for BlackJackTable {
    fn words(&self) -> BarWords {
        BarWords {
            invite: "blackjack-invite",
            tap: "blackjack-tap",
            auto: "blackjack-auto",
        }
    }

    fn step_duration(&self, _unit: &Unit, _step: RevealStep) -> f32 {
        look::CARD_FLIP + SECOND_CARD_DELAY + motion::REVEAL
    }

    fn paint(
        &mut self,
        ui: &mut egui::Ui,
        board: Rect,
        view: &TableFrame<'_>,
    ) -> Option<RevealStep> {
        // The whole table's painter: a winning hand's glow reaches under the bar.
        let painter = ui.painter().clone();
        let scenario = view.unit.and_then(|unit| match &unit.scenario {
            Scenario::BlackJack(scenario) => Some(scenario),
            _ => None,
        });
        let layout = Layout::new(board, view.scale);
        Felt {
            painter: &painter,
            view,
            layout: &layout,
            scenario,
        }
        .paint(ui)
    }

    /// On a portrait kiosk the table is laid out anew, the bank above the
    /// three hands across the screen's whole width.
    fn portrait_design(&self) -> Option<Vec2> {
        Some(design::PORTRAIT)
    }

    fn paint_backdrop(&self, painter: &egui::Painter, area: Rect) {
        paint_felt(painter, area);
    }

    fn celebration_area(&self, board: Rect, scale: f32) -> Rect {
        Layout::new(board, scale).hands
    }
}

/// How far a card of `step`'s zone has turned (0 to 1), its card `card`
/// starting a little later than the first.
fn turn(view: &TableFrame<'_>, step: RevealStep, card: u8) -> f32 {
    easing::cubic_in_out(view.progress(step, f32::from(card) * SECOND_CARD_DELAY, look::CARD_FLIP))
}

/// How far what follows a zone's turn (its total, its amount) has appeared.
fn after_turn(view: &TableFrame<'_>, step: RevealStep) -> f32 {
    view.fade_in(step, look::CARD_FLIP + SECOND_CARD_DELAY)
}

/// A caption's line, in its type's size.
const CAPTION_LINE: f32 = 1.25;

/// How far a hand's total rises above its cards' top at `scale`.
fn badge_rise(scale: f32) -> f32 {
    size::BADGE * scale.max(1.0) / 2.0 - design::TOTAL_CORNER.1 * scale
}

/// Where everything goes on a table of a given size.
struct Layout {
    /// The bank's two cards.
    bank_cards: Rect,
    /// Each hand's zone: cards, chips and plaque.
    hand_zones: [Rect; 3],
    /// The area of the three hands together.
    hands: Rect,
    /// The height of the middle of the caption "Vos jeux".
    hands_caption: f32,
    /// A card's size.
    card: Vec2,
    /// The table's scale.
    scale: f32,
}

impl Layout {
    fn new(play: Rect, scale: f32) -> Self {
        // As tall as the height leaves room for, as long as three hands
        // still fit side by side in the width (a portrait kiosk's), a
        // plaque's inset apart.
        let by_width = (play.width() / 3.0 - (design::HAND_PADDING + design::PLAQUE_INSET) * scale)
            / (1.0 + FAN)
            / card::ASPECT;
        // Between the bank's cards and the hands: the caption "Vos jeux"
        // above the hands' totals, which rise over their cards' top, however
        // small the table (its words never under the smallest text).
        let to_hands = (design::BANK_TO_HANDS * scale).max(
            size::BODY * scale.max(1.0) * CAPTION_LINE
                + badge_rise(scale)
                + design::HANDS_CAPTION_AIR,
        );
        let taken = design::NOT_CARDS * scale + to_hands - design::BANK_TO_HANDS * scale;
        let card_height = ((play.height() - taken) / 2.0).min(by_width).clamp(
            design::CARD_HEIGHTS.0 * scale,
            design::CARD_HEIGHTS.1 * scale,
        );
        let card = Vec2::new(card_height * card::ASPECT, card_height);
        let bank_top = play.top() + design::BANK_TOP * scale;
        let bank_cards = Rect::from_center_size(
            Pos2::new(play.center().x, bank_top + card.y / 2.0),
            Vec2::new(card.x * 2.0 + design::BANK_GAP * scale, card.y),
        );
        let hands_top = bank_cards.bottom() + to_hands;
        let zone_size = Vec2::new(
            card.x * (1.0 + FAN) + design::HAND_PADDING * scale,
            play.bottom() - hands_top - design::BOTTOM_MARGIN * scale,
        );
        let spacing = play.width() / 3.0;
        let hand_zones = std::array::from_fn(|hand| {
            let center_x = play.left() + spacing * (hand as f32 + 0.5);
            Rect::from_min_size(
                Pos2::new(center_x - zone_size.x / 2.0, hands_top),
                zone_size,
            )
        });
        let hands = Rect::from_min_max(
            Pos2::new(play.left(), hands_top - design::HANDS_CAPTION * scale),
            play.right_bottom(),
        );
        Self {
            bank_cards,
            hand_zones,
            hands,
            hands_caption: (bank_cards.bottom() + hands_top - badge_rise(scale)) / 2.0,
            card,
            scale,
        }
    }
}

/// One frame's painting of the felt and what lies on it.
struct Felt<'a> {
    painter: &'a egui::Painter,
    view: &'a TableFrame<'a>,
    layout: &'a Layout,
    scenario: Option<&'a BlackJackScenario>,
}

impl Felt<'_> {
    /// Paints the bank and the hands; returns the zone tapped, if any.
    fn paint(&self, ui: &egui::Ui) -> Option<RevealStep> {
        let (view, layout, scenario) = (self.view, self.layout, self.scenario);
        let scale = layout.scale;
        let outcomes = scenario
            .filter(|_| view.result_shows)
            .map(BlackJackScenario::outcomes);
        let mut clicked = None;

        // "Banque": the shown card face up from the start, the hidden one a zone.
        caption(
            self.painter,
            Pos2::new(
                layout.bank_cards.center().x,
                layout.bank_cards.top() - design::BANK_CAPTION * scale,
            ),
            &view.texts.get("blackjack-bank"),
            scale,
        );
        let shown_rect = Rect::from_min_size(layout.bank_cards.left_top(), layout.card);
        let hidden_rect = Rect::from_min_size(
            layout.bank_cards.right_top() - Vec2::new(layout.card.x, 0.0),
            layout.card,
        );
        card::paint(
            self.painter,
            shown_rect,
            scenario.map(|s| (s.bank.shown, s.bank.suits[0])),
            if scenario.is_some() { 1.0 } else { 0.0 },
            scale,
        );
        let bank = BANK_CARD;
        let hidden_response = touch_rect(
            ui,
            hidden_rect,
            "bank_card",
            || view.texts.get("blackjack-bank-hidden"),
            view.takes_taps && !view.is_shown(bank),
        );
        card::paint(
            self.painter,
            hidden_rect,
            scenario.map(|s| (s.bank.hidden, s.bank.suits[1])),
            turn(view, bank, 0),
            scale,
        );
        if hidden_response.clicked() {
            clicked = Some(bank);
        }
        if let Some(scenario) = scenario {
            let appear = after_turn(view, bank);
            if appear > 0.0 {
                let at = Pos2::new(
                    layout.bank_cards.right() + design::BANK_TOTAL * scale,
                    layout.bank_cards.center().y,
                );
                badge(
                    self.painter,
                    at,
                    &scenario.bank.total().to_string(),
                    appear,
                    false,
                    scale,
                );
            }
        }

        // "Vos jeux": three hands, each a zone.
        caption(
            self.painter,
            Pos2::new(layout.hands.center().x, layout.hands_caption),
            &view.texts.get("blackjack-your-hands"),
            scale,
        );
        for (hand, step) in (0_u8..).zip(HANDS) {
            let zone = layout.hand_zones[usize::from(hand)];
            let label = view
                .texts
                .with("blackjack-hand", &[("number", (hand + 1).to_string())]);
            let tappable = view.takes_taps && !view.is_shown(step);
            let response = touch_rect(ui, zone, ("hand", hand), || label.clone(), tappable);
            if response.clicked() {
                clicked = Some(step);
            }
            let outcome = outcomes.map(|outcomes| outcomes[usize::from(hand)]);
            self.paint_hand(hand, step, outcome, &label, response.hovered() && tappable);
        }
        clicked
    }

    fn paint_hand(
        &self,
        hand: u8,
        step: RevealStep,
        outcome: Option<HandOutcome>,
        label: &str,
        hovered: bool,
    ) {
        let (view, layout) = (self.view, self.layout);
        let scale = layout.scale;
        let zone = layout.hand_zones[usize::from(hand)];
        let dealt = self
            .scenario
            .map(|scenario| scenario.hands[usize::from(hand)]);
        let cards = Rect::from_center_size(
            Pos2::new(zone.center().x, zone.top() + layout.card.y / 2.0),
            Vec2::new(layout.card.x * (1.0 + FAN), layout.card.y),
        );
        if matches!(
            outcome,
            Some(HandOutcome::Wins(_) | HandOutcome::WinsDoubled(_))
        ) {
            card::glow(self.painter, zone.shrink(design::GLOW_INSET * scale), 1.0);
        }
        if hovered {
            card::glow(self.painter, cards, 0.5);
        }
        for card_number in 0..2_u8 {
            let rect = Rect::from_min_size(
                cards.left_top() + Vec2::new(f32::from(card_number) * layout.card.x * FAN, 0.0),
                layout.card,
            );
            let face = dealt.map(|hand| {
                (
                    hand.cards[usize::from(card_number)],
                    hand.suits[usize::from(card_number)],
                )
            });
            card::paint(
                self.painter,
                rect,
                face,
                turn(view, step, card_number),
                scale,
            );
        }
        let appear = after_turn(view, step);
        if let Some(dealt) = dealt
            && appear > 0.0
        {
            let total = dealt.total();
            let text = if total == 21 {
                view.texts.get("blackjack-twenty-one")
            } else {
                total.to_string()
            };
            // At the cards' corner, but never past the zone's edge (where a
            // winning hand's light is): a wide "21 · ×2" moves in.
            let corner = cards.right_top() + Vec2::from(design::TOTAL_CORNER) * scale;
            let half = badge_size(self.painter, &text, scale).x / 2.0;
            let inside = zone.right() - design::GLOW_INSET * scale * 2.0 - half;
            badge(
                self.painter,
                Pos2::new(corner.x.min(inside), corner.y),
                &text,
                appear,
                total == 21,
                scale,
            );
        }
        let chips_base = Pos2::new(
            zone.center().x,
            cards.bottom() + design::CHIPS_BELOW_CARDS * scale,
        );
        chips::paint_stack(self.painter, chips_base, layout.card.x * 0.8);
        let amount = dealt.filter(|_| appear > 0.0).map(|dealt| match outcome {
            Some(HandOutcome::WinsDoubled(paid)) => view.texts.with(
                "blackjack-doubled",
                &[("amount", dealt.amount.short()), ("paid", paid.short())],
            ),
            _ => dealt.amount.short(),
        });
        let plaque = chips::paint_plaque(
            self.painter,
            chips_base + Vec2::new(0.0, design::PLAQUE_BELOW_CHIPS * scale),
            zone.width() - design::PLAQUE_INSET * scale,
            amount.as_deref(),
            (appear, outcome == Some(HandOutcome::Loses)),
            scale,
        );
        caption(
            self.painter,
            Pos2::new(
                zone.center().x,
                plaque.bottom() + design::NAME_BELOW_PLAQUE * scale,
            ),
            label,
            scale,
        );
    }
}

/// The felt: a radial light over the green, and a gold rim.
fn paint_felt(painter: &egui::Painter, area: Rect) {
    painter.rect_filled(area, 0.0, look::FELT);
    let mut light = Mesh::default();
    let center = Pos2::new(area.center().x, area.top() + area.height() * 0.42);
    light.colored_vertex(center, look::FELT_LIGHT);
    let rim = 48_u32;
    let radius = Vec2::new(area.width() * 0.62, area.height() * 0.62);
    for step in 0..=rim {
        let angle = step as f32 / rim as f32 * std::f32::consts::TAU;
        light.colored_vertex(
            center + Vec2::new(angle.cos() * radius.x, angle.sin() * radius.y),
            look::FELT,
        );
        if step > 0 {
            light.add_triangle(0, step, step + 1);
        }
    }
    painter.add(light);
    painter.rect_stroke(
        area.shrink(design::RIM.0),
        size::RADIUS_LARGE,
        egui::Stroke::new(design::RIM.1, palette::GOLD.gamma_multiply(0.7)),
        egui::StrokeKind::Inside,
    );
}
