//! A game's page: its table, with the unit on it.

use guichet_core::emission::Emission;
use guichet_store::Unit;

use super::{Kiosk, View};
use crate::app::Command;
use crate::ui::games::{GameScreen, Table};

/// The table of one emission and the unit on it, if any.
pub struct GamePage {
    emission: &'static Emission,
    unit: Option<Unit>,
    screen: Box<dyn GameScreen>,
}

impl GamePage {
    /// The table of `emission`, nothing bought yet, drawn by `screen`.
    #[must_use]
    pub fn new(emission: &'static Emission, screen: Box<dyn GameScreen>) -> Self {
        Self {
            emission,
            unit: None,
            screen,
        }
    }

    /// The emission on sale here.
    #[must_use]
    pub const fn emission(&self) -> &'static Emission {
        self.emission
    }

    /// The unit on the table, if any.
    #[must_use]
    pub const fn unit(&self) -> Option<&Unit> {
        self.unit.as_ref()
    }

    /// A unit just bought: play it.
    pub fn play(&mut self, unit: Unit, auto: bool) {
        self.screen.play(&unit, auto);
        self.unit = Some(unit);
    }

    /// An unfinished unit: take it up where it was left.
    pub fn resume(&mut self, unit: Unit) {
        self.screen.resume(&unit);
        self.unit = Some(unit);
    }

    /// A settled unit: show it, read-only.
    pub fn replay(&mut self, unit: Unit) {
        self.screen.replay(&unit);
        self.unit = Some(unit);
    }

    /// The store changed the unit on the table.
    pub fn update_unit(&mut self, unit: Unit) {
        if self
            .unit
            .as_ref()
            .is_some_and(|current| current.id == unit.id)
        {
            self.unit = Some(unit);
        }
    }
}

impl View for GamePage {
    fn ui(&mut self, ui: &mut egui::Ui, kiosk: &Kiosk<'_>, commands: &mut Vec<Command>) {
        let table = Table {
            emission: self.emission,
            unit: self.unit.as_ref(),
            balance: kiosk.balance,
            texts: kiosk.texts,
        };
        self.screen.ui(ui, &table, commands);
    }
}
