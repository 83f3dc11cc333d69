//! The Black Jack table: green felt under a soft light, the "Banque" pair at the
//! top, "Vos jeux" — three pairs of cards over stacks of chips, "Gain 1/2/3" —
//! below, and the controls at the bottom.
//!
//! The screen draws the stored unit and nothing else: a zone turns over only once
//! the store has journaled its reveal, the totals and the winning hands are the
//! core's (`BlackJackScenario::outcomes`), and the lot shown is the unit's prize.

mod card;
mod chips;
mod suit;

use egui::{Align2, Color32, Mesh, Pos2, Rect, RichText, Vec2, emath::easing};
use guichet_core::reveal::RevealStep;
use guichet_core::scenario::Scenario;
use guichet_core::scenario::blackjack::{BlackJackScenario, HandOutcome};
use guichet_store::{Unit, UnitState};

use super::controls::{play_bar, unit_in_progress};
use super::outcome::Outcome;
use super::{GameScreen, Pace, Table, celebration};
use crate::app::Command;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, motion, palette, size, style};
use crate::ui::widgets::touch_rect;

/// The zone of the bank's hidden card (règlement 4.2); 0, 1, 2 are the hands.
const BANK_ZONE: u8 = 3;
/// The height of the controls bar.
const CONTROLS: f32 = 104.0;
/// How far a hand's second card lies to the right of its first, in card widths.
const FAN: f32 = 0.72;
/// The gap between the bank's two cards.
const BANK_GAP: f32 = 16.0;
/// How long after the first card of a hand its second one turns.
const SECOND_CARD_DELAY: f32 = 0.08;

/// The Black Jack table.
#[derive(Debug, Default)]
pub struct BlackJackScreen {
    pace: Pace,
    read_only: bool,
    /// The unit the animations below belong to.
    unit: Option<i64>,
    /// When each zone began to turn over on screen (`-∞`: shown turned already).
    turned_at: [Option<f64>; 4],
    /// When the result began to be celebrated.
    settled_at: Option<f64>,
}

impl BlackJackScreen {
    /// Starts showing `unit`, its revealed zones `animated` or already turned.
    fn show(&mut self, unit: &Unit, read_only: bool, auto: bool) {
        self.pace.start(auto);
        self.read_only = read_only;
        self.unit = Some(unit.id);
        self.turned_at = std::array::from_fn(|zone| {
            unit.progress
                .is_revealed(zone as u8)
                .then_some(f64::NEG_INFINITY)
        });
        self.settled_at = (unit.state == UnitState::Settled).then_some(f64::NEG_INFINITY);
    }

    /// Starts the animation of what the store revealed since the last frame.
    fn follow(&mut self, unit: &Unit, now: f64) {
        if self.unit != Some(unit.id) {
            self.show(unit, false, false);
        }
        for zone in 0..4_u8 {
            let turned = &mut self.turned_at[usize::from(zone)];
            if turned.is_none() && unit.progress.is_revealed(zone) {
                *turned = Some(now);
            }
        }
        if self.settled_at.is_none() && unit.state == UnitState::Settled {
            self.settled_at = Some(now);
        }
    }

    /// How far zone `zone` has turned (0 to 1), its card `card` starting a
    /// little later than the first.
    fn turn(&self, zone: u8, card: u8, now: f64) -> f32 {
        self.turned_at[usize::from(zone)].map_or(0.0, |start| {
            let delay = f32::from(card) * SECOND_CARD_DELAY;
            let elapsed = (now - start) as f32 - delay;
            easing::cubic_in_out((elapsed / motion::CARD_FLIP).clamp(0.0, 1.0))
        })
    }

    /// How far what follows a zone's turn (its total, its amount) has appeared.
    fn after_turn(&self, zone: u8, now: f64) -> f32 {
        self.turned_at[usize::from(zone)].map_or(0.0, |start| {
            let elapsed = (now - start) as f32 - motion::CARD_FLIP - SECOND_CARD_DELAY;
            easing::cubic_out((elapsed / motion::REVEAL).clamp(0.0, 1.0))
        })
    }

