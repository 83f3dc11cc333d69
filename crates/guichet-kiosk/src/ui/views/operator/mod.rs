//! The operator menu, behind the PIN: credits, meters, blocks, charts, the
//! recall of the last units, the event log, the closings and the settings. Each tab shows
//! what the application read from the store when it was opened
//! ([`TabContent`]); nothing here computes an amount.

mod blocks;
mod charts;
mod closings;
mod credits;
mod events;
mod figures;
mod grid;
mod meters;
mod recall;
mod settings;

pub use charts::{ChartFacts, RtpCurve, TierFacts};

use egui::RichText;
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_integrity::Verdict;
use guichet_sale::{BlockStatus, Unit};
use guichet_sqlite::{
    BlockRecord, Closing, Event, MeterReset, Meters, PlayerSummary, StoreWarning,
};

use crate::command::{Command, OperatorCommand, OperatorTab};
use crate::settings::KioskSettings;
use crate::ui::notice;
use crate::ui::theme::{self, palette, size};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{choice_button, quiet_button, text_width};

/// What a tab shows, as read from the store when it opened.
pub enum TabContent {
    /// Cash in and out: the last cash movements, and the players (their
    /// balance, limits and break, to see, not change).
    Credits {
        /// The last cash movements.
        movements: Vec<Event>,
        /// Every player of the kiosk's file.
        players: Vec<PlayerSummary>,
    },
    /// The meters since installation and since the last reset.
    Meters {
        /// Since installation.
        installed: Meters,
        /// Since the last reset (the same as `installed` before any).
        since_reset: Meters,
        /// The last reset, if any.
        last_reset: Option<MeterReset>,
    },
    /// Each emission's block selling, the closed blocks, and the result of the
    /// verification if it was run.
    Blocks {
        /// Each emission and its block selling, if any.
        selling: Vec<(&'static Emission, Option<BlockStatus>)>,
        /// Every block that no longer sells (closed or void), newest first.
        past: Vec<BlockRecord>,
        /// The verification's findings (`Some(empty)`: all is well).
        verified: Option<Vec<String>>,
        /// Whether the database's keys are in a folder of the user's (a mode
        /// for trials and demonstrations), not systemd's credentials.
        trial_keys: bool,
    },
    /// The charts' data.
    Charts(ChartFacts),
    /// The last units, newest first, each with its player's card (in the
    /// kiosk's file).
    Recall(Vec<(Unit, Option<String>)>),
    /// The event log, newest first.
    Events(Vec<Event>),
    /// The closings, newest first, and the name of the folder an export
    /// goes to (none found: no USB stick).
    Closings {
        /// The closings.
        closings: Vec<Closing>,
        /// The export folder, if there is one.
        export_folder: Option<String>,
    },
    /// A tab whose facts a kiosk of a network does not hold: the players'
    /// money, the sales and the blocks are the network's (its operator's tool
    /// reads them).
    OnTheNetwork(OperatorTab),
    /// The settings, and whether the kiosk runs in kiosk mode (it may then be
    /// closed from here).
    Settings {
        /// The settings.
        settings: KioskSettings,
        /// Whether "Quitter" is offered.
        kiosk_mode: bool,
    },
}

impl TabContent {
    /// The tab this content belongs to.
    #[must_use]
    pub const fn tab(&self) -> OperatorTab {
        match self {
            Self::Credits { .. } => OperatorTab::Credits,
            Self::Meters { .. } => OperatorTab::Meters,
            Self::Blocks { .. } => OperatorTab::Blocks,
            Self::Charts(_) => OperatorTab::Charts,
            Self::Recall(_) => OperatorTab::Recall,
            Self::Events(_) => OperatorTab::Events,
            Self::Closings { .. } => OperatorTab::Closings,
            Self::Settings { .. } => OperatorTab::Settings,
            Self::OnTheNetwork(tab) => *tab,
        }
    }
}

/// The operator menu on one tab.
pub struct OperatorPage {
    content: TabContent,
    /// The verdict on the kiosk's own program, said under the title.
    software: Verdict,
    /// What the kiosk's file warned of when it opened, said under it.
    warnings: Vec<StoreWarning>,
    /// What the operator is typing on the credits or meters tab.
    draft: credits::Draft,
    /// The chart shown.
    chart: charts::Choice,
}

impl OperatorPage {
    /// The menu showing `content`, the kiosk's program being as `software`
    /// says and its file as `warnings` warn.
    #[must_use]
    pub fn new(content: TabContent, software: Verdict, warnings: Vec<StoreWarning>) -> Self {
        Self {
            content,
            software,
            warnings,
            draft: credits::Draft::default(),
            chart: charts::Choice::default(),
        }
    }

