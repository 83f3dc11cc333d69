//! A player signing in at the kiosk: their card's number (typed on the
//! keypad, or read by a barcode or QR scanner acting as a keyboard), then
//! their PIN of 4 to 8 digits. The engine checks it and counts every guess:
//! five wrong in a row lock the card for 15 minutes, which the page then
//! says, until when. A kiosk of its own file offers "Nouveau joueur" too.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::{PLAYER_PIN_MAX, PLAYER_PIN_MIN, SignInRefusal};

use crate::command::{Command, Navigation, PlayerCommand};
use crate::ui::keypad::{Key, keypad, typed_keys};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{local_moment, quiet_button};

/// The longest card number taken.
const CARD_MAX: usize = 32;

/// What the page asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInStep {
    /// The card's number.
    Card,
    /// The PIN, the card's number given.
    Pin,
}

/// What the page says under what is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInMessage {
    /// The network refused the sign-in.
    Refused(SignInRefusal),
    /// The player's session ended (signed out elsewhere, unused too long).
    SessionEnded,
}

/// The sign-in page.
pub struct SignInPage {
    step: SignInStep,
    card: String,
    pin: String,
    message: Option<SignInMessage>,
    /// Whether "Nouveau joueur" is offered (a kiosk of its own file).
    sign_up: bool,
}

impl SignInPage {
    /// The page, at the card's number; `sign_up` offers "Nouveau joueur"
    /// too.
    #[must_use]
    pub const fn new(sign_up: bool) -> Self {
        Self {
            step: SignInStep::Card,
            card: String::new(),
            pin: String::new(),
            message: None,
            sign_up,
        }
    }

    /// Shows `message`: the PIN is typed again (the card's number kept,
    /// unless the network knows no such card).
    pub fn tell(&mut self, message: SignInMessage) {
        self.message = Some(message);
        self.pin.clear();
        if message == SignInMessage::Refused(SignInRefusal::UnknownCard) {
            self.card.clear();
            self.step = SignInStep::Card;
        }
    }

    /// What the page asks for.
    #[must_use]
    pub const fn step(&self) -> SignInStep {
        self.step
    }

    fn press(&mut self, key: Key, commands: &mut Vec<Command>) {
        match (self.step, key) {
            (SignInStep::Card, Key::Char(c)) if self.card.len() < CARD_MAX => self.card.push(c),
            (SignInStep::Pin, Key::Char(c))
                if c.is_ascii_digit() && self.pin.len() < PLAYER_PIN_MAX =>
            {
                self.pin.push(c);
            }
            (SignInStep::Card, Key::Erase) => {
                self.card.pop();
            }
            (SignInStep::Pin, Key::Erase) => {
                self.pin.pop();
            }
            (SignInStep::Card, Key::Confirm) if !self.card.is_empty() => {
                self.step = SignInStep::Pin;
                self.message = None;
            }
            (SignInStep::Pin, Key::Confirm) if self.pin.len() >= PLAYER_PIN_MIN => {
                commands.push(Command::Player(PlayerCommand::SignIn {
                    card: self.card.clone(),
                    pin: std::mem::take(&mut self.pin),
                }));
            }
            _ => {}
        }
    }

    /// The line under what is typed: how to go on, or what went wrong.
    fn message(&self, context: &PageContext<'_>) -> (String, bool) {
        let texts = context.texts;
        match self.message {
            None if self.step == SignInStep::Card => (texts.get("sign-in-card-hint"), false),
            None => (
                texts.with(
                    "sign-in-pin-hint",
                    &[
                        ("min", PLAYER_PIN_MIN.to_string()),
                        ("max", PLAYER_PIN_MAX.to_string()),
                    ],
                ),
                false,
            ),
            Some(SignInMessage::Refused(SignInRefusal::WrongPin { tries_left })) => (
                texts.with("sign-in-wrong", &[("left", tries_left.to_string())]),
                true,
            ),
            Some(SignInMessage::Refused(SignInRefusal::Locked { until })) => (
                texts.with(
                    "sign-in-locked",
                    &[("date", local_moment(until, context.time_zone))],
                ),
                true,
            ),
            Some(SignInMessage::Refused(SignInRefusal::UnknownCard)) => {
                (texts.get("sign-in-unknown"), true)
            }
            Some(SignInMessage::SessionEnded) => (texts.get("sign-in-session-ended"), true),
        }
    }
}

impl View for SignInPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        let mut pressed = typed_keys(ui, self.step == SignInStep::Card);
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                let (title, shown) = match self.step {
                    SignInStep::Card => (texts.get("sign-in-card"), self.card.clone()),
                    SignInStep::Pin => (
                        texts.with("sign-in-pin", &[("card", self.card.clone())]),
                        "•".repeat(self.pin.len()),
                    ),
                };
                ui.label(RichText::new(title).text_style(egui::TextStyle::Heading));
                let shown = if shown.is_empty() {
                    "–".to_owned()
                } else {
                    shown
                };
                ui.label(RichText::new(shown).text_style(style::title()));
                let (message, is_problem) = self.message(context);
                let color = if is_problem {
                    palette::PROBLEM
                } else {
                    palette::INK_SOFT
                };
                ui.label(RichText::new(message).color(color));
                let confirm = match self.step {
                    SignInStep::Card => texts.get("sign-in-next"),
                    SignInStep::Pin => texts.get("sign-in-confirm"),
                };
                pressed.extend(keypad(ui, texts, &confirm));
                // The way back to the lobby is the bar's.
                if self.step == SignInStep::Card && self.sign_up {
                    ui.add_space(size::GAP);
                    if quiet_button(ui, &texts.get("new-player")).clicked() {
                        commands.push(Command::Go(Navigation::NewPlayer));
                    }
                }
                if self.step == SignInStep::Pin {
                    ui.add_space(size::GAP);
                    if quiet_button(ui, &texts.get("sign-in-other-card")).clicked() {
                        self.step = SignInStep::Card;
                        self.pin.clear();
                        self.message = None;
                    }
                }
            });
        });
        for key in pressed {
            self.press(key, commands);
        }
    }
}
