//! A game's page: its table, with the unit on it.

use std::time::Duration;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use egui::RichText;

use crate::command::{Command, Navigation, OperatorCommand, OperatorTab};
use crate::sound::Cue;
use crate::ui::games::Opening;
use crate::ui::games::table::{Table, TableContext};
use crate::ui::theme::{palette, size};
use crate::ui::view::{LegalWarning, PageContext, View};

use crate::ui::widgets::{local_time, quiet_button};

/// The table of one emission and the unit on it, if any.
pub struct GamePage {
    emission: &'static Emission,
    unit: Option<Unit>,
    table: Table,
    /// Whether the unit is replayed from the operator's recall.
    recall: bool,
    /// Whether the unit is replayed (from the history or the recall): not
    /// for sale, marked "Rappel".
    replayed: bool,
}

impl GamePage {
    /// The table of `emission`, nothing bought yet, drawn by `table`.
    #[must_use]
    pub fn new(emission: &'static Emission, table: Table) -> Self {
        Self {
            emission,
            unit: None,
            table,
            recall: false,
            replayed: false,
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
        self.table.open(&unit, opening);
        self.replayed = opening == Opening::Replay;
        self.unit = Some(unit);
    }

    /// Labels the table as the operator's recall of its unit.
    pub const fn mark_recall(&mut self) {
        self.recall = true;
    }

    /// Whether the table shows the operator's recall of its unit.
    #[must_use]
    pub const fn is_recall(&self) -> bool {
        self.recall
    }

    /// "Auto" on the unit on the table.
    pub fn start_auto(&mut self) {
        self.table.start_auto();
    }

    /// The store refused a step: "Auto" stops, the unit shows as it is.
    pub fn stop_auto(&mut self) {
        self.table.stop_auto();
    }

    /// The sounds of `step` of `unit`, just journaled, as the table plays it.
    #[must_use]
    pub fn reveal_cues(&self, unit: &Unit, step: RevealStep) -> Vec<(Cue, Duration)> {
        self.table.reveal_cues(unit, step)
    }

    /// Draws the table alone, not for sale (no play button), as a recording
    /// of its unit shows it (`crate::replay`): nothing it asks for is done.
    pub fn draw_recorded(&mut self, ui: &mut egui::Ui, texts: &crate::ui::i18n::Texts) {
        let context = TableContext {
            emission: self.emission,
            unit: self.unit.as_ref(),
            balance: Cents::ZERO,
            texts,
            for_sale: false,
        };
        self.table.ui(ui, &context, &mut Vec::new());
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
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Shown
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, now: f64) -> Option<Cents> {
        // The store credited the prize with the unit's last step; the
        // screen shows the balance as it was until the result shows.
        self.unit
            .as_ref()
            .filter(|unit| self.table.result_pending(unit, now))
            .map(|unit| unit.prize)
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        if let Some(unit) = self.unit.as_ref().filter(|_| self.replayed) {
            let strip = if self.recall {
                Strip::Recall
            } else {
                Strip::History
            };
            replay_strip(ui, context, unit, strip, commands);
        }
        let context = TableContext {
            emission: self.emission,
            unit: self.unit.as_ref(),
            balance: context.balance.unwrap_or_default(),
            texts: context.texts,
            for_sale: !self.replayed,
        };
        self.table.ui(ui, &context, commands);
    }
}

/// Whose replay a strip marks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Strip {
    /// The operator's recall of a unit.
    Recall,
    /// The player's own unit, from their history.
    History,
}

/// The strip above a replayed unit: "Rappel", which unit, and the way back
/// (to the operator's recall, or to the player's history and the unit's
/// check).
fn replay_strip(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    unit: &Unit,
    strip: Strip,
    commands: &mut Vec<Command>,
) {
    let key = match strip {
        Strip::Recall => "recall-strip",
        Strip::History => "replay-strip",
    };
    egui::Frame::NONE
        .fill(palette::NOTICE_BACKGROUND)
        .inner_margin(egui::Margin::symmetric(size::MARGIN as i8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            // Its buttons go under its words where the screen is narrow.
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(context.texts.with(
                        key,
                        &[
                            ("unit", unit.id.to_string()),
                            ("date", local_time(&unit.sold_at, context.time_zone)),
                        ],
                    ))
                    .strong(),
                );
                match strip {
                    Strip::Recall => {
                        if quiet_button(ui, &context.texts.get("recall-back")).clicked() {
                            commands
                                .push(Command::Operator(OperatorCommand::Tab(OperatorTab::Recall)));
                        }
                        if quiet_button(ui, &context.texts.get("recall-export")).clicked() {
                            commands
                                .push(Command::Operator(OperatorCommand::ExportRecall(unit.id)));
                        }
                    }
                    Strip::History => {
                        if quiet_button(ui, &context.texts.get("replay-back")).clicked() {
                            commands.push(Command::Go(Navigation::History));
                        }
                        if quiet_button(ui, &context.texts.get("history-check")).clicked() {
                            commands.push(Command::Go(Navigation::CheckUnit(unit.id)));
                        }
                    }
                }
            });
        });
}
