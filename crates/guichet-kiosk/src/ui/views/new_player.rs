//! "Nouveau joueur", at a kiosk of its own file: the age question first (a
//! "no" ends it, nothing recorded), then a PIN of 4 to 8 digits chosen and
//! typed again; the kiosk then gives the player their card's number, to
//! note, and signs them in — next come the 7-day limits, which the law asks
//! for before the first deposit.

use egui::RichText;
use guichet_core::money::Cents;
use guichet_sale::{PLAYER_PIN_MAX, PLAYER_PIN_MIN};

use crate::command::{Command, Navigation, PlayerCommand};
use crate::ui::keypad::{Key, keypad, typed_keys};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{primary_button, quiet_button};

/// Where the sign-up is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewPlayerStep {
    /// "18 or over?"
    Age,
    /// They said no: play is for adults.
    Minor,
    /// The PIN, the first time.
    Pin,
    /// The PIN again.
    Again,
    /// Signed up: their card's number.
    Welcome(String),
}

/// The sign-up page.
pub struct NewPlayerPage {
    step: NewPlayerStep,
    pin: String,
    again: String,
    mismatch: bool,
}

impl NewPlayerPage {
    /// The page, at the age question.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            step: NewPlayerStep::Age,
            pin: String::new(),
            again: String::new(),
            mismatch: false,
        }
    }

    /// The page once card `card` is the new player's.
    #[must_use]
    pub const fn welcome(card: String) -> Self {
        Self {
            step: NewPlayerStep::Welcome(card),
            pin: String::new(),
            again: String::new(),
            mismatch: false,
        }
    }

    /// Where the sign-up is.
    #[must_use]
    pub const fn step(&self) -> &NewPlayerStep {
        &self.step
    }

    fn press(&mut self, key: Key, commands: &mut Vec<Command>) {
        let typed = match self.step {
            NewPlayerStep::Pin => &mut self.pin,
            NewPlayerStep::Again => &mut self.again,
            _ => return,
        };
        match key {
            Key::Char(c) if c.is_ascii_digit() && typed.len() < PLAYER_PIN_MAX => typed.push(c),
            Key::Erase => {
                typed.pop();
            }
            Key::Confirm if typed.len() >= PLAYER_PIN_MIN => {
                if self.step == NewPlayerStep::Pin {
                    self.step = NewPlayerStep::Again;
                    self.mismatch = false;
                } else if self.again == self.pin {
                    self.again.clear();
                    commands.push(Command::Player(PlayerCommand::SignUp {
                        pin: std::mem::take(&mut self.pin),
                    }));
                } else {
                    self.pin.clear();
                    self.again.clear();
                    self.mismatch = true;
                    self.step = NewPlayerStep::Pin;
                }
            }
            _ => {}
        }
    }

    /// The keypad's step: its title, what is typed (hidden), the line under.
    fn pin_step(&self, context: &PageContext<'_>) -> (String, String, String, bool) {
        let texts = context.texts;
        let (title, typed) = if self.step == NewPlayerStep::Pin {
            (texts.get("new-player-pin"), &self.pin)
        } else {
            (texts.get("new-player-again"), &self.again)
        };
        let shown = if typed.is_empty() {
            "–".to_owned()
        } else {
            "•".repeat(typed.len())
        };
        let (line, is_problem) = if self.mismatch {
            (texts.get("new-player-mismatch"), true)
        } else {
            (
                texts.with(
                    "sign-in-pin-hint",
                    &[
                        ("min", PLAYER_PIN_MIN.to_string()),
                        ("max", PLAYER_PIN_MAX.to_string()),
                    ],
                ),
                false,
            )
        };
        (title, shown, line, is_problem)
    }
}

impl Default for NewPlayerPage {
    fn default() -> Self {
        Self::new()
    }
}

/// A centred line that wraps.
fn line(ui: &mut egui::Ui, text: RichText) {
    ui.add(egui::Label::new(text).wrap());
}

impl View for NewPlayerPage {
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
        let typing = matches!(self.step, NewPlayerStep::Pin | NewPlayerStep::Again);
        let mut pressed = if typing {
            typed_keys(ui, false)
        } else {
            Vec::new()
        };
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| match &self.step {
                NewPlayerStep::Age => {
                    ui.add_space(size::TOUCH);
                    line(
                        ui,
                        RichText::new(texts.get("new-player-title")).text_style(style::title()),
                    );
                    ui.add_space(size::GAP);
                    line(
                        ui,
                        RichText::new(texts.get("age-explanation")).color(palette::INK_SOFT),
                    );
                    ui.add_space(size::GAP * 2.0);
                    if primary_button(ui, &texts.get("age-yes")).clicked() {
                        self.step = NewPlayerStep::Pin;
                    }
                    ui.add_space(size::GAP);
                    if quiet_button(ui, &texts.get("age-no")).clicked() {
                        self.step = NewPlayerStep::Minor;
                    }
                }
                NewPlayerStep::Minor => {
                    ui.add_space(size::TOUCH);
                    line(
                        ui,
                        RichText::new(texts.get("legal-minors")).text_style(style::title()),
                    );
                    ui.add_space(size::GAP);
                    line(
                        ui,
                        RichText::new(texts.get("new-player-minor")).color(palette::INK_SOFT),
                    );
                    ui.add_space(size::GAP * 2.0);
                    if primary_button(ui, &texts.get("new-player-back")).clicked() {
                        commands.push(Command::Go(Navigation::Lobby));
                    }
                }
                NewPlayerStep::Pin | NewPlayerStep::Again => {
                    let (title, shown, under, is_problem) = self.pin_step(context);
                    ui.label(RichText::new(title).text_style(egui::TextStyle::Heading));
                    ui.label(RichText::new(shown).text_style(style::title()));
                    let color = if is_problem {
                        palette::PROBLEM
                    } else {
                        palette::INK_SOFT
                    };
                    ui.label(RichText::new(under).color(color));
                    let confirm = if self.step == NewPlayerStep::Pin {
                        texts.get("sign-in-next")
                    } else {
                        texts.get("sign-in-confirm")
                    };
                    pressed.extend(keypad(ui, texts, &confirm));
                }
                NewPlayerStep::Welcome(card) => {
                    ui.add_space(size::TOUCH);
                    line(
                        ui,
                        RichText::new(texts.get("new-player-your-card"))
                            .text_style(egui::TextStyle::Heading),
                    );
                    line(
                        ui,
                        RichText::new(card)
                            .text_style(style::title())
                            .color(palette::GOLD),
                    );
                    ui.add_space(size::GAP);
                    line(
                        ui,
                        RichText::new(texts.get("new-player-note-it")).color(palette::INK_SOFT),
                    );
                    ui.add_space(size::GAP * 2.0);
                    if primary_button(ui, &texts.get("new-player-limits")).clicked() {
                        commands.push(Command::Go(Navigation::Limits));
                    }
                }
            });
        });
        for key in pressed {
            self.press(key, commands);
        }
    }
}