    /// The tab shown.
    #[must_use]
    pub const fn tab(&self) -> OperatorTab {
        self.content.tab()
    }

    /// Shows new content, keeping what is typed if the tab is the same.
    pub fn show(&mut self, content: TabContent) {
        if content.tab() != self.tab() {
            self.draft = credits::Draft::default();
        }
        self.content = content;
    }
}

impl View for OperatorPage {
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
        theme::page_frame().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(texts.get("operator-title"))
                        .text_style(egui::TextStyle::Heading)
                        .color(palette::INK),
                );
                if quiet_button(ui, &texts.get("operator-leave")).clicked() {
                    commands.push(Command::Operator(OperatorCommand::Leave));
                }
            });
            software_line(ui, context, &self.software);
            warnings_banner(ui, context, &self.warnings);
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = size::GAP / 2.0;
                // Tighter tabs where all eight would not fit one row (a
                // 1024-pixel-wide kiosk): they wrap only if even then.
                let words: f32 = OperatorTab::ALL
                    .iter()
                    .map(|tab| {
                        text_width(ui, &texts.get(tab.text_key()), egui::TextStyle::Button)
                            + 2.0 * ui.spacing().button_padding.x
                            + ui.spacing().item_spacing.x
                    })
                    .sum();
                if words > ui.available_width() {
                    ui.spacing_mut().button_padding.x = size::GAP / 2.0;
                }
                for tab in OperatorTab::ALL {
                    if choice_button(ui, &texts.get(tab.text_key()), tab == self.tab()).clicked() {
                        commands.push(Command::Operator(OperatorCommand::Tab(tab)));
                    }
                }
            });
            ui.separator();
            crate::ui::widgets::scroll_view(ui, ("operator", self.tab()), |ui| {
                match &self.content {
                    TabContent::Credits { movements, players } => {
                        credits::ui(ui, context, &mut self.draft, (movements, players), commands);
                    }
                    TabContent::Meters {
                        installed,
                        since_reset,
                        last_reset,
                    } => meters::ui(
                        ui,
                        context,
                        &mut self.draft,
                        (installed, since_reset, last_reset.as_ref()),
                        commands,
                    ),
                    TabContent::Blocks {
                        selling,
                        past,
                        verified,
                        trial_keys,
                    } => {
                        blocks::keys_notice(ui, context, *trial_keys);
                        blocks::ui(ui, context, selling, past, verified.as_deref(), commands);
                    }
                    TabContent::Charts(facts) => charts::ui(ui, context, &mut self.chart, facts),
                    TabContent::Recall(units) => recall::ui(ui, context, units, commands),
                    TabContent::OnTheNetwork(_) => {
                        ui.label(
                            RichText::new(texts.get("operator-on-the-network")).color(palette::INK),
                        );
                    }
                    TabContent::Events(events) => events::ui(ui, context, events),
                    TabContent::Closings {
                        closings,
                        export_folder,
                    } => closings::ui(ui, context, closings, export_folder.as_deref(), commands),
                    TabContent::Settings {
                        settings,
                        kiosk_mode,
                    } => settings::ui(ui, context, *settings, *kiosk_mode, commands),
                }
            });
        });
    }
}

/// What the kiosk's own check found: verified (its digest's start), or a
/// development build's warning. A refused program never reaches the menu.
fn software_line(ui: &mut egui::Ui, context: &PageContext<'_>, software: &Verdict) {
    let (text, color) = match software {
        Verdict::Verified { digest } => {
            let digest = digest.to_string();
            (
                context.texts.with(
                    "operator-software-verified",
                    &[("digest", format!("{}…", &digest[..16]))],
                ),
                palette::INK_SOFT,
            )
        }
        Verdict::Development | Verdict::Refused(_) => (
            context.texts.get("operator-software-development"),
            palette::PROBLEM,
        ),
    };
    ui.label(RichText::new(text).color(color));
}

/// What the kiosk's file warned of when it opened, one line each, on the
/// problem's colour: nothing when all is private and whole.
fn warnings_banner(ui: &mut egui::Ui, context: &PageContext<'_>, warnings: &[StoreWarning]) {
    if warnings.is_empty() {
        return;
    }
    egui::Frame::NONE
        .fill(palette::PROBLEM_BACKGROUND)
        .inner_margin(egui::Margin::symmetric(16, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            for warning in warnings {
                let text = notice::warning_words(context.texts, warning);
                ui.add(egui::Label::new(RichText::new(text).color(palette::PROBLEM)).wrap());
            }
        });
}