    /// When every animation of the table ends (for "Auto" and the settlement).
    fn still_from(&self) -> f64 {
        self.turned_at
            .iter()
            .flatten()
            .map(|start| start + f64::from(motion::CARD_FLIP + SECOND_CARD_DELAY + motion::REVEAL))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

impl GameScreen for BlackJackScreen {
    fn play(&mut self, unit: &Unit, auto: bool) {
        self.show(unit, false, auto);
    }

    fn resume(&mut self, unit: &Unit) {
        self.show(unit, false, false);
    }

    fn replay(&mut self, unit: &Unit) {
        self.show(unit, true, false);
    }

    fn ui(&mut self, ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>) {
        let now = ui.input(|input| input.time);
        let area = ui.available_rect_before_wrap();
        let painter = ui.painter_at(area);
        paint_felt(&painter, area);

        let playing = table.unit.and_then(|unit| match &unit.scenario {
            Scenario::BlackJack(scenario) => Some((unit, scenario)),
            _ => None,
        });
        if let Some((unit, _)) = playing {
            self.follow(unit, now);
        }
        let layout = Layout::new(area);
        let felt = Felt {
            screen: self,
            painter: &painter,
            texts: table.texts,
            now,
        };
        let clicked = felt.paint(ui, &layout, playing);
        if let (Some((unit, _)), Some(zone)) = (playing, clicked)
            && !self.read_only
            && !self.pace.is_auto()
            && unit.state != UnitState::Settled
        {
            commands.push(Command::Reveal {
                unit: unit.id,
                step: RevealStep::Zone { zone },
            });
        }

        let still_since = self.still_from();
        let mut animating = now < still_since;
        if let Some((unit, _)) = playing {
            let still = (now >= still_since).then_some(still_since.max(0.0));
            if let Some(wait) = self.pace.drive(unit, now, still, commands) {
                ui.ctx().request_repaint_after_secs(wait as f32);
            }
            if let Some(settled_at) = self.settled_at
                && let Outcome::Won(_, size) = Outcome::of(unit.prize, unit.emission.stake)
                && settled_at.is_finite()
            {
                animating |=
                    celebration::paint(&painter, layout.hands, size, (now - settled_at) as f32);
            }
        }

        self.controls(
            ui,
            &layout,
            table,
            playing.map(|(unit, _)| unit),
            now,
            commands,
        );
        if animating {
            ui.ctx().request_repaint();
        }
        ui.allocate_rect(area, egui::Sense::hover());
    }
}

impl BlackJackScreen {
    /// The bottom bar: what to do, or the result; "Jouer 2 €" and "Auto".
    fn controls(
        &mut self,
        ui: &mut egui::Ui,
        layout: &Layout,
        table: &Table<'_>,
        unit: Option<&Unit>,
        now: f64,
        commands: &mut Vec<Command>,
    ) {
        let texts = table.texts;
        let bar = layout.controls;
        ui.painter()
            .rect_filled(bar, 0.0, Color32::from_black_alpha(70));
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(bar.shrink2(Vec2::new(size::MARGIN, 16.0)))
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        match unit {
            Some(unit) if unit.state == UnitState::Settled => {
                let outcome = Outcome::of(unit.prize, unit.emission.stake);
                let appear = self.settled_at.map_or(1.0, |at| {
                    easing::cubic_out(((now - at) as f32 / motion::REVEAL).clamp(0.0, 1.0))
                });
                let color = match outcome {
                    Outcome::Won(..) => palette::ACTION,
                    _ => palette::ON_DARK,
                };
                child.label(
                    RichText::new(outcome.headline(texts))
                        .text_style(style::title())
                        .color(color.gamma_multiply(appear)),
                );
            }
            Some(_) if self.pace.is_auto() => {
                child.label(RichText::new(texts.get("blackjack-auto")).color(palette::ON_DARK));
            }
            Some(_) if !self.read_only => {
                child.label(RichText::new(texts.get("blackjack-tap")).color(palette::ON_DARK));
            }
            _ => {
                child.label(
                    RichText::new(texts.with(
                        "blackjack-invite",
                        &[("price", table.emission.stake.short())],
                    ))
                    .color(palette::ON_DARK),
                );
            }
        }
        child.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if play_bar(ui, table, commands) && unit_in_progress(table) {
                self.pace.start(true);
                self.read_only = false;
            }
        });
    }
}

