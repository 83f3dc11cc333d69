//! The network stopped answering in the middle of play: the kiosk says so,
//! tries again by itself after a wait that doubles each time (1 s, 2 s, 4 s…
//! up to 30 s), and once the network answers takes the player's unit up
//! where it stopped. Nothing was lost: the network holds the money and the
//! unit.

use egui::RichText;
use guichet_core::money::Cents;

use crate::command::{Command, ScreenCommand};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::primary_button;

/// The first wait before trying again, in seconds.
const FIRST_WAIT: f64 = 1.0;

/// The longest wait between two tries, in seconds.
const LONGEST_WAIT: f64 = 30.0;

/// The network out of reach, and when the kiosk tries again.
pub struct ReconnectingPage {
    /// Tries made since the network stopped answering.
    tries: u32,
    /// When (in the window's time) the next try is made.
    next_try: f64,
}

impl ReconnectingPage {
    /// The page once the network stopped answering at `now`: a first try
    /// one second later.
    #[must_use]
    pub const fn new(now: f64) -> Self {
        Self {
            tries: 0,
            next_try: now + FIRST_WAIT,
        }
    }

    /// The page after one more try failed at `now`: the wait doubled.
    #[must_use]
    pub fn failed_again(&self, now: f64) -> Self {
        let tries = self.tries + 1;
        let wait =
            (FIRST_WAIT * 2_f64.powi(i32::try_from(tries).unwrap_or(i32::MAX))).min(LONGEST_WAIT);
        Self {
            tries,
            next_try: now + wait,
        }
    }

    /// Tries made since the network stopped answering.
    #[must_use]
    pub const fn tries(&self) -> u32 {
        self.tries
    }
}

impl View for ReconnectingPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Absent
    }

    fn times_out(&self) -> bool {
        // It stays until the network answers.
        false
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        let now = ui.input(|input| input.time);
        let left = self.next_try - now;
        if left <= 0.0 {
            commands.push(Command::Screen(ScreenCommand::TryNetworkAgain));
        } else {
            // The countdown moves once a second, no more.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(left.fract().max(0.05)));
        }
        theme::page_frame().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(size::TOUCH);
                ui.label(
                    RichText::new(texts.get("reconnecting-title"))
                        .text_style(style::title())
                        .color(palette::PROBLEM),
                );
                ui.add_space(size::GAP);
                ui.label(RichText::new(texts.get("reconnecting-kept")).text_style(style::amount()));
                ui.label(
                    RichText::new(texts.get("reconnecting-explanation")).color(palette::INK_SOFT),
                );
                ui.add_space(size::GAP);
                let seconds = left.max(0.0).ceil();
                ui.label(texts.with(
                    "reconnecting-next",
                    &[
                        ("seconds", format!("{seconds:.0}")),
                        ("tries", self.tries.to_string()),
                    ],
                ));
                ui.add_space(size::GAP * 2.0);
                if primary_button(ui, &texts.get("reconnecting-now")).clicked() {
                    commands.push(Command::Screen(ScreenCommand::TryNetworkAgain));
                }
            });
        });
    }
}
