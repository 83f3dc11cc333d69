//! A game's page: its table, with the unit on it.

use guichet_core::emission::Emission;
use guichet_store::Unit;

use super::{Kiosk, View};
use crate::command::Command;
use crate::ui::games::{GameScreen, Opening, Table};

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

    /// Puts `unit` on the table: just bought, taken up or replayed.
    pub fn open(&mut self, unit: Unit, opening: Opening) {
        self.screen.open(&unit, opening);
        self.unit = Some(unit);
    }

    /// "Auto" on the unit on the table.
    pub fn start_auto(&mut self) {
        self.screen.start_auto();
    }

    /// The store refused a step: "Auto" stops, the unit shows as it is.
    pub fn stop_auto(&mut self) {
        self.screen.stop_auto();
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
            balance: kiosk.balance.unwrap_or_default(),
            texts: kiosk.texts,
        };
        self.screen.ui(ui, &table, commands);
    }
}