/// Where everything goes on a table of a given size.
struct Layout {
    /// The bank's two cards.
    bank_cards: Rect,
    /// Each hand's zone: cards, chips and plaque.
    hand_zones: [Rect; 3],
    /// The area of the three hands together.
    hands: Rect,
    /// A card's size.
    card: Vec2,
    /// The controls bar.
    controls: Rect,
}

impl Layout {
    fn new(area: Rect) -> Self {
        let controls = Rect::from_min_max(
            Pos2::new(area.left(), area.bottom() - CONTROLS),
            area.right_bottom(),
        );
        let play = Rect::from_min_max(area.left_top(), Pos2::new(area.right(), controls.top()));
        let card_height = ((play.height() - 300.0) / 2.0).clamp(96.0, 230.0);
        let card = Vec2::new(card_height * card::ASPECT, card_height);
        let bank_top = play.top() + 64.0;
        let bank_cards = Rect::from_center_size(
            Pos2::new(play.center().x, bank_top + card.y / 2.0),
            Vec2::new(card.x * 2.0 + BANK_GAP, card.y),
        );
        let hands_top = bank_cards.bottom() + 72.0;
        let zone_size = Vec2::new(
            card.x * (1.0 + FAN) + 48.0,
            play.bottom() - hands_top - 12.0,
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
            Pos2::new(play.left(), hands_top - 40.0),
            Pos2::new(play.right(), controls.top()),
        );
        Self {
            bank_cards,
            hand_zones,
            hands,
            card,
            controls,
        }
    }
}

/// One frame's painting of the felt and what lies on it.
struct Felt<'a> {
    screen: &'a BlackJackScreen,
    painter: &'a egui::Painter,
    texts: &'a Texts,
    now: f64,
}

impl Felt<'_> {
    /// Paints the bank and the hands; returns the zone tapped, if any.
    fn paint(
        &self,
        ui: &egui::Ui,
        layout: &Layout,
        playing: Option<(&Unit, &BlackJackScenario)>,
    ) -> Option<u8> {
        let scenario = playing.map(|(_, scenario)| scenario);
        let finished = playing.is_some_and(|(unit, _)| unit.state == UnitState::Settled);
        let outcomes = scenario
            .filter(|_| finished)
            .map(BlackJackScenario::outcomes);
        let interactive = playing.is_some_and(|(unit, _)| unit.state != UnitState::Settled)
            && !self.screen.read_only;
        let mut clicked = None;

        // "Banque": the shown card face up from the start, the hidden one a zone.
        let caption = self.texts.get("blackjack-bank");
        self.label(
            Pos2::new(layout.bank_cards.center().x, layout.bank_cards.top() - 26.0),
            &caption,
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
        );
        let hidden_response = touch_rect(
            ui,
            hidden_rect,
            BANK_ZONE,
            &self.texts.get("blackjack-bank-hidden"),
            interactive && !self.revealed(BANK_ZONE),
        );
        card::paint(
            self.painter,
            hidden_rect,
            scenario.map(|s| (s.bank.hidden, s.bank.suits[1])),
            self.screen.turn(BANK_ZONE, 0, self.now),
        );
        if hidden_response.clicked() {
            clicked = Some(BANK_ZONE);
        }
        if let Some(scenario) = scenario {
            let appear = self.screen.after_turn(BANK_ZONE, self.now);
            if appear > 0.0 {
                let at = Pos2::new(
                    layout.bank_cards.right() + 56.0,
                    layout.bank_cards.center().y,
                );
                self.badge(at, &scenario.bank.total().to_string(), appear, false);
            }
        }

        // "Vos jeux": three hands, each a zone.
        let caption = self.texts.get("blackjack-your-hands");
        self.label(
            Pos2::new(layout.hands.center().x, layout.hands.top() + 10.0),
            &caption,
        );
        for hand in 0..3_u8 {
            let zone = layout.hand_zones[usize::from(hand)];
            let label = self
                .texts
                .with("blackjack-hand", &[("number", (hand + 1).to_string())]);
            let tappable = interactive && !self.revealed(hand);
            let response = touch_rect(ui, zone, hand, &label, tappable);
            if response.clicked() {
                clicked = Some(hand);
            }
            let outcome = outcomes.map(|outcomes| outcomes[usize::from(hand)]);
            self.paint_hand(
                layout,
                hand,
                scenario,
                outcome,
                &label,
                response.hovered() && tappable,
            );
        }
        clicked
    }

    fn revealed(&self, zone: u8) -> bool {
        self.screen.turned_at[usize::from(zone)].is_some()
    }

    fn paint_hand(
        &self,
        layout: &Layout,
        hand: u8,
        scenario: Option<&BlackJackScenario>,
        outcome: Option<HandOutcome>,
        label: &str,
        hovered: bool,
    ) {
        let zone = layout.hand_zones[usize::from(hand)];
        let dealt = scenario.map(|scenario| scenario.hands[usize::from(hand)]);
        let cards = Rect::from_center_size(
            Pos2::new(zone.center().x, zone.top() + layout.card.y / 2.0),
            Vec2::new(layout.card.x * (1.0 + FAN), layout.card.y),
        );
        if matches!(
            outcome,
            Some(HandOutcome::Wins(_) | HandOutcome::WinsDoubled(_))
        ) {
            card::glow(self.painter, zone.shrink(6.0), 1.0);
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
                self.screen.turn(hand, card_number, self.now),
            );
        }
        let appear = self.screen.after_turn(hand, self.now);
        if let Some(dealt) = dealt
            && appear > 0.0
        {
            let total = dealt.total();
            let text = if total == 21 {
                self.texts.get("blackjack-twenty-one")
            } else {
                total.to_string()
            };
            self.badge(
                cards.right_top() + Vec2::new(-6.0, 4.0),
                &text,
                appear,
                total == 21,
            );
        }
        let chips_base = Pos2::new(zone.center().x, cards.bottom() + 74.0);
        chips::paint_stack(self.painter, chips_base, layout.card.x * 0.8);
        let amount = dealt.filter(|_| appear > 0.0).map(|dealt| match outcome {
            Some(HandOutcome::WinsDoubled(paid)) => self.texts.with(
                "blackjack-doubled",
                &[("amount", dealt.amount.short()), ("paid", paid.short())],
            ),
            _ => dealt.amount.short(),
        });
        let plaque = chips::paint_plaque(
            self.painter,
            chips_base + Vec2::new(0.0, 30.0),
            zone.width() - 24.0,
            amount.as_deref(),
            appear,
        );
        self.label(Pos2::new(zone.center().x, plaque.bottom() + 20.0), label);
    }

    fn label(&self, center: Pos2, text: &str) {
        self.painter.text(
            center,
            Align2::CENTER_CENTER,
            text,
            theme::font(size::BODY, true),
            palette::ON_DARK,
        );
    }

    /// A round badge centered on `center`, with a hand's or the bank's number.
    fn badge(&self, center: Pos2, text: &str, appear: f32, golden: bool) {
        let galley = self.painter.layout_no_wrap(
            text.to_owned(),
            theme::font(size::AMOUNT, true),
            palette::INK,
        );
        let size = Vec2::new((galley.size().x + 24.0).max(52.0), 52.0) * (0.6 + 0.4 * appear);
        let rect = Rect::from_center_size(center, size);
        let fill = if golden {
            palette::ACTION
        } else {
            palette::CARD_FACE
        };
        self.painter
            .rect_filled(rect, 26.0, fill.gamma_multiply(appear));
        self.painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            text,
            theme::font(size::AMOUNT, true),
            palette::INK.gamma_multiply(appear),
        );
    }
}

/// The felt: a radial light over the green, and a gold rim.
fn paint_felt(painter: &egui::Painter, area: Rect) {
    painter.rect_filled(area, 0.0, palette::FELT);
    let mut light = Mesh::default();
    let center = Pos2::new(area.center().x, area.top() + area.height() * 0.42);
    light.colored_vertex(center, palette::FELT_LIGHT);
    let rim = 48_u32;
    let radius = Vec2::new(area.width() * 0.62, area.height() * 0.62);
    for step in 0..=rim {
        let angle = step as f32 / rim as f32 * std::f32::consts::TAU;
        light.colored_vertex(
            center + Vec2::new(angle.cos() * radius.x, angle.sin() * radius.y),
            palette::FELT,
        );
        if step > 0 {
            light.add_triangle(0, step, step + 1);
        }
    }
    painter.add(light);
    painter.rect_stroke(
        area.shrink(12.0),
        size::RADIUS_LARGE,
        egui::Stroke::new(3.0, palette::GOLD.gamma_multiply(0.7)),
        egui::StrokeKind::Inside,
    );
}
